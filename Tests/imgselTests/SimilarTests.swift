import Foundation
import TestImages
import XCTest

/// `imgsel similar`: groups of alike pictures among files (the sharpest first) and among the
/// entries (in index order), `--json`, `--distance`, and the exit statuses 0, 1, 2 and 3.
final class SimilarTests: ImgselTestCase {
    /// A painted stand-in for a photo (TestImages' muted landscape) at `width`×`height`, stored
    /// with `orientation` (its pixels as given: orientation 6 shows it turned).
    private func landscape(_ name: String, _ width: Int, _ height: Int, orientation: Int? = nil, shift: Int = 0) {
        _ = write(
            Data(
                ImageBytes.paintedPNG(width: width, height: height, orientation: orientation) { x, y in
                    ImageBytes.mutedPhotoPixel(
                        x: x * 320 / width + shift, y: y * 240 / height, width: 320, height: 240)
                }), to: name)
    }

    /// Another scene: a dusk harbour, a bright disc, a row of masts.
    private func harbour(_ name: String) {
        _ = write(
            Data(
                ImageBytes.paintedPNG(width: 240, height: 180) { x, y in
                    let fx = Double(x) / 240, fy = Double(y) / 180
                    var c = fy < 0.55 ? (70 + 120 * fy, 60 + 40 * fy, 110 - 30 * fy) : (20 + 10 * fx, 40, 70 + 20 * fy)
                    if (fx - 0.25) * (fx - 0.25) + (fy - 0.45) * (fy - 0.45) < 0.01 { c = (250, 210, 150) }
                    if fy > 0.2, fy < 0.6, Int(fx * 40) % 7 == 3 { c = (30, 25, 20) }
                    return (UInt8(c.0), UInt8(c.1), UInt8(c.2), 255)
                }), to: name)
    }

    func testFilesAreGroupedWithTheSharpestFirstAndExitOne() {
        landscape("small.png", 80, 60)
        harbour("harbour.png")
        landscape("big.png", 320, 240)
        landscape("turned.png", 240, 320, orientation: 6)
        let result = run(["similar", "small.png", "harbour.png", "big.png", "turned.png"])
        assertExit(result, 1)
        XCTAssertEqual(result.stdoutLines.count, 1, result.transcript)
        let line = result.stdoutLines.first ?? ""
        XCTAssertTrue(line.hasPrefix("small.png, "), result.transcript)
        XCTAssertTrue(line.contains("big.png (distance "), result.transcript)
        XCTAssertTrue(line.contains("turned.png (distance "), result.transcript)
        XCTAssertFalse(line.contains("harbour"), result.transcript)
        XCTAssertEqual(result.stderr, "imgsel: 1 group of alike images\n")
    }

    func testJSONGivesEachMembersPathDistanceAndSharpness() throws {
        landscape("a.png", 320, 240)
        landscape("b.png", 160, 120)
        harbour("c.png")
        let result = run(["--json", "similar", "a.png", "b.png", "c.png"])
        assertExit(result, 1)
        let groups = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdoutData) as? [[[String: Any]]])
        XCTAssertEqual(groups.count, 1)
        XCTAssertEqual(Set(groups[0].compactMap { $0["path"] as? String }), ["a.png", "b.png"])
        XCTAssertEqual(groups[0][0]["distance"] as? Int, 0)
        XCTAssertNotNil(groups[0][1]["sharpness"] as? Double)
        XCTAssertTrue(result.stderr.contains("\"code\":\"alike-found\""), result.transcript)
    }

    func testNothingAlikeIsExitZeroAndNoOutput() {
        landscape("a.png", 320, 240)
        harbour("c.png")
        let result = run(["similar", "a.png", "c.png"])
        assertExit(result, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(run(["--json", "similar", "a.png", "c.png"]).stdout, "[]\n")
    }

    func testTheDistanceDecidesAndABadOneIsAUsageError() throws {
        landscape("a.png", 320, 240)
        landscape("b.png", 320, 240, shift: 12)
        let measured = run(["--json", "similar", "a.png", "b.png"])
        let groups = try XCTUnwrap(JSONSerialization.jsonObject(with: measured.stdoutData) as? [[[String: Any]]])
        let distance = try XCTUnwrap(groups.first?.last?["distance"] as? Int)
        XCTAssertGreaterThan(distance, 0)
        assertExit(run(["similar", "a.png", "b.png", "--distance", String(distance)]), 1)
        assertExit(run(["similar", "a.png", "b.png", "--distance", String(distance - 1)]), 0)
        let bad = run(["similar", "a.png", "--distance", "x"])
        assertExit(bad, 2)
        XCTAssertTrue(
            bad.stderr.contains("similar: --distance must be a number from 0 to 100, not 'x'"), bad.transcript)
    }

    func testAnUndecodableFileIsExitThreeNamingIt() {
        landscape("a.png", 320, 240)
        var png = ImageBytes.mutedPhotoPNG(width: 64, height: 48)
        png.removeLast(200)
        _ = write(Data(png), to: "cut.png")
        let result = run(["similar", "a.png", "cut.png"])
        assertExit(result, 3)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("cut.png"), result.transcript)
        assertExit(run(["similar", "a.png", "missing.png"]), 3)
    }

    func testTheEntriesAreGroupedInIndexOrderAndTheFileIsUnchanged() throws {
        landscape("a.png", 320, 240)
        harbour("h.png")
        landscape("b.png", 160, 120)
        let added = run(["add", "a.png", "h.png", "b.png"])
        assertExit(added, 0)
        XCTAssertEqual(added.stderrLines, ["imgsel: warning: b.png: looks like entry 1 (a.png), distance 0"])
        let before = try Data(contentsOf: selectionURL)
        let result = run(["similar"])
        assertExit(result, 1)
        XCTAssertEqual(result.stdoutLines.count, 1, result.transcript)
        XCTAssertTrue(result.stdoutLines.first?.hasPrefix("1 a.png, 3 b.png (distance ") ?? false, result.transcript)
        let json = run(["--json", "similar"])
        let groups = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdoutData) as? [[[String: Any]]])
        XCTAssertEqual(groups.map { $0.compactMap { $0["index"] as? Int } }, [[1, 3]])
        assertUnchanged(before)
        assertSuccess(run(["delete", "3"]))
        assertExit(run(["similar"]), 0)
    }

    func testWithoutASelectionFileItSaysSo() {
        let result = run(["similar"])
        assertExit(result, 4)
        XCTAssertTrue(result.stderr.contains("no selection file at"), result.transcript)
    }
}
