import Foundation
import XCTest

@testable import ImageDecoding

/// The oracle: pictures made here, encoded by x265 under many switch sets, decoded by dec265
/// (libde265) and by our decoder in process; every plane must match byte for byte. Needs x265 and
/// libde265-examples: skipped (with a message) where they are absent, a failure under CI=true.
/// `make heic-check` runs the larger corpus.
final class HEVCOracleTests: XCTestCase {
    /// x265 switch sets, each on its own picture size (x265 wants even sides of at least a CTU).
    static let cases: [(options: [String], width: Int, height: Int, depth: Int)] = [
        (["--preset", "ultrafast", "--ctu", "16", "--no-sao", "--no-deblock"], 48, 32, 8),
        (["--preset", "ultrafast"], 64, 64, 8),
        (["--preset", "medium", "--ctu", "32"], 96, 66, 8),
        (["--preset", "veryslow"], 130, 66, 8),
        (["--preset", "slow", "--tu-intra-depth", "4", "--rdoq-level", "2"], 72, 64, 8),
        (["--preset", "medium", "--no-signhide", "--qp", "12"], 64, 64, 8),
        (["--preset", "medium", "--signhide", "--qp", "40"], 64, 72, 8),
        (["--preset", "slow", "--wpp", "--ctu", "16"], 66, 50, 8),
        (["--preset", "medium", "--scaling-list", "default"], 64, 64, 8),
        (["--preset", "slow", "--tskip", "--ctu", "16"], 34, 34, 8),
        (["--preset", "medium", "--cu-lossless"], 64, 64, 8),
        (["--preset", "medium", "--lossless"], 64, 64, 8),
        (
            ["--preset", "medium", "--aq-mode", "3", "--qg-size", "16", "--cbqpoffs", "3", "--crqpoffs", "-4"], 80, 64,
            8
        ),
        // x265 3.5 crashes on --slices with pictures of few CTU rows (64×192) and writes broken slices
        // when there are more slices than rows; 130×200 is safe.
        (["--preset", "medium", "--deblock", "-3:4"], 64, 64, 8),
        (["--preset", "medium", "--slices", "2"], 130, 200, 8),
        (["--preset", "medium", "--qp", "51"], 64, 64, 8),
        (["--preset", "medium", "--output-depth", "10"], 64, 64, 10),
        (["--preset", "slow", "--output-depth", "10", "--wpp", "--ctu", "32"], 66, 40, 10),
        (["--preset", "medium", "--input-csp", "i400"], 64, 64, 8),
        (["--preset", "medium", "--input-csp", "i400", "--output-depth", "10"], 64, 64, 10),
    ]

    func testX265StreamsDecodeBitExactLikeDec265() throws {
        guard let x265 = HEVCTestSupport.tool("x265"),
            let dec265 = HEVCTestSupport.tool("dec265", "libde265-dec265")
        else {
            let message = "x265 and dec265 are needed: apt-get install x265 libde265-examples (.ci/run does this)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { return XCTFail(message) }
            throw XCTSkip(message)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hevc-oracle-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var exact = 0
        for (n, c) in Self.cases.enumerated() {
            let mono = c.options.contains("i400")
            let input = dir.appendingPathComponent("\(n).yuv").path
            let stream = dir.appendingPathComponent("\(n).hevc").path
            let reference = dir.appendingPathComponent("\(n).ref.yuv").path
            try Data(Self.picture(width: c.width, height: c.height, depth: c.depth, mono: mono, seed: n)).write(
                to: URL(fileURLWithPath: input))
            let status = try HEVCTestSupport.run(
                x265,
                [
                    "--input", input, "--input-res", "\(c.width)x\(c.height)", "--input-depth", "\(c.depth)",
                    "--frames", "1", "-I", "1", "--fps", "1", "-o", stream,
                ] + c.options)
            XCTAssertEqual(status, 0, "x265 \(c.options)")
            try HEVCTestSupport.run(dec265, ["-q", stream, "-o", reference])
            guard let expected = FileManager.default.contents(atPath: reference),
                let coded = FileManager.default.contents(atPath: stream), !coded.isEmpty
            else {
                XCTFail("no stream or no reference for \(c.options)")
                continue
            }
            do {
                let ours = HEVCTestSupport.yuv(try HEVCTestSupport.decode([UInt8](coded)))
                if ours == [UInt8](expected) { exact += 1 } else { XCTFail("YUV differs from dec265: \(c.options)") }
            } catch {
                XCTFail("\(c.options): \(error.message)")
            }
        }
        XCTAssertEqual(exact, Self.cases.count, "streams bit-exact")
    }

    /// Gradients, rings, flat squares and noise in every plane, at `depth` bits, little-endian above 8.
    static func picture(width: Int, height: Int, depth: Int, mono: Bool, seed: Int) -> [UInt8] {
        var state = UInt64(seed) &+ 0x9E37_79B9
        func noise() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 40) / Double(1 << 24) - 0.5
        }
        let maxValue = Double((1 << depth) - 1)
        var samples = [Int]()
        for (plane, (w, h)) in [
            (width, height), ((width + 1) / 2, (height + 1) / 2), ((width + 1) / 2, (height + 1) / 2),
        ]
        .enumerated() where plane == 0 || !mono {
            for y in 0..<h {
                for x in 0..<w {
                    var v = 0.5 + 0.3 * sin(Double(x) * 0.15 * Double(plane + 1) + Double(y) * 0.07)
                    v += 0.2 * cos(Double((x - w / 3) * (x - w / 3) + (y - h / 2) * (y - h / 2)).squareRoot() * 0.2)
                    if (x / 8 + y / 8) % 5 == 0 { v = 0.9 }
                    v += noise() * 0.15
                    samples.append(Int(min(max(v, 0), 1) * maxValue))
                }
            }
        }
        return depth > 8 ? samples.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } : samples.map { UInt8($0) }
    }
}
