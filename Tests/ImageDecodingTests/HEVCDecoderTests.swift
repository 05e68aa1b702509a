import XCTest

@testable import HEVCCodec
@testable import ImageDecoding

/// Our HEVC decoder on committed x265 streams, pinned to dec265's YUV (FNV-1a of the bytes as
/// `dec265 -o` writes them), so `make test` holds it bit-exact without the tools installed.
final class HEVCDecoderTests: XCTestCase {
    /// Made by bench/heic_check.py's make_yuv (seed 7) and x265 3.5 `--frames 1 -I 1 --fps 1
    /// --no-info` with: `--preset medium --qp 30`; `--preset medium --output-depth 10`;
    /// `--preset slow --input-csp i400`; `--preset slow --ctu 16 --wpp --tskip --cu-lossless
    /// --scaling-list default --signhide --aq-mode 3 --qg-size 8` (66×34: a conformance window).
    func testFixturesMatchDec265BitForBit() throws {
        let fixtures: [(String, Int, Int, Int, HEVCPicture.Chroma, UInt64)] = [
            ("i420-8bit-64x64.hevc", 64, 64, 8, .yuv420, 0xCF58_D640_6065_A725),
            ("i420-10bit-64x64.hevc", 64, 64, 10, .yuv420, 0x7C9F_80C0_AF1D_D973),
            ("i400-8bit-64x64.hevc", 64, 64, 8, .monochrome, 0x5CFB_1E8A_8695_C548),
            ("i420-tools-66x34.hevc", 66, 34, 8, .yuv420, 0x2251_8F7A_85E9_8E9F),
        ]
        for (name, width, height, depth, chroma, digest) in fixtures {
            let picture = try HEVCTestSupport.decode(HEVCTestSupport.fixture(name))
            XCTAssertEqual(picture.width, width, name)
            XCTAssertEqual(picture.height, height, name)
            XCTAssertEqual(picture.bitDepthLuma, depth, name)
            XCTAssertEqual(picture.chroma, chroma, name)
            XCTAssertEqual(picture.luma.count, width * height, name)
            XCTAssertEqual(picture.cb.count, chroma == .yuv420 ? ((width + 1) / 2) * ((height + 1) / 2) : 0, name)
            XCTAssertEqual(HEVCTestSupport.fnv1a(HEVCTestSupport.yuv(picture)), digest, name)
        }
    }

    /// A second picture after the first (here the same slice again) ends the decode: the first is returned.
    func testOnlyTheFirstPictureIsDecoded() throws {
        let (sets, data) = HEVCTestSupport.split(HEVCTestSupport.fixture("i420-8bit-64x64.hevc"))
        let once = try HEVCDecoder.decode(parameterSets: sets, data: data, lengthSize: 4)
        let twice = try HEVCDecoder.decode(parameterSets: sets, data: data + data, lengthSize: 4)
        XCTAssertEqual(once, twice)
    }

    /// x265 `--input-csp i422 --preset ultrafast`: refused by its chroma format, by name.
    func testA422StreamIsRefusedByName() {
        XCTAssertThrowsError(try HEVCTestSupport.decode(HEVCTestSupport.fixture("i422-8bit-64x64.hevc"))) {
            XCTAssertEqual(($0 as? DecodeError)?.message, "cannot decode HEVC 4:2:2 (range extensions)")
        }
    }

    func testMissingPiecesAreErrorsNamingThem() {
        let (sets, data) = HEVCTestSupport.split(HEVCTestSupport.fixture("i420-8bit-64x64.hevc"))
        XCTAssertThrowsError(try HEVCDecoder.decode(parameterSets: [], data: data, lengthSize: 4)) {
            XCTAssertEqual(($0 as? DecodeError)?.message, "corrupt: slice refers to a missing PPS 0")
        }
        XCTAssertThrowsError(try HEVCDecoder.decode(parameterSets: sets, data: [], lengthSize: 4)) {
            XCTAssertEqual(($0 as? DecodeError)?.message, "corrupt: no coded slice of layer 0")
        }
        XCTAssertThrowsError(try HEVCDecoder.decode(parameterSets: sets, data: data, lengthSize: 3))
        XCTAssertThrowsError(try HEVCDecoder.decode(parameterSets: sets, data: data, lengthSize: 4, layerID: 1))
        // A length past the end of the item.
        var long = data
        long[1] = 0x7F
        XCTAssertThrowsError(try HEVCDecoder.decode(parameterSets: sets, data: long, lengthSize: 4)) {
            XCTAssertEqual(($0 as? DecodeError)?.message, "truncated in a NAL unit")
        }
    }

    /// The slice cut short at every eighth byte: an error each time (the picture is incomplete),
    /// never a trap or a picture.
    func testATruncatedSliceIsAnError() {
        let (sets, data) = HEVCTestSupport.split(HEVCTestSupport.fixture("i420-tools-66x34.hevc"))
        for cut in stride(from: 8, to: data.count - 8, by: 8) {
            var part = Array(data[0..<cut])
            // Keep the length field honest so the cut lands inside the slice data.
            var at = 0
            while at + 4 <= part.count {
                let n = Int(part[at]) << 24 | Int(part[at + 1]) << 16 | Int(part[at + 2]) << 8 | Int(part[at + 3])
                if at + 4 + n > part.count {
                    let rest = part.count - at - 4
                    part[at] = 0
                    part[at + 1] = UInt8(rest >> 16 & 0xFF)
                    part[at + 2] = UInt8(rest >> 8 & 0xFF)
                    part[at + 3] = UInt8(rest & 0xFF)
                    break
                }
                at += 4 + n
            }
            XCTAssertThrowsError(
                try HEVCDecoder.decode(parameterSets: sets, data: part, lengthSize: 4), "cut at \(cut)")
        }
    }

    /// Bytes of every fixture flipped at random (a fixed seed): each decode ends in a picture of
    /// the stream's size or an error, never a trap.
    func testDamagedStreamsNeverTrap() {
        var seed: UInt64 = 0x1234_5678
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        for name in ["i420-8bit-64x64.hevc", "i420-10bit-64x64.hevc", "i400-8bit-64x64.hevc", "i420-tools-66x34.hevc"] {
            let (sets, data) = HEVCTestSupport.split(HEVCTestSupport.fixture(name))
            for _ in 0..<60 {
                var damaged = data, damagedSets = sets
                for _ in 0..<(1 + next() % 4) {
                    let i = 5 + next() % (damaged.count - 5)
                    damaged[i] ^= UInt8(1 << (next() % 8))
                }
                if next() % 3 == 0 {
                    let s = next() % damagedSets.count
                    let i = 2 + next() % (damagedSets[s].count - 2)
                    damagedSets[s][i] ^= UInt8(1 << (next() % 8))
                }
                if let picture = try? HEVCDecoder.decode(parameterSets: damagedSets, data: damaged, lengthSize: 4) {
                    XCTAssertEqual(picture.luma.count, picture.width * picture.height, name)
                }
            }
        }
    }
}
