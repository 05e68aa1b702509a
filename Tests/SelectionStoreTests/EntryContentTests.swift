import XCTest
@testable import SelectionStore

final class EntryContentTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder() }

    private func entry(_ bytes: [UInt8]) -> Entry {
        Entry(path: "x", type: .png, width: 1, height: 1, orientation: 1, frames: 1, bytes: bytes.count,
              sha256: SHA256.hash(bytes), added: "x")
    }

    func testTheFileArrivesWholeInBoundedChunks() throws {
        let bytes = (0..<(FileHash.chunkSize * 2 + 5)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = folder.write("a.png", bytes)
        var received: [UInt8] = []
        var largest = 0
        try EntryContent.stream(entry(bytes), path: path, index: 1) { chunk in
            received += chunk
            largest = max(largest, chunk.count)
        }
        XCTAssertEqual(received, bytes)
        XCTAssertLessThanOrEqual(largest, FileHash.chunkSize)
    }

    func testAChangedFileIsRefusedNamingItsEntry() {
        let recorded = entry(Array("original".utf8))
        let path = folder.write("a.png", Array("changed!".utf8))  // same length, other bytes
        assertThrows(.inputChanged(path: path, entry: 4)) { () throws(ImgselError) in
            try EntryContent.stream(recorded, path: path, index: 4) { _ in }
        }
        folder.write("a.png", Array("original and longer".utf8))
        assertThrows(.inputChanged(path: path, entry: 4)) { () throws(ImgselError) in
            try EntryContent.verify(recorded, path: path, index: 4)
        }
    }

    func testAMissingFileIsReported() {
        let path = folder.file("gone.png")
        assertThrows(.inputMissing(path: path)) { () throws(ImgselError) in
            try EntryContent.verify(entry([1, 2, 3]), path: path, index: 1)
        }
    }
}
