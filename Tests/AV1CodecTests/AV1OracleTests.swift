import Foundation
import ImageCore
import XCTest

@testable import AV1Codec

/// The short form of `make avif-check`: small stills made at test time by aomenc with every loop
/// filter off (or deblocking alone), one intra tool at a time, decoded by dav1d (--filmgrain 0)
/// and by AV1Decoder, and the planes compared byte for byte.
final class AV1OracleTests: XCTestCase {
    static let filtersOff = ["--loopfilter-control=0", "--enable-cdef=0", "--enable-restoration=0"]
    static let deblockingOnly = ["--enable-cdef=0", "--enable-restoration=0"]
    static let cdefOn = ["--enable-cdef=1", "--enable-restoration=0"]
    static let everyFilter = ["--enable-cdef=1", "--enable-restoration=1"]

    /// (what, width, height, 4:4:4 input, aomenc switches).
    static let cases: [(String, Int, Int, Bool, [String])] = [
        ("64x64 q30", 64, 64, false, ["--cq-level=30"]),
        ("17x33 q10 sb128", 17, 33, false, ["--cq-level=10", "--sb-size=128"]),
        ("72x40 q50", 72, 40, false, ["--cq-level=50"]),
        ("48x40 lossless", 48, 40, false, ["--lossless=1"]),
        ("64x48 screen content", 64, 48, false, ["--cq-level=30", "--tune-content=screen"]),
        ("40x40 quantizer matrices", 40, 40, false, ["--cq-level=30", "--enable-qm=1"]),
        ("48x48 delta-q", 48, 48, false, ["--cq-level=30", "--deltaq-mode=3"]),
        ("32x32 monochrome", 32, 32, false, ["--cq-level=30", "--monochrome"]),
        ("40x24 10-bit", 40, 24, false, ["--cq-level=30", "--bit-depth=10"]),
        ("24x24 4:4:4", 24, 24, true, ["--cq-level=30", "--profile=1"]),
        ("deblocked 72x40 q40", 72, 40, false, ["--cq-level=40"] + deblockingOnly),
        ("deblocked 40x40 10-bit", 40, 40, false, ["--cq-level=40", "--bit-depth=10"] + deblockingOnly),
        ("deblocked 32x24 4:4:4", 32, 24, true, ["--cq-level=50", "--profile=1"] + deblockingOnly),
        ("deblocked 48x48 delta-lf", 48, 48, false, ["--deltaq-mode=3", "--delta-lf-mode=1"] + deblockingOnly),
        ("CDEF 72x40 q40", 72, 40, false, ["--cq-level=40"] + cdefOn),
        ("CDEF 40x40 10-bit", 40, 40, false, ["--cq-level=50", "--bit-depth=10"] + cdefOn),
        ("CDEF 32x24 4:4:4", 32, 24, true, ["--cq-level=50", "--profile=1"] + cdefOn),
        ("CDEF 24x24 monochrome", 24, 24, false, ["--cq-level=50", "--monochrome"] + cdefOn),
        ("restoration 64x64 q40", 64, 64, false, ["--cq-level=40", "--cpu-used=4"] + everyFilter),
        ("restoration 72x72 10-bit", 72, 72, false, ["--cq-level=40", "--bit-depth=10"] + everyFilter),
        ("restoration 64x40 4:4:4", 64, 40, true, ["--cq-level=40", "--profile=1"] + everyFilter),
        ("restoration 64x64 12-bit", 64, 64, false, ["--cq-level=40", "--profile=2", "--bit-depth=12"] + everyFilter),
    ]

    /// Screen content with intra block copy on (aomenc turns every loop filter off for it):
    /// each stream must copy some blocks, and decode like dav1d. A copy must come from 256
    /// samples back along the superblock row (or from rows above): the pictures are that wide.
    static let intraBCCases: [(String, Int, Int, Bool, [String])] = [
        ("intra block copy 200x120 q30", 200, 120, false, ["--cq-level=30"] + screenCopy),
        ("intra block copy 320x240 q10 sb128", 320, 240, false, ["--cq-level=10", "--sb-size=128"] + screenCopy),
        ("intra block copy 200x120 lossless", 200, 120, false, ["--lossless=1"] + screenCopy),
        ("intra block copy 200x120 4:4:4", 200, 120, true, ["--cq-level=30", "--profile=1"] + screenCopy),
        ("intra block copy 200x120 monochrome", 200, 120, false, ["--cq-level=30", "--monochrome"] + screenCopy),
        ("intra block copy 200x120 10-bit", 200, 120, false, ["--cq-level=30", "--bit-depth=10"] + screenCopy),
    ]
    static let screenCopy = ["--tune-content=screen", "--enable-intrabc=1"]

    func testAomencStillsDecodeBitExactLikeDav1d() throws {
        try checkAgainstDav1d(Self.cases, copies: false)
    }

    func testIntraBlockCopyStillsDecodeBitExactLikeDav1d() throws {
        try checkAgainstDav1d(Self.intraBCCases, copies: true)
    }

    /// Encodes each case with aomenc, decodes it with dav1d and AV1Decoder, compares the planes;
    /// with `copies`, each stream must also hold intra block copy blocks.
    private func checkAgainstDav1d(_ cases: [(String, Int, Int, Bool, [String])], copies: Bool) throws {
        guard let aomenc = Self.tool("aomenc"), let dav1d = Self.tool("dav1d") else {
            let message = "aomenc and dav1d are needed: apt-get install aom-tools dav1d (.ci/run does this)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { return XCTFail(message) }
            throw XCTSkip(message)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("av1-oracle-\(getpid())-\(copies)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (n, c) in cases.enumerated() {
            let (what, width, height, full, switches) = c
            let input = dir.appendingPathComponent("\(n).y4m").path
            let stream = dir.appendingPathComponent("\(n).obu").path
            let reference = dir.appendingPathComponent("\(n).yuv").path
            let picture =
                copies
                ? Self.glyphs(width: width, height: height, full: full)
                : Self.picture(width: width, height: height, full: full, seed: n)
            try Data(picture).write(
                to: URL(fileURLWithPath: input))
            let encoded = try Self.run(
                aomenc,
                ["--allintra", "--limit=1", "--obu", "--cpu-used=6", "--end-usage=q", "-o", stream, input]
                    + switches + (switches.contains { $0.hasPrefix("--enable-cdef=") } ? [] : Self.filtersOff))
            XCTAssertEqual(encoded, 0, "aomenc: \(what)")
            let decoded = try Self.run(
                dav1d, ["-q", "--filmgrain", "0", "--demuxer", "section5", "-i", stream, "-o", reference])
            XCTAssertEqual(decoded, 0, "dav1d: \(what)")
            guard encoded == 0, decoded == 0 else { continue }
            let expected = [UInt8](try Data(contentsOf: URL(fileURLWithPath: reference)))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stream)))
            do {
                let planes = try AV1Decoder.decodePlanes(bytes)
                XCTAssertTrue(Self.yuv(planes) == expected, "\(what): planes differ from dav1d's")
                if copies {
                    let kinds = try AV1TileGroups.read(try AV1Stream(bytes)).grid.kinds
                    XCTAssertTrue(kinds.contains(2), "\(what): no block copied")
                }
            } catch {
                XCTFail("\(what): \(error)")
            }
        }
    }

    /// Every byte of a filters-off stream with coefficients changed three ways decodes to
    /// something or throws: never a trap, through prediction and reconstruction too.
    func testChangedStreamsReconstructOrThrowNeverTrap() throws {
        let sample = AV1Samples.aom17x33
        let planes = try AV1Decoder.decodePlanes(sample)
        XCTAssertEqual(Self.fnv1a(Self.yuv(planes)), 0x5240_c46d_def0_a12e)
        for i in 12..<sample.count {
            for value: UInt8 in [0, 0xFF, sample[i] ^ 0x21] {
                var changed = sample
                changed[i] = value
                _ = try? AV1Decoder.decodePlanes(changed)
            }
        }
        for n in stride(from: 12, to: sample.count, by: 7) { _ = try? AV1Decoder.decodePlanes(Array(sample[0..<n])) }
    }

    /// The same through the deblocking filter, CDEF and loop restoration: the samples decode to
    /// dav1d's planes, and every changed byte (every third of the restored one's) decodes to
    /// something or throws.
    func testChangedFilteredStreamsNeverTrap() throws {
        let sample = AV1Samples.aom17x33Deblocked
        XCTAssertEqual(Self.fnv1a(Self.yuv(try AV1Decoder.decodePlanes(sample))), 0x4816_8d4e_86e4_cd31)
        let cdef = AV1Samples.pillowCdef33x17
        XCTAssertEqual(Self.fnv1a(Self.yuv(try AV1Decoder.decodePlanes(cdef))), 0xa6f6_327c_6706_8833)
        for i in 12..<cdef.count {
            for value: UInt8 in [0, 0xFF, cdef[i] ^ 0x21] {
                var changed = cdef
                changed[i] = value
                _ = try? AV1Decoder.decodePlanes(changed)
            }
        }
        for i in 12..<sample.count {
            for value: UInt8 in [0, 0xFF, sample[i] ^ 0x21] {
                var changed = sample
                changed[i] = value
                _ = try? AV1Decoder.decodePlanes(changed)
            }
        }
        let restored = AV1Samples.aomRestoration64
        XCTAssertEqual(Self.fnv1a(Self.yuv(try AV1Decoder.decodePlanes(restored))), 0x73bf_0bf9_3f7c_6f33)
        for i in stride(from: 12, to: restored.count, by: 3) {
            for value: UInt8 in [0xFF, restored[i] ^ 0x21] {
                var changed = restored
                changed[i] = value
                _ = try? AV1Decoder.decodePlanes(changed)
            }
        }
    }

    /// The planes as dav1d -o writes .yuv: bytes at 8 bits, 16-bit little-endian above.
    static func yuv(_ decoded: AV1Decoder.Planes) -> [UInt8] {
        var out = [UInt8]()
        for plane in decoded.planes {
            if decoded.bitDepth > 8 {
                for v in plane { out += [UInt8(v & 0xFF), UInt8(v >> 8)] }
            } else {
                out += plane.map { UInt8(truncatingIfNeeded: $0) }
            }
        }
        return out
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// An 8-bit y4m of gradients, rings, flat squares (palette material) and a little noise.
    static func picture(width: Int, height: Int, full: Bool, seed: Int) -> [UInt8] {
        var state = UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15
        func noise() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 40) / Double(1 << 24) - 0.5
        }
        func plane(_ w: Int, _ h: Int, _ k: Double) -> [UInt8] {
            var out = [UInt8]()
            for y in 0..<h {
                for x in 0..<w {
                    var v = 0.5 + 0.3 * sin(Double(x) * 0.15 * k + Double(y) * 0.07)
                    v += 0.2 * cos(hypot(Double(x - w / 3), Double(y - h / 2)) * 0.2)
                    if (x / 8 + y / 8) % 5 == 0 { v = 0.9 }
                    v += 0.1 * noise()
                    out.append(UInt8(min(max(v * 255, 0), 255)))
                }
            }
            return out
        }
        let cw = full ? width : (width + 1) / 2
        let ch = full ? height : (height + 1) / 2
        let header = "YUV4MPEG2 W\(width) H\(height) F1:1 Ip A1:1 C\(full ? "444" : "420jpeg")\nFRAME\n"
        return Array(header.utf8) + plane(width, height, 1) + plane(cw, ch, 2) + plane(cw, ch, 3)
    }

    /// An 8-bit y4m of screen content: four glyphs in 12×12 cells, repeated in a pattern, which
    /// aomenc codes by copying blocks.
    static func glyphs(width: Int, height: Int, full: Bool) -> [UInt8] {
        func plane(_ w: Int, _ h: Int, _ k: Int, _ scale: Int) -> [UInt8] {
            var out = [UInt8]()
            for y in 0..<h {
                for x in 0..<w {
                    let (u, v) = ((x * scale) % 12, (y * scale) % 12)
                    let on: Bool
                    switch ((x * scale) / 12 * 5 + (y * scale) / 12 * 3) % 4 {
                    case 0: on = u >= 3 && u <= 5
                    case 1: on = v >= 4 && v <= 6
                    case 2: on = u == 1 || u == 10 || v == 1 || v == 10
                    default: on = u == v || u == v + 1
                    }
                    out.append(on ? UInt8(230 - 40 * k) : UInt8(20 + 30 * k))
                }
            }
            return out
        }
        let cw = full ? width : (width + 1) / 2
        let ch = full ? height : (height + 1) / 2
        let header = "YUV4MPEG2 W\(width) H\(height) F1:1 Ip A1:1 C\(full ? "444" : "420jpeg")\nFRAME\n"
        let scale = full ? 1 : 2
        return Array(header.utf8) + plane(width, height, 0, 1) + plane(cw, ch, 1, scale) + plane(cw, ch, 2, scale)
    }

    static func tool(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
        return nil
    }

    static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
