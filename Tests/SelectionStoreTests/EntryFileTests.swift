import ModelTestSupport
import XCTest

@testable import SelectionStore

/// One answer to "has this entry's file changed?" at four depths.
final class EntryFileTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    private func entry(_ bytes: [UInt8]) -> Entry {
        Entry(
            path: "x", type: .png, width: 1, height: 1, orientation: 1, frames: 1, bytes: bytes.count,
            sha256: SHA256.hash(bytes), added: "x")
    }

    private func file(_ recorded: [UInt8], _ path: String, index: Int = 1) -> EntryFile {
        EntryFile(entry(recorded), path: path, index: index)
    }

    func testTheFileArrivesWholeInBoundedChunks() throws {
        let bytes = (0..<(FileHash.chunkSize * 2 + 5)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = folder.write("a.png", bytes)
        var received: [UInt8] = []
        var largest = 0
        try file(bytes, path).stream { (chunk) throws(StoreError) in
            received += chunk
            largest = max(largest, chunk.count)
        }
        XCTAssertEqual(received, bytes)
        XCTAssertLessThanOrEqual(largest, FileHash.chunkSize)
    }

    func testAChangedFileIsRefusedNamingItsEntry() {
        let recorded = Array("original".utf8)
        let path = folder.write("a.png", Array("changed!".utf8))  // same length, other bytes
        assertThrows(.inputChanged(path: path, entry: 4)) { () throws(StoreError) in
            try file(recorded, path, index: 4).stream { (_) throws(StoreError) in }
        }
        folder.write("a.png", Array("original and longer".utf8))
        assertThrows(.inputChanged(path: path, entry: 4)) { () throws(StoreError) in
            try file(recorded, path, index: 4).verify()
        }
    }

    func testAMissingFileIsReported() {
        let path = folder.file("gone.png")
        assertThrows(.inputMissing(path: path)) { () throws(StoreError) in try file([1, 2, 3], path).verify() }
    }

    func testTheStreamStopsAtTheBodysFirstError() {
        let bytes = [UInt8](repeating: 9, count: FileHash.chunkSize * 3)
        let path = folder.write("a.png", bytes)
        var calls = 0
        assertThrows(.writeFailed(path: "page", reason: "full")) { () throws(StoreError) in
            try file(bytes, path).stream { _ throws(StoreError) in
                calls += 1
                throw .writeFailed(path: "page", reason: "full")
            }
        }
        XCTAssertEqual(calls, 1)
    }

    func testTheQuickLookSeesSizeAndKindButNotSameSizeContent() throws {
        let recorded = Array("original".utf8)
        let path = folder.write("a.png", recorded)
        XCTAssertNil(file(recorded, path).quickProblem())
        folder.write("a.png", Array("changed!".utf8))
        XCTAssertNil(file(recorded, path).quickProblem(), "a stat cannot see content")
        folder.write("a.png", Array("longer than it was".utf8))
        XCTAssertEqual(file(recorded, path).quickProblem(), .sizeChanged(recorded: 8, now: 18))
        XCTAssertEqual(file(recorded, folder.file("gone")).quickProblem(), .missing)
        XCTAssertEqual(file(recorded, folder.path).quickProblem(), .notRegular(kind: "a directory"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling"), withDestinationPath: "nowhere")
        XCTAssertEqual(file(recorded, folder.file("dangling")).quickProblem(), .missing)
    }

    func testTheFullCheckSeesEveryChange() throws {
        let recorded = Array("original".utf8)
        let path = folder.write("a.png", recorded)
        XCTAssertNil(file(recorded, path).problem())
        folder.write("a.png", Array("changed!".utf8))
        XCTAssertEqual(file(recorded, path).problem(), .contentChanged)
        folder.write("a.png", Array("orig".utf8))
        XCTAssertEqual(file(recorded, path).problem(), .sizeChanged(recorded: 8, now: 4))
        XCTAssertEqual(file(recorded, folder.file("gone")).problem(), .missing)
        XCTAssertEqual(file(recorded, folder.path).problem(), .notRegular(kind: "a directory"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("dangling"), withDestinationPath: "nowhere")
        XCTAssertEqual(file(recorded, folder.file("dangling")).problem(), .unreadable(reason: "dangling symbolic link"))
    }

    func testTheContentsAreTheRecordedBytesOrAProblem() throws {
        let recorded = Array("original".utf8)
        let path = folder.write("a.png", recorded)
        XCTAssertEqual(try file(recorded, path).contents(), recorded)
        folder.write("a.png", Array("changed!".utf8))
        XCTAssertThrowsError(try file(recorded, path).contents()) {
            XCTAssertEqual($0 as? EntryFile.Problem, .contentChanged, "the same size is not enough")
        }
    }
}
