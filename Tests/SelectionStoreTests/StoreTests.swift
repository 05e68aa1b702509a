import Foundation
import ModelTestSupport
import XCTest

@testable import SelectionStore

final class StoreTests: XCTestCase {
    var folder: TemporaryFolder!
    var store: Store!

    override func setUp() {
        folder = TemporaryFolder(for: self)
        store = Store(path: folder.file("sel.json"), lockTimeout: 2)
    }

    func testReadingAMissingFileIsNoSelectionAndCreatesNothing() throws {
        assertThrows(.noSelection(path: store.path)) { () throws(StoreError) in try store.read() }
        assertThrows(.noSelection(path: store.path)) { () throws(StoreError) in
            try store.update { (s) throws(StoreError) in s = try model(s.adding([makeEntry("a")])) }
        }
        XCTAssertEqual(folder.list(), [])
    }

    func testUpdateWritesTheChangedSelectionAtomically() throws {
        try store.update(creating: true) { (s) throws(StoreError) in s = try model(s.adding([makeEntry("a")])) }
        XCTAssertEqual(try store.read().names, ["a"])
        XCTAssertEqual(folder.list(), ["sel.json", "sel.json.lock"], "no temporary file is left")
    }

    func testAnUpdateThatThrowsWritesNothing() throws {
        try store.update(creating: true) { (s) throws(StoreError) in s = try model(s.adding([makeEntry("a")])) }
        let before = folder.read("sel.json")
        assertThrows(.selection(.emptySelection)) { () throws(StoreError) in
            try store.update { (s) throws(StoreError) in
                s = s.cleared()
                throw StoreError.selection(.emptySelection)
            }
        }
        XCTAssertEqual(folder.read("sel.json"), before)
    }

    func testAnUpdateThatChangesNothingDoesNotCreateTheFile() throws {
        try store.update(creating: true) { (s) throws(StoreError) in s = s.cleared() }
        XCTAssertEqual(folder.list(), [], "not even the lock")
    }

    func testAnInvalidFileIsRefusedAndLeftUntouched() throws {
        let junk: [UInt8] = Array("{\"format\":\"imgsel\",\"version\":1".utf8)
        folder.write("sel.json", junk)
        XCTAssertThrowsError(try store.update { (s) throws(StoreError) in s = s.cleared() }) { error in
            guard case .selectionFile(.invalidSelectionFile(store.path, _))? = error as? StoreError else {
                return XCTFail("\(error)")
            }
        }
        XCTAssertEqual(folder.read("sel.json"), junk)
    }

    func testCreateRefusesToReplaceUnlessForced() throws {
        try store.create(capacity: 4, force: false)
        XCTAssertEqual(try store.read().capacity, 4)
        assertThrows(.selectionExists(path: store.path)) { () throws(StoreError) in
            try store.create(capacity: 9, force: false)
        }
        folder.write("sel.json", Array("garbage".utf8))
        try store.create(capacity: 9, force: true)
        XCTAssertEqual(try store.read().capacity, 9)
    }

    func testAStaleTemporaryFileFromAKilledWriterIsRemoved() throws {
        folder.write(".sel.json.imgsel-tmp", Array("half a fi".utf8))
        try store.update(creating: true) { (s) throws(StoreError) in s = try model(s.adding([makeEntry("a")])) }
        XCTAssertEqual(folder.list(), ["sel.json", "sel.json.lock"])
    }

    func testAReaderRemovesAStaleTemporaryFileToo() throws {
        try store.create(capacity: 4, force: false)
        folder.write(".sel.json.imgsel-tmp", Array("half a fi".utf8))
        XCTAssertEqual(try store.read().capacity, 4)
        XCTAssertEqual(folder.list(), ["sel.json", "sel.json.lock"])
    }

    func testAReaderRemovesTheTemporaryFileOfAWriterKilledCreatingTheSelection() throws {
        folder.write("sel.json.lock", [])
        folder.write(".sel.json.imgsel-tmp", Array("half a fi".utf8))
        assertThrows(.noSelection(path: store.path)) { () throws(StoreError) in try store.read() }
        XCTAssertEqual(folder.list(), ["sel.json.lock"], "the temporary file is gone and no selection was created")
    }

    func testAWriterGivesUpAfterTheLockTimeout() throws {
        let fd = open(store.lockPath, O_RDWR | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertEqual(flock(fd, LOCK_EX), 0)
        let quick = Store(path: store.path, lockTimeout: 0.2)
        let start = Date()
        assertThrows(.lockTimeout(path: store.path, seconds: 0.2)) { () throws(StoreError) in
            try quick.update(creating: true) { (s) throws(StoreError) in s = try model(s.adding([makeEntry("a")])) }
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        XCTAssertNil(folder.read("sel.json"))
    }

    func testAWriteIntoAMissingFolderFailsWithExitFive() {
        let nowhere = Store(path: folder.file("no/such/dir/sel.json"))
        XCTAssertThrowsError(
            try nowhere.update(creating: true) { (s) throws(StoreError) in s = try model(s.adding([makeEntry("a")])) }
        ) { error in
            guard case .writeFailed? = error as? StoreError else { return XCTFail("\(error)") }
        }
    }

    /// Several processes, each adding entries one `update` at a time through the
    /// library: with working locks every entry of every writer is in the file.
    func testConcurrentWritersInSeparateProcessesLoseNoUpdate() throws {
        let writer = productsDirectory.appendingPathComponent("selection-writer")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: writer.path), "build selection-writer first")
        try store.create(capacity: 99, force: false)
        let writers = 4, each = 20
        var processes: [Process] = []
        for id in 0..<writers {
            let p = Process()
            p.executableURL = writer
            p.arguments = [store.path, "w\(id)", String(each)]
            try p.run()
            processes.append(p)
        }
        for p in processes {
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, 0)
        }
        let final = try store.read()
        XCTAssertEqual(final.count, writers * each)
        let expected = Set((0..<writers).flatMap { id in (0..<each).map { "w\(id)-\($0).png" } })
        XCTAssertEqual(Set(final.names), expected)
        for id in 0..<writers {
            let mine = final.names.filter { $0.hasPrefix("w\(id)-") }
            XCTAssertEqual(mine, (0..<each).map { "w\(id)-\($0).png" }, "each writer's entries keep their order")
        }
    }
}

/// The folder holding the built products (the test bundle sits there too).
var productsDirectory: URL {
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    return Bundle.main.bundleURL
}
