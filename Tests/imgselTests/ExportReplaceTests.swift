import Foundation
import XCTest

/// `export DIR --replace` (SPEC, "Export"): DIR holds the new set and nothing else, swapped in for the
/// old one in one rename, so a `for f in DIR/*` loop never uploads a stale file of an earlier set.
final class ExportReplaceTests: ImgselTestCase {
    /// The issue's case: a 2-entry set exported over the folder of a 3-entry one leaves no stale file.
    func testReplaceLeavesTheNewSetAndNothingElse() {
        seed(3)
        assertSuccess(run(["export", "out"]))
        _ = write(Data("mine".utf8), to: "out/notes.txt")
        assertSuccess(run(["delete", "3"]))
        let merged = run(["export", "merged", "--force"])
        assertSuccess(merged)
        let r = run(["export", "out", "--replace"])
        assertSuccess(r)
        XCTAssertEqual(listing("out"), ["01-img1.png", "02-img2.png"], r.transcript)
        XCTAssertEqual(r.stdoutLines.count, 2, r.transcript)
        XCTAssertTrue(r.stdoutLines.first?.hasPrefix("out/01-img1.png  ") == true, r.transcript)
        XCTAssertFalse(
            listing(".").contains { $0.hasPrefix(".out.imgsel-") }, "the old folder is gone: \(listing("."))")
        XCTAssertEqual(bytes("out/01-img1.png"), bytes("merged/01-img1.png"))
    }

    /// With --force too it is the same: --replace leaves no name of the old DIR to clash with.
    func testReplaceWithForceIsReplace() {
        seed(1)
        _ = write(Data("old".utf8), to: "out/01-img1.png")
        _ = write(Data("stale".utf8), to: "out/09-stale.jpg")
        assertSuccess(run(["export", "out", "--replace", "--force"]))
        XCTAssertEqual(listing("out"), ["01-img1.png"])
        XCTAssertNotEqual(bytes("out/01-img1.png"), Data("old".utf8))
    }

    /// A DIR that does not exist is made as without --replace; a DIR that is a file is exit 5, left as it was.
    func testReplaceMakesAMissingDirAndRefusesAFile() {
        seed(1)
        assertSuccess(run(["export", "new/deep", "--replace"]))
        XCTAssertEqual(listing("new/deep"), ["01-img1.png"])
        _ = write(Data("a file".utf8), to: "plain")
        let r = run(["export", "plain", "--replace"])
        assertExit(r, 5)
        XCTAssertEqual(r.stderrLines, ["imgsel: plain: cannot write: not a directory; nothing was changed"])
        XCTAssertEqual(bytes("plain"), Data("a file".utf8))
        XCTAssertFalse(listing(".").contains { $0.hasPrefix(".plain.imgsel-") }, "\(listing("."))")
    }

    /// A refusal or an input error leaves the old DIR whole, and no hidden folder beside it.
    func testAFailedReplaceLeavesTheOldDirAsItWas() throws {
        seed(2)
        assertSuccess(run(["export", "out"]))
        let before = listing("out").map { bytes("out/" + $0) }
        try FileManager.default.removeItem(at: url("img2.png"))
        let r = run(["export", "out", "--replace"])
        assertExit(r, 3)
        XCTAssertEqual(listing("out"), ["01-img1.png", "02-img2.png"])
        XCTAssertEqual(listing("out").map { bytes("out/" + $0) }, before)
        XCTAssertFalse(listing(".").contains { $0.hasPrefix(".out.imgsel-") }, "\(listing("."))")
    }

    /// DIR a link to a folder: the link stays, the folder it points to holds the new set.
    func testALinkedDirKeepsItsLink() throws {
        seed(1)
        _ = write(Data("stale".utf8), to: "real/old.jpg")
        try FileManager.default.createSymbolicLink(atPath: url("link").path, withDestinationPath: "real")
        assertSuccess(run(["export", "link", "--replace"]))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: url("link").path), "real")
        XCTAssertEqual(listing("real"), ["01-img1.png"])
    }

    /// --replace removes files only: a DIR holding a folder, the selection file or an entry's file is
    /// refused (exit 1) before anything is made, so `export . --replace` cannot wipe the photos.
    func testReplaceRefusesToRemoveAFolderTheSelectionOrAnEntry() {
        png("photos/a.png")
        assertSuccess(run(["add", "photos/a.png"]))
        let here = run(["export", ".", "--replace"])
        assertExit(here, 1)
        XCTAssertTrue(here.stderr.contains("--replace"), here.transcript)
        let photos = run(["export", "photos", "--replace"])
        assertExit(photos, 1)
        XCTAssertTrue(photos.stderr.contains("photos/a.png"), photos.transcript)
        XCTAssertEqual(listing("photos"), ["a.png"])
        _ = write(Data("x".utf8), to: "out/sub/keep.txt")
        let sub = run(["export", "out", "--replace"])
        assertExit(sub, 1)
        XCTAssertTrue(sub.stderr.contains("out/sub"), sub.transcript)
        XCTAssertEqual(listing("out/sub"), ["keep.txt"])
        XCTAssertFalse(listing(".").contains { $0.contains(".imgsel-") }, "\(listing("."))")
    }

    /// A reader listing DIR while it is replaced sees names of the old set or of the new one, never
    /// both, and never finds DIR absent (the swap is one rename). A listing begun in the old folder
    /// may lose names as that folder is removed: a subset, still of one set.
    func testAReaderSeesTheOldSetOrTheNewOneNeverAMix() {
        seed(4)
        assertSuccess(run(["export", "out"]))
        let old = Set(listing("out"))
        assertSuccess(run(["delete", "2", "3"]))
        let path = url("out").path
        let done = Flag()
        let seen = Seen()
        let reader = Thread {
            while !done.value {
                seen.add((try? FileManager.default.contentsOfDirectory(atPath: path)).map { Set($0) })
            }
        }
        reader.start()
        for _ in 0..<10 { assertSuccess(run(["export", "out", "--replace"])) }
        done.set()
        while !reader.isFinished { usleep(1000) }
        let new: Set = ["01-img1.png", "02-img4.png"]
        XCTAssertEqual(Set(listing("out")), new)
        let all = seen.all
        XCTAssertFalse(all.contains(nil), "DIR was absent for a moment")
        let mixed = all.compactMap { $0 }.filter { !$0.isSubset(of: old) && !$0.isSubset(of: new) }
        XCTAssertTrue(mixed.isEmpty, "listings of neither set: \(mixed)")
    }
}

/// A flag the reader thread polls.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var value: Bool { lock.withLock { raised } }
    func set() { lock.withLock { raised = true } }
}

/// Every listing the reader saw.
private final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var listings: Set<Set<String>?> = []
    var all: Set<Set<String>?> { lock.withLock { listings } }
    func add(_ listing: Set<String>?) { lock.withLock { _ = listings.insert(listing) } }
}
