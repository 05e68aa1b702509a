import Foundation
import XCTest

/// The type comes from the content; a name that says otherwise is accepted and pointed out.
final class MisnamedFileTests: ImgselTestCase {
    func testInfoAcceptsAMisnamedFileWithItsTrueTypeAndSaysSo() {
        _ = write(Fixtures.gif(width: 5, height: 7), to: "clip.png")
        png("plain.png")
        let r = run(["info", "clip.png", "plain.png"])
        assertSuccess(r)
        XCTAssertEqual(r.stdoutLines.count, 2, r.transcript)
        XCTAssertTrue(r.stdoutLines.first?.hasPrefix("clip.png: gif 5×7,") ?? false, r.transcript)
        XCTAssertTrue(r.stdoutLines.first?.hasSuffix("; named .png but the content is GIF") ?? false, r.transcript)
        XCTAssertFalse(r.stdoutLines.last?.contains("named") ?? true, r.transcript)
    }

    func testInfoJSONCarriesTheWarningOnlyWhereTheNameDisagrees() {
        _ = write(Fixtures.png(width: 4, height: 3), to: "photo.JPG")
        png("a.png")
        _ = write(Fixtures.png(width: 4, height: 3, seed: 9), to: "no-extension")
        let r = run(["--json", "info", "photo.JPG", "a.png", "no-extension"])
        assertSuccess(r)
        let array = parseJSON(r.stdout) as? [[String: Any]] ?? []
        XCTAssertEqual(array.count, 3, r.transcript)
        guard array.count == 3 else { return }
        XCTAssertEqual(array[0]["type"] as? String, "png")
        XCTAssertEqual(array[0]["warning"] as? String, "named .JPG but the content is PNG")
        XCTAssertNil(array[1]["warning"])
        XCTAssertNil(array[2]["warning"])
    }

    func testCheckPointsOutAMisnamedEntryWithoutFailing() {
        _ = write(Fixtures.gif(width: 5, height: 7), to: "anim.webp")
        png("a.png")
        assertSuccess(run(["add", "a.png", "anim.webp"]))
        XCTAssertEqual(items().last?["type"] as? String, "gif")
        let before = selectionData()
        let r = run(["check"])
        assertSuccess(r)
        XCTAssertEqual(
            r.stdoutLines, ["entry 2 (anim.webp): named .webp but the content is GIF", "ok: 2 entries checked"])
        assertUnchanged(before)

        let j = run(["--json", "check"])
        assertSuccess(j)
        let object = parseJSON(j.stdout) as? [String: Any] ?? [:]
        XCTAssertEqual(object["ok"] as? Bool, true, j.transcript)
        let warnings = object["warnings"] as? [[String: Any]] ?? []
        XCTAssertEqual(warnings.count, 1, j.transcript)
        XCTAssertEqual(warnings.first?["index"] as? Int, 2)
        XCTAssertEqual(warnings.first?["path"] as? String, "anim.webp")
        XCTAssertEqual(warnings.first?["warning"] as? String, "named .webp but the content is GIF")
        XCTAssertEqual(j.stderr, "", j.transcript)
    }
}
