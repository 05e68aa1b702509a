import Foundation
import TestImages
import XCTest

@testable import ImageHeaders

/// Hostile input: every prefix, random mutations, random garbage, absurd sizes. The probe must
/// never trap, hang, or throw anything but ProbeError.
final class ProbeRobustnessTests: XCTestCase {
    typealias B = ImageBytes

    static var samples: [[UInt8]] {
        let thumb = B.jpeg(width: 16, height: 8)
        return [
            B.jpeg(width: 640, height: 480, exif: B.exif(orientation: 6, littleEndian: false, thumbnail: thumb)),
            B.jpeg(width: 64, height: 48, sofMarker: 0xC2, exif: B.exif(orientation: 3)),
            B.png(
                width: 9, height: 7, beforeIDAT: [B.acTL(frames: 4), B.pngChunk("eXIf", B.exif(orientation: 5))],
                idatCount: 3),
            B.png(width: 9, height: 7, afterIDAT: [B.pngChunk("eXIf", B.exif(orientation: 2, littleEndian: false))]),
            B.gif(width: 9, height: 7, frames: 3, localTables: true),
            B.webpLossy(width: 30, height: 20),
            B.webpLossless(width: 30, height: 20),
            B.webpExtended(width: 30, height: 20, frames: 3, exif: B.exif(orientation: 7)),
            B.bmp(width: 5, height: -5),
            B.tiff(
                littleEndian: true,
                ifds: [
                    [B.Entry(0x0100, 3, 5), B.Entry(0x0101, 3, 6), B.Entry(0x0112, 3, 6)],
                    [B.Entry(0x0100, 3, 5), B.Entry(0x0101, 3, 6)],
                ]),
            B.heif(primary: [B.ispe(100, 80), B.clap(width: 90, height: 70), B.irot(1), B.imir(0)]),
            B.heif(major: "avif", compatible: ["avif"], primary: [B.ispe(100, 80)], wide: true),
            B.jpeg(
                width: 64, height: 48, before: [B.xmp("<x hdrgm:Version=\"1\"/>"), B.mpf([0x2003_0000, 0x010001, 0])]),
            B.heif(
                major: "avis", compatible: ["avis"], primary: [B.ispe(40, 24)],
                moov: B.moov([B.track(samples: 2, auxiliary: true), B.track(samples: 3)])),
        ]
    }

    func testSamplesAreValid() throws {
        for s in Self.samples { _ = try probe(s) }
    }

    func testEveryPrefixOfEverySample() {
        for s in Self.samples {
            for n in 0...s.count { probeSafely(MemoryByteSource(Array(s.prefix(n)))) }
        }
    }

    func testRandomMutations() {
        var rng = SplitMix64(seed: 0x1234_5678)
        for s in Self.samples {
            for _ in 0..<600 {
                var m = s
                for _ in 0..<(1 + rng.below(6)) {
                    let i = rng.below(m.count)
                    switch rng.below(4) {
                    case 0: m[i] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: m[i] = 0xFF
                    case 2: m[i] ^= 0x80
                    default: m[i] = 0
                    }
                }
                if rng.below(4) == 0 { m = Array(m.prefix(rng.below(m.count + 1))) }
                probeSafely(MemoryByteSource(m))
            }
        }
    }

    func testRandomGarbage() {
        var rng = SplitMix64(seed: 42)
        let magics: [[UInt8]] = [
            [], [0xFF, 0xD8, 0xFF], B.pngSignature, B.ascii("GIF89a"), B.ascii("RIFF\0\0\0\0WEBP"),
            B.ascii("BM"), [0x49, 0x49, 0x2A, 0], [0x4D, 0x4D, 0, 0x2A], [0x49, 0x49, 0x2B, 0],
            [0, 0, 0, 24] + B.ascii("ftypheic"),
        ]
        for i in 0..<4000 {
            let bytes = magics[i % magics.count] + rng.bytes(rng.below(400))
            probeSafely(MemoryByteSource(bytes))
        }
    }

    func testAbsurdSizesInHugeSparseFiles() {
        let size = 1 << 40  // 1 TiB claimed, nothing allocated
        let heads: [[UInt8]] = [
            [0xFF, 0xD8] + B.segment(0xE1, []).prefix(2) + [0xFF, 0xFF],  // APP1 of 65535 bytes, over and over (zeros)
            B.pngSignature + B.pngChunk("IHDR", B.be32(1) + B.be32(1) + [8, 2, 0, 0, 0]) + B.be32(0x7FFF_FFFF)
                + B.ascii("IDAT"),
            B.pngSignature + B.pngChunk("IHDR", B.be32(1) + B.be32(1) + [8, 2, 0, 0, 0]) + B.be32(0x7FFF_FFFF)
                + B.ascii("eXIf"),
            B.ascii("GIF89a") + B.le16(1) + B.le16(1) + [0xF7, 0, 0],
            B.ascii("RIFF") + B.le32(-1) + B.ascii("WEBP") + B.webpChunk("VP8X", [2, 0, 0, 0, 0, 0, 0, 0, 0, 0])
                + B.ascii("ANMF") + B.le32(-2),
            B.ascii("RIFF") + B.le32(-1) + B.ascii("WEBP") + B.webpChunk("VP8X", [8, 0, 0, 0, 0, 0, 0, 0, 0, 0])
                + B.ascii("EXIF") + B.le32(-2),
            [0x49, 0x49, 0x2B, 0x00] + B.le16(8) + B.le16(0) + [0xF0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F],
            [0x4D, 0x4D, 0x00, 0x2A] + B.be32(8) + B.be16(0xFFFF),
            [0, 0, 0, 1] + B.ascii("ftypheic") + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            [0, 0, 0, 16] + B.ascii("ftypheic") + B.be32(0) + [0, 0, 0, 1] + B.ascii("meta") + [
                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
            ],
            [0, 0, 0, 16] + B.ascii("ftypheic") + B.be32(0) + [0, 0, 0, 0] + B.ascii("meta") + B.be32(0),
        ]
        for head in heads {
            let source = CountingSource(SparseSource(size: size, pieces: [(0, head)]))
            let start = Date()
            probeSafely(source)
            XCTAssertLessThan(source.bytesRead, 8 << 20, "\(head.prefix(8))")
            XCTAssertLessThan(Date().timeIntervalSince(start), 5, "\(head.prefix(8))")
        }
    }

    func testEndlessHeadersStopAtTheByteBudget() {
        // 128 MB of comment segments and no frame header: give up after the budget, not the file.
        let comment = B.segment(0xFE, B.zeros(65_533))
        let jpeg = CountingSource(RepeatingSource(head: [0xFF, 0xD8], unit: comment, count: 2000))
        XCTAssertThrowsError(try ImageProbe.probe(jpeg)) { error in
            XCTAssertEqual((error as? ProbeError)?.description, "corrupt JPEG header (headers run past 1 MiB)")
        }
        XCTAssertLessThanOrEqual(jpeg.bytesRead, ImageProbe.sniffLength + ByteReader.defaultBudget)
        // Thousands of top-level boxes before the meta box of a HEIF file.
        let ftyp = B.box("ftyp", B.ascii("heic") + B.be32(0) + B.ascii("mif1heic"))
        let heif = CountingSource(RepeatingSource(head: ftyp, unit: B.box("free", B.zeros(3000)), count: 5000))
        XCTAssertThrowsError(try ImageProbe.probe(heif)) { XCTAssertTrue($0 is ProbeError) }
        XCTAssertLessThanOrEqual(heif.bytesRead, ImageProbe.sniffLength + ByteReader.defaultBudget)
    }

    func testJPEGOfZerosInHugeFileStopsAtMarkerCap() {
        // Segments of zeros are not markers: the junk limit ends the scan quickly.
        let source = CountingSource(SparseSource(size: 1 << 40, pieces: [(0, [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])]))
        XCTAssertEqual((try? ImageProbe.probe(source)) == nil, true)
        XCTAssertLessThan(source.bytesRead, 1_100_000)
    }
}
