import Foundation
import XCTest

/// Rules describe the target: what export will mend is set with a note naming the entries it
/// changes, and `check` lists those as notes and passes; `--as-is` turns them into problems.
extension RulesCommandTests {
    func testARuleExportMendsIsSetWithANoteAndCheckPassesWithNotes() throws {
        png("small.png", width: 4, height: 3)
        png("wide.png", width: 9, height: 3)
        assertSuccess(run(["add", "small.png", "wide.png"]))
        let set = run(["rules", "--max-width", "8"])
        assertSuccess(set)
        XCTAssertEqual(set.stdout, "set --max-width 8; export will mend entry 2 (wide.png)\n")
        let check = run(["check"])
        assertExit(check, 0)
        XCTAssertEqual(check.stdout, "ok: 2 entries checked against 1 rule\n")
        XCTAssertEqual(check.stderr, "imgsel: note: entry 2 (wide.png): export shrinks it to 8×3 (--max-width 8)\n")
        XCTAssertEqual(run(["-q", "check"]).stderr, "", "-q leaves the note out")
        let json = run(["--json", "check"])
        assertSuccess(json)
        let object = try XCTUnwrap(parseJSON(json.stdout) as? [String: Any])
        XCTAssertEqual(object["ok"] as? Bool, true)
        XCTAssertEqual((object["problems"] as? [Any])?.count, 0)
        let notes = try XCTUnwrap(object["notes"] as? [[String: Any]])
        XCTAssertEqual(notes.count, 1)
        XCTAssertEqual(notes[0]["index"] as? Int, 2)
        XCTAssertEqual(notes[0]["rules"] as? [String], ["max-width"])
        XCTAssertEqual(notes[0]["mended-by-export"] as? Bool, true)
        XCTAssertEqual(notes[0]["problem"] as? String, "export shrinks it to 8×3 (--max-width 8)")

        // --as-is: the files go as they are, so wide.png now breaks the rule: refused until forced.
        let before = selectionData()
        assertFailure(
            run(["rules", "--as-is"]), 1,
            stderrContains: ["entry 2 (wide.png): 9 px wide is over this selection's 8 px (--max-width)"])
        assertUnchanged(before)
        assertSuccess(run(["rules", "--as-is", "--force"]))
        XCTAssertEqual(run(["rules"]).stdout, "--max-width 8\n--as-is\n")
        assertFailure(run(["check"]), 1, stderrContains: ["entry 2 (wide.png): 9 px wide is over"])
        // A rule export cannot mend is refused either way.
        assertSuccess(run(["rules", "--clear", "as-is"]))
        assertFailure(
            run(["rules", "--min-width", "5"]), 1,
            stderrContains: ["entry 1 (small.png): 4 px wide is under this selection's 5 px (--min-width)"])
        // A selection holding --as-is alone is version 2, and --clear all removes it too.
        assertSuccess(run(["rules", "--clear", "all"]))
        assertSuccess(run(["rules", "--as-is"]))
        XCTAssertEqual(selectionJSON()["version"] as? Int, 2)
        XCTAssertEqual((selectionJSON()["rules"] as? [String: Any])?["as-is"] as? Bool, true)
        assertSuccess(run(["rules", "--clear", "all"]))
        XCTAssertEqual(selectionJSON()["version"] as? Int, 1)
    }

    func testAddNotesWhatExportWillDoAndJSONSaysItOnStderr() throws {
        assertSuccess(run(["init", "--types", "jpeg,png", "--max-bytes", "1KB"]))
        let gif = gif("anim.gif", width: 6, height: 2, frames: 2)
        let r = run(["--json", "add", gif])
        assertExit(r, 0)
        let note = try XCTUnwrap((parseJSON(r.stderr) as? [String: Any])?["note"] as? [String: Any])
        XCTAssertEqual(note["index"] as? Int, 1)
        XCTAssertEqual(note["path"] as? String, "anim.gif")
        XCTAssertEqual(note["rules"] as? [String], ["types"])
        XCTAssertEqual(note["message"] as? String, "export makes it a PNG (--types jpeg,png)")
        XCTAssertEqual(note["mended-by-export"] as? Bool, true)
    }
}
