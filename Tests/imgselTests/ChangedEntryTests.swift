import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Files an entry points to that vanish or change after `add`: `check`, `view`
/// and `save` report them by entry and path, and never hang or crash.
/// (CheckTests and SaveTests cover a plain change and deletion for those two.)
final class ChangedEntryTests: ImgselTestCase {
    /// Replaces img2.png (entry 2 of three) with what `make` puts there.
    private func spoilSecond(_ make: () throws -> Void) throws {
        seed(3)
        try FileManager.default.removeItem(at: url("img2.png"))
        try make()
    }

    /// view shows the entry, warns on stderr naming it, and keeps the move; save and check refuse.
    private func assertReported(_ problem: String, saveSays: String, file: StaticString = #filePath, line: UInt = #line)
    {
        let view = run(["view", "2"])
        assertExit(view, 0, file: file, line: line)
        XCTAssertEqual(
            view.stdoutLines.first?.hasPrefix("2 / 3  img2.png"), true, view.transcript, file: file, line: line)
        XCTAssertEqual(view.stderr, "imgsel: warning: entry 2 (img2.png): \(problem)\n", file: file, line: line)
        XCTAssertEqual(current(file: file, line: line), 2, "the cursor moved all the same", file: file, line: line)

        let json = run(["--json", "view"])
        assertExit(json, 0, file: file, line: line)
        let warning = (parseJSON(json.stderr, file: file, line: line) as? [String: Any])?["warning"] as? [String: Any]
        XCTAssertEqual(warning?["index"] as? Int, 2, json.transcript, file: file, line: line)
        XCTAssertEqual(warning?["problem"] as? String, problem, json.transcript, file: file, line: line)

        let before = selectionData()
        let save = run(["save"])
        assertFailure(save, 3, stderrContains: ["img2.png", saveSays], file: file, line: line)
        XCTAssertEqual(listing("saved-album"), [], file: file, line: line)
        XCTAssertFalse(exists("saved-album"), "a failed save leaves no album folder it created", file: file, line: line)

        let check = run(["check"])
        assertFailure(check, 1, stderrContains: ["entry 2 (img2.png)"], file: file, line: line)
        XCTAssertFalse(check.stderr.contains("entry 1"), check.transcript, file: file, line: line)
        assertUnchanged(before, file: file, line: line)

        let other = run(["view", "3"])
        assertSuccess(other, file: file, line: line)
    }

    func testAVanishedFile() throws {
        try spoilSecond {}
        assertReported("file is missing", saveSays: "no such file")
    }

    func testAFileThatGrew() throws {
        try spoilSecond { png("img2.png", width: 40, height: 30) }
        let recorded = Data(Fixtures.png(width: 4, height: 3, seed: 2)).count
        let now = bytes("img2.png")?.count ?? 0
        assertReported("size changed: \(recorded) bytes recorded, \(now) now", saveSays: "entry 2 changed")
    }

    func testAFIFOInItsPlace() throws {
        try spoilSecond { XCTAssertEqual(mkfifo(url("img2.png").path, 0o644), 0) }
        assertReported("not a regular file (a FIFO)", saveSays: "a FIFO")
    }

    func testALinkToDevZeroInItsPlace() throws {
        try spoilSecond {
            try FileManager.default.createSymbolicLink(atPath: url("img2.png").path, withDestinationPath: "/dev/zero")
        }
        assertReported("not a regular file (a character device)", saveSays: "a character device")
    }

    func testAFolderInItsPlace() throws {
        try spoilSecond {
            try FileManager.default.createDirectory(at: url("img2.png"), withIntermediateDirectories: true)
        }
        assertReported("not a regular file (a directory)", saveSays: "a directory")
    }

    func testSameSizeOtherBytesIsLeftToCheckAndSave() throws {
        // view only stats (instant on large files); check and save hash, and catch it.
        try spoilSecond { png("img2.png", seed: 7) }
        let view = run(["view", "2"])
        assertSuccess(view)
        let before = selectionData()
        assertFailure(run(["save"]), 3, stderrContains: ["img2.png", "entry 2 changed"])
        assertFailure(run(["check"]), 1, stderrContains: ["entry 2 (img2.png)", "content changed"])
        assertUnchanged(before)
    }
}
