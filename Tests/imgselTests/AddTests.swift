import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

final class AddTests: ImgselTestCase {
    func testAddKeepsTheGivenOrder() {
        let names = [png("c.png"), png("a.png"), png("b.png")]
        let r = run(["add"] + names)
        assertSuccess(r)
        XCTAssertEqual(r.stdoutLines, ["added 1 / 3  c.png", "added 2 / 3  a.png", "added 3 / 3  b.png"])
        assertSelection(["c.png", "a.png", "b.png"], current: 1)
        // A second add appends after them, in its own order; the cursor stays.
        let more = run(["add", png("z.png"), png("y.png")])
        assertSuccess(more)
        XCTAssertEqual(more.stdoutLines, ["added 4 / 5  z.png", "added 5 / 5  y.png"])
        assertSelection(["c.png", "a.png", "b.png", "z.png", "y.png"], current: 1)
    }

    func testAddCreatesTheSelectionFileWhenMissing() {
        XCTAssertFalse(exists(".imgsel.json"))
        assertSuccess(run(["add", png("a.png")]))
        XCTAssertEqual(capacity(), 9)
        assertSelection(["a.png"], current: 1)
    }

    func testCurrentBecomesOneAfterTheFirstAddToAnInitialisedSelection() {
        assertSuccess(run(["init"]))
        XCTAssertNil(current())
        assertSuccess(run(["add", png("a.png")]))
        XCTAssertEqual(current(), 1)
        assertSuccess(run(["add", png("b.png")]))
        XCTAssertEqual(current(), 1)
    }

    func testAddRecordsTypeSizeBytesAndSha256() {
        png("shot.png", width: 40, height: 30)
        gif("anim.gif", width: 300, height: 200, frames: 1)
        let r = run(["add", "shot.png", "anim.gif"])
        assertSuccess(r)
        let list = items()
        XCTAssertEqual(list.count, 2)
        guard list.count == 2 else { return }
        XCTAssertEqual(list[0]["type"] as? String, "png")
        XCTAssertEqual(list[0]["width"] as? Int, 40)
        XCTAssertEqual(list[0]["height"] as? Int, 30)
        XCTAssertEqual(list[0]["orientation"] as? Int, 1)
        XCTAssertEqual(list[0]["frames"] as? Int, 1)
        XCTAssertEqual(list[0]["bytes"] as? Int, bytes("shot.png")?.count)
        XCTAssertEqual(list[0]["sha256"] as? String, sha256sum(url("shot.png")))
        XCTAssertEqual(list[1]["type"] as? String, "gif")
        XCTAssertEqual(list[1]["width"] as? Int, 300)
        XCTAssertEqual(list[1]["height"] as? Int, 200)
        XCTAssertEqual(list[1]["bytes"] as? Int, bytes("anim.gif")?.count)
        XCTAssertEqual(list[1]["sha256"] as? String, sha256sum(url("anim.gif")))
        for item in list {
            let added = item["added"] as? String ?? ""
            XCTAssertNotNil(
                added.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$"#, options: .regularExpression),
                "added is ISO 8601 UTC to the second: \(added)")
        }
    }

    func testAddRecordsTheFramesOfAnAnimatedGIF() {
        gif("anim.gif", width: 16, height: 9, frames: 3)
        assertSuccess(run(["add", "anim.gif"]))
        let item = items().first ?? [:]
        XCTAssertEqual(item["type"] as? String, "gif")
        XCTAssertEqual(item["width"] as? Int, 16)
        XCTAssertEqual(item["height"] as? Int, 9)
        XCTAssertEqual(item["frames"] as? Int, 3, "a GIF of three frames records frames 3")
    }

    func testPathsAreRelativeBelowTheSelectionFolderAndAbsoluteOutsideIt() {
        png("sel/pics/inside.png")
        png("elsewhere/outside.png")
        png("sel/direct.png")
        let r = run([
            "-f", "sel/s.json", "add", "sel/pics/inside.png", "elsewhere/outside.png",
            "sel/../sel/./direct.png",
        ])
        assertSuccess(r)
        XCTAssertEqual(
            storedPaths(url("sel/s.json")),
            ["pics/inside.png", url("elsewhere/outside.png").path, "direct.png"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testAnAbsoluteArgumentBelowTheSelectionFolderIsStoredRelative() {
        png("pics/a.png")
        assertSuccess(run(["add", url("pics/a.png").path]))
        assertSelection(["pics/a.png"], current: 1)
    }

    func testAddFromAnotherDirectoryStoresPathsRelativeToTheSelectionFile() throws {
        png("a.png")
        try FileManager.default.createDirectory(at: url("work/deeper"), withIntermediateDirectories: true)
        let r = run(["-f", "../../.imgsel.json", "add", "../../a.png"], cwd: url("work/deeper"))
        assertSuccess(r)
        assertSelection(["a.png"], current: 1)
        XCTAssertEqual(r.stdoutLines, ["added 1 / 1  " + url("a.png").path])
    }

    func testAddOverTheCapAddsNothing() {
        assertSuccess(run(["init", "--capacity", "2"]))
        assertSuccess(run(["add", png("a.png"), png("b.png")]))
        let before = selectionData()
        let r = run(["add", png("c.png")])
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: the selection is full (2 of 2): 1 more image does not fit\n")
        assertUnchanged(before)
    }

    func testABatchThatWouldPassTheCapacityAddsNone() {
        assertSuccess(run(["init", "--capacity", "3"]))
        assertSuccess(run(["add", png("a.png"), png("b.png")]))
        let before = selectionData()
        let r = run(["add", png("c.png"), png("d.png")])
        assertFailure(r, 1, stderrContains: ["2 images do not fit", "2 of 3", "room for 1"])
        assertUnchanged(before)
    }

    func testTwoBadFilesAreBothReportedAndNothingIsAdded() {
        seed(1)
        let before = selectionData()
        _ = write(Fixtures.text, to: "notes.txt")
        let r = run(["add", png("good.png"), "missing.png", "notes.txt"])
        assertFailure(r, 3)
        let lines = r.stderrLines
        XCTAssertEqual(lines.count, 2, "one line per failing file\n\(r.transcript)")
        XCTAssertEqual(lines.filter { $0.contains("missing.png") }.count, 1, r.transcript)
        XCTAssertEqual(lines.filter { $0.contains("notes.txt") }.count, 1, r.transcript)
        XCTAssertTrue(lines.allSatisfy { !$0.contains("good.png") }, r.transcript)
        assertUnchanged(before)
    }

    func testAnInputProblemIsReportedBeforeAFullSelection() {
        assertSuccess(run(["init", "--capacity", "1"]))
        assertSuccess(run(["add", png("a.png")]))
        let before = selectionData()
        let r = run(["add", "missing.png"])
        assertFailure(r, 3, stderrContains: ["missing.png"])
        XCTAssertFalse(r.stderr.contains("full"), r.transcript)
        assertUnchanged(before)
    }

    func testDuplicateContentUnderAnotherNameIsRefusedNamingTheEntry() {
        seed(2)
        copy("img2.png", to: "copy-of-two.png")
        let before = selectionData()
        let r = run(["add", "copy-of-two.png"])
        assertFailure(r, 1, stderrContains: ["copy-of-two.png", "entry 2"])
        assertUnchanged(before)
        // The same file again is a duplicate too.
        assertFailure(run(["add", "img1.png"]), 1, stderrContains: ["img1.png", "entry 1"])
        assertUnchanged(before)
    }

    func testTheDuplicateMessageNamesTheFileSoThatItWorksFromTheCurrentDirectory() throws {
        seed(1)
        try FileManager.default.createDirectory(at: url("sub"), withIntermediateDirectories: true)
        copy("img1.png", to: "sub/copy.png")
        let before = selectionData()
        let r = run(["-f", "../.imgsel.json", "add", "copy.png"], cwd: url("sub"))
        assertFailure(r, 1, stderrContains: ["entry 1"])
        assertUnchanged(before)
        // "imgsel: NAME: already selected…": NAME must lead to the file from where the user is.
        let line = r.stderrLines.first ?? ""
        let named = line.dropFirst("imgsel: ".count).components(separatedBy: ": ").first ?? ""
        let resolved = named.hasPrefix("/") ? named : url("sub").appendingPathComponent(named).path
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: resolved),
            "the message names '\(named)', which does not exist from sub/ (the user typed 'copy.png')\n\(r.transcript)")
    }

    func testADuplicateInsideOneBatchIsRefused() {
        seed(1)
        png("x.png")
        copy("x.png", to: "x-again.png")
        let before = selectionData()
        let r = run(["add", "x.png", "x-again.png"])
        assertFailure(r, 1, stderrContains: ["x-again.png", "x.png"])
        assertUnchanged(before)
        // The same path twice is the same content.
        assertFailure(run(["add", "x.png", "x.png"]), 1)
        assertUnchanged(before)
    }

    func testAFileGivenTwiceIsNamedAsTypedEachTime() {
        png("a.png")
        let r = run(["add", "./a.png", "a.png"])
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: a.png: same content as ./a.png, given earlier in this command\n")
        let other = run(["add", "a.png", "./a.png"])
        XCTAssertEqual(other.stderr, "imgsel: ./a.png: same content as a.png, given earlier in this command\n")
        XCTAssertNil(selectionData())
    }

    func testABatchLargerThanAnEmptySelectionSaysHowManyItTakes() {
        assertSuccess(run(["init"]))
        let before = selectionData()
        let r = run(["add"] + pngs(10))
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: 10 images do not fit: the selection takes 9\n")
        assertUnchanged(before)
        seed(8)
        let more = run(["add", png("x.png"), png("y.png")])
        XCTAssertEqual(more.stderr, "imgsel: 2 images do not fit: the selection holds 8 of 9, room for 1\n")
    }

    func testAChangedFileCannotBeAddedAgainUnderItsPath() {
        png("a.png"); png("b.png")
        assertSuccess(run(["add", "a.png", "b.png"]))
        _ = write(Fixtures.png(width: 6, height: 6, seed: 500), to: "b.png")  // overwritten in place
        let before = selectionData()
        for command in ["add", "toggle"] {
            let r = run([command, "b.png"])
            assertFailure(r, 1)
            XCTAssertEqual(
                r.stderrLines,
                [
                    "imgsel: b.png: entry 2 already has this path, with the content it had when added;"
                        + " 'imgsel replace 2 b.png' records the new content"
                ], r.transcript)
            assertUnchanged(before)
        }
        let json = run(["--json", "add", "./b.png"])
        assertExit(json, 1)
        XCTAssertTrue(json.stderr.contains(#""code":"path-taken""#), json.transcript)
        XCTAssertTrue(json.stderr.contains("'imgsel replace 2 ./b.png'"), json.transcript)
        // The way it points to works.
        assertSuccess(run(["replace", "2", "b.png"]))
        assertSelection(["a.png", "b.png"], current: 1)
    }
}
