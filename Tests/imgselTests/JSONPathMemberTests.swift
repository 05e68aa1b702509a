import Foundation
import XCTest

/// One meaning per JSON member in every command: `path` is the path as the selection
/// file stores it, `display_path` the same file as a path that works from the current
/// folder, `file` the selection file itself. The selection lives in `sel/` and imgsel
/// runs one folder up, so the two paths differ.
final class JSONPathMemberTests: ImgselTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        png("sel/pics/a.png"); png("sel/pics/b.png")
        assertSuccess(run(["-f", "sel/s.json", "add", "sel/pics/a.png", "sel/pics/b.png"]))
    }

    private func json(
        _ args: [String], exit: Int32 = 0, file: StaticString = #filePath, line: UInt = #line
    ) -> [String: Any] {
        let r = run(["--json", "-f", "sel/s.json"] + args)
        assertExit(r, exit, file: file, line: line)
        return parseJSON(r.stdout, file: file, line: line) as? [String: Any] ?? [:]
    }

    /// Each object names its image (`a` or `b`) by both members: as stored, and as usable from here.
    private func assertNamed(
        _ objects: [[String: Any]], _ names: [String], _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(objects.count, names.count, what, file: file, line: line)
        for (object, name) in zip(objects, names) {
            XCTAssertEqual(object["path"] as? String, "pics/\(name).png", "\(what): path", file: file, line: line)
            XCTAssertEqual(
                object["display_path"] as? String, "sel/pics/\(name).png", "\(what): display_path",
                file: file, line: line)
        }
    }

    func testEveryCommandUsesPathAndDisplayPathAlike() throws {
        assertNamed(json(["list"])["items"] as? [[String: Any]] ?? [], ["a", "b"], "list")
        assertNamed([json(["view", "2"])["entry"] as? [String: Any] ?? [:]], ["b"], "view")
        assertNamed([json(["move", "2", "1"])["entry"] as? [String: Any] ?? [:]], ["b"], "move")
        assertNamed(json(["check"])["problems"] as? [[String: Any]] ?? [], [], "check, all well")
        assertNamed(json(["save", "--all"])["saved"] as? [[String: Any]] ?? [], ["b", "a"], "save")
        assertNamed(json(["delete", "1"])["deleted"] as? [[String: Any]] ?? [], ["b"], "delete")
        assertNamed(json(["toggle", "sel/pics/b.png"])["added"] as? [[String: Any]] ?? [], ["b"], "toggle")

        // info says what add would record: the path add would store, and the one usable from here.
        let info = run(["--json", "-f", "sel/s.json", "info", "sel/pics/../pics/a.png"])
        assertSuccess(info)
        assertNamed(parseJSON(info.stdout) as? [[String: Any]] ?? [], ["a"], "info")

        // check names a changed entry and a misnamed one the same way.
        _ = write(Fixtures.png(width: 9, height: 9, seed: 900), to: "sel/pics/a.png")
        assertNamed(json(["check"], exit: 1)["problems"] as? [[String: Any]] ?? [], ["a"], "check problems")
    }

    func testCheckWarningsAndViewWarningsToo() throws {
        _ = write(Fixtures.gif(width: 5, height: 7), to: "sel/pics/anim.webp")
        assertSuccess(run(["-f", "sel/s.json", "add", "sel/pics/anim.webp"]))
        let warnings = json(["check"])["warnings"] as? [[String: Any]] ?? []
        XCTAssertEqual(warnings.first?["path"] as? String, "pics/anim.webp")
        XCTAssertEqual(warnings.first?["display_path"] as? String, "sel/pics/anim.webp")

        try FileManager.default.removeItem(at: url("sel/pics/a.png"))
        let view = run(["--json", "-f", "sel/s.json", "view", "1"])
        assertExit(view, 0)
        let warning = (parseJSON(view.stderrLines.first ?? "") as? [String: Any])?["warning"] as? [String: Any] ?? [:]
        XCTAssertEqual(warning["path"] as? String, "pics/a.png", view.transcript)
        XCTAssertEqual(warning["display_path"] as? String, "sel/pics/a.png", view.transcript)
    }

    func testTheSelectionFileIsFileEverywhere() {
        let list = json(["list"])
        XCTAssertEqual(list["file"] as? String, url("sel/s.json").path)
        let created = run(["--json", "-f", "other.json", "init"])
        assertSuccess(created)
        let object = parseJSON(created.stdout) as? [String: Any] ?? [:]
        XCTAssertEqual(object["file"] as? String, url("other.json").path, created.transcript)
        XCTAssertNil(object["path"], "path means an entry's path, not the selection file")
    }

    func testSaveNamesTheCopyApart() {
        let saved = (json(["save", "1"])["saved"] as? [[String: Any]] ?? []).first ?? [:]
        XCTAssertEqual(saved["copy"] as? String, "sel/saved-album/a.png")
        XCTAssertEqual(saved["already_there"] as? Bool, false)
    }
}
