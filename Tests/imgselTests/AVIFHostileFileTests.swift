import Foundation
import XCTest

/// Cut and changed AVIF files through `thumbnail` (issue 41, hostile input): every one exits 0 or
/// 3, never by a signal, and within a few seconds. The files are the AVIF fuzzer's seeds
/// (Fuzz/seeds-avif: alpha, grids, 10 bits, 4:2:2, monochrome, irot/imir, clap), cut at points
/// from 10 % to 99 % and changed a byte at a time at points spread over the file (its boxes, then
/// the AV1 headers and tiles in mdat). Each is run as a process of its own, so that a trap is seen
/// as the signal it is.
final class AVIFHostileFileTests: ImgselTestCase {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/seeds-avif")
    static let files = [
        "alpha-32x32.avif", "grid-alpha-2x1-128x64.avif", "12bit-422-24x24.avif", "mono-32x32.avif",
        "irot-imir-32x16.avif", "clap-32x32.avif",
    ]
    static let fractions = [0.1, 0.25, 0.5, 0.75, 0.9, 0.99]
    /// A damaged file takes no longer than this (each is at most 128×64).
    static let seconds = 5.0

    /// Runs `thumbnail` on `name` in a process of its own; its exit status and how long it took.
    private func thumbnail(_ name: String) -> (status: Int32, seconds: Double, transcript: String) {
        let start = Date()
        let result = run(["thumbnail", name, "-", "--size", "64"], timeout: 20)
        return (result.status, Date().timeIntervalSince(start), result.transcript)
    }

    func testCutAndChangedAVIFFilesExitZeroOrThreeQuickly() throws {
        var refused = 0, runs = 0
        for file in Self.files {
            let whole = try Data(contentsOf: Self.seeds.appendingPathComponent(file))
            _ = write(whole, to: file)
            XCTAssertEqual(thumbnail(file).status, 0, "\(file) whole")
            var damaged: [(String, Data)] = Self.fractions.map { fraction in
                let cut = Int(Double(whole.count) * fraction)
                return ("cut-\(cut)-\(file)", whole.prefix(cut))
            }
            for i in stride(from: 7, to: whole.count, by: max(1, whole.count / 12)) {
                for value: UInt8 in [0xFF, whole[i] ^ 0x10] {
                    var changed = whole
                    changed[i] = value
                    damaged.append(("changed-\(i)-\(value)-\(file)", changed))
                }
            }
            for (name, bytes) in damaged {
                _ = write(bytes, to: name)
                let outcome = thumbnail(name)
                runs += 1
                if outcome.status == 3 { refused += 1 }
                XCTAssertTrue(
                    [0, 3].contains(outcome.status), "\(name): exit \(outcome.status)\n\(outcome.transcript)")
                XCTAssertLessThan(outcome.seconds, Self.seconds, name)
            }
        }
        XCTAssertGreaterThan(refused, runs / 4, "most cuts and many changes are refused")
    }
}
