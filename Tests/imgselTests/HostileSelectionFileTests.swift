import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Selection files no imgsel wrote: binary, of the wrong types, or not files
/// at all. Exit 4 naming the file, nothing rewritten, no hang.
/// (SelectionFileTests covers truncated, not JSON, newer, and inconsistent files.)
final class HostileSelectionFileTests: ImgselTestCase {
    private let everyCommand: [[String]] = [
        ["add", "new.png"], ["toggle", "new.png"], ["replace", "1", "new.png"], ["delete", "1"], ["move", "1", "2"],
        ["clear"], ["view", "next"], ["view"], ["list"], ["check"], ["save"],
    ]

    /// Every command on `selection` exits 4 with one line naming it and `reason`; the file keeps its bytes.
    private func assertRefused(
        _ selection: String = ".imgsel.json", reason: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        png("new.png")
        let target = url(selection)
        let before = try? Data(contentsOf: target)
        for args in everyCommand {
            let r = run(["-f", selection] + args)
            assertFailure(r, 4, stderrContains: [target.path, reason], file: file, line: line)
            XCTAssertEqual(r.stderrLines.count, 1, r.transcript, file: file, line: line)
            if before != nil {
                XCTAssertEqual(try? Data(contentsOf: target), before, "untouched", file: file, line: line)
            }
        }
        XCTAssertFalse(exists("saved-album"), file: file, line: line)
    }

    /// A valid selection of two entries, with `key` (of the file, or of its first item) set to `value`.
    private func validWith(_ key: String, _ value: Any, inFirstItem: Bool = false) -> Data {
        seed(2)
        var object = selectionJSON()
        if inFirstItem {
            var items = object["items"] as? [[String: Any]] ?? []
            if !items.isEmpty { items[0][key] = value }
            object["items"] = items
        } else {
            object[key] = value
        }
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }

    func testBinaryBytes() {
        _ = write(Data([0x00, 0xFF, 0xFE, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]), to: ".imgsel.json")
        assertRefused(reason: "not JSON")
    }

    func testInvalidUTF8InsideAString() {
        seed(2)
        var bytes = [UInt8](selectionData() ?? Data())
        if let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) { bytes.insert(0xC3, at: quote + 1) }
        _ = write(Data(bytes), to: ".imgsel.json")
        assertRefused(reason: "not a valid imgsel selection file")
    }

    func testAStringCapacity() {
        _ = write(validWith("capacity", "9"), to: ".imgsel.json")
        assertRefused(reason: "\"capacity\" is not an integer")
    }

    func testItemsThatAreAnObject() {
        _ = write(validWith("items", [String: Any]()), to: ".imgsel.json")
        assertRefused(reason: "\"items\" is not an array")
    }

    func testAStringByteCount() {
        _ = write(validWith("bytes", "many", inFirstItem: true), to: ".imgsel.json")
        assertRefused(reason: "item 1: \"bytes\"")
    }

    func testAFractionalVersion() {
        _ = write(validWith("version", 1.5), to: ".imgsel.json")
        assertRefused(reason: "\"version\"")
    }

    func testAnotherProgramsJSON() {
        _ = write(Data(#"{"name": "my-app", "version": "1.0.0", "dependencies": {}}"#.utf8), to: ".imgsel.json")
        assertRefused(reason: "\"format\" is not \"imgsel\"")
    }

    func testAFIFOAsTheSelectionDoesNotHang() {
        XCTAssertEqual(mkfifo(url("pipe.json").path, 0o644), 0)
        assertRefused("pipe.json", reason: "not a regular file (a FIFO)")
        let r = run(["-f", "pipe.json", "init", "--force"])
        assertFailure(r, 4, stderrContains: ["pipe.json", "a FIFO"])
        var st = stat()
        XCTAssertEqual(lstat(url("pipe.json").path, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "init --force left the FIFO in place")
    }

    func testALinkToDevZeroIsNeitherReadForeverNorReplaced() throws {
        try FileManager.default.createSymbolicLink(atPath: url("zero.json").path, withDestinationPath: "/dev/zero")
        assertRefused("zero.json", reason: "not a regular file (a character device)")
        assertFailure(run(["-f", "zero.json", "init", "--force"]), 4, stderrContains: ["zero.json"])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url("zero.json").path), "/dev/zero")
    }

    func testADirectoryAsTheSelection() throws {
        try FileManager.default.createDirectory(at: url("folder.json"), withIntermediateDirectories: true)
        assertRefused("folder.json", reason: "not a regular file (a directory)")
    }

    func testASelectionPathOfFiveThousandCharacters() {
        png("new.png")
        let long = String(repeating: "s", count: 5000) + ".json"
        for args in [["list"], ["check"], ["view"]] {
            let r = run(["-f", long] + args)
            assertFailure(r, 4, stderrContains: [long, "File name too long"])
            XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        }
        for args in [["add", "new.png"], ["init"], ["clear"]] {
            let r = run(["-f", long] + args)
            assertFailure(r, 5, stderrContains: [long, "File name too long"])
            XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        }
        XCTAssertEqual(listing("."), ["new.png"])
    }

    func testAHugeFileIsRefusedWithoutReadingIt() throws {
        let target = write(Data("{".utf8), to: ".imgsel.json")
        let handle = try FileHandle(forWritingTo: target)
        try handle.truncate(atOffset: 20 << 20)  // sparse: 20 MiB of nothing
        try handle.close()
        assertRefused(reason: "too large for a selection file")
    }
}

/// A selection file reached through a symbolic link stays one selection with one lock.
final class LinkedSelectionFileTests: ImgselTestCase {
    func testWritingThroughALinkUpdatesTheTargetAndKeepsTheLink() throws {
        try FileManager.default.createDirectory(at: url("shared"), withIntermediateDirectories: true)
        png("shared/a.png")
        png("shared/b.png")
        assertSuccess(run(["-f", "shared/sel.json", "add", "shared/a.png"]))
        try FileManager.default.createSymbolicLink(
            atPath: url("link.json").path, withDestinationPath: "shared/sel.json")
        assertSuccess(run(["-f", "link.json", "add", "shared/b.png"]))
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: url("link.json").path), "shared/sel.json")
        XCTAssertEqual(
            storedPaths(url("shared/sel.json")), ["a.png", "b.png"], "paths relative to the real file's folder")
        XCTAssertFalse(exists("link.json.lock"), "one lock, beside the real file")
        let listed = run(["-f", "link.json", "list", "--paths"])
        assertSuccess(listed)
        XCTAssertEqual(listed.stdoutLines, ["shared/a.png", "shared/b.png"])
    }
}
