import ModelTestSupport
import XCTest

@testable import SelectionStore

final class StreamedFileTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    func testNothingAppearsUntilCommitThenTheWholeFile() throws {
        folder.write("page.html", Array("old".utf8))
        let file = try StreamedFile(path: folder.file("page.html"))
        try file.write("<p>")
        try file.write([UInt8](repeating: 0x41, count: 300_000))  // past the buffer, so some reaches the disk early
        try file.write("</p>")
        XCTAssertEqual(folder.read("page.html"), Array("old".utf8), "the old file stays until commit")
        XCTAssertEqual(folder.list(), ["page.html"], "the pieces have no name yet, so a killed writer leaves nothing")
        try file.commit()
        XCTAssertEqual(
            folder.read("page.html"), Array("<p>".utf8) + [UInt8](repeating: 0x41, count: 300_000) + Array("</p>".utf8))
        XCTAssertEqual(file.count, 300_007)
        XCTAssertEqual(folder.list(), ["page.html"])
    }

    func testDiscardAndDeinitLeaveTheTargetAsItWas() throws {
        folder.write("page.html", Array("old".utf8))
        let file = try StreamedFile(path: folder.file("page.html"))
        try file.write("new")
        file.discard()
        file.discard()
        XCTAssertEqual(folder.read("page.html"), Array("old".utf8))
        XCTAssertEqual(folder.list(), ["page.html"])
        do {
            let abandoned = try StreamedFile(path: folder.file("other.html"))
            try abandoned.write("never committed")
        }
        XCTAssertEqual(folder.list(), ["page.html"], "an abandoned file removes its temporary file")
    }

    func testATargetNearTheNameLimitIsWritten() throws {
        let name = String(repeating: "x", count: 250) + ".html"
        let file = try StreamedFile(path: folder.file(name))
        try file.write("whole")
        try file.commit()
        XCTAssertEqual(folder.read(name), Array("whole".utf8))
        XCTAssertEqual(folder.list(), [name])
    }

    func testAMissingFolderFailsNamingTheTarget() {
        let target = folder.file("missing/page.html")
        assertThrows(.writeFailed(path: target, reason: "No such file or directory")) { () throws(StoreError) in
            try StreamedFile(path: target)
        }
    }
}
