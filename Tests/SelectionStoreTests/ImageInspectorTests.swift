import Foundation
import ImageHeaders
import ModelTestSupport
import TestImages
import XCTest

@testable import SelectionStore

final class ImageInspectorTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    func testRecordsFactsBytesAndTheSameHashAsSha256sum() throws {
        let bytes = pngBytes(width: 640, height: 480, seed: "x")
        let path = folder.write("a.png", bytes)
        let image = try ImageInspector.inspect(path)
        XCTAssertEqual(image.facts, ImageFacts(type: .png, width: 640, height: 480))
        XCTAssertEqual(image.bytes, bytes.count)
        XCTAssertEqual(image.sha256, try sha256sum(path))
    }

    func testTheEntryAddRecordsStoresThePathRelativeToTheSelectionsFolder() throws {
        let path = folder.write("a.png", pngBytes(width: 640, height: 480, seed: "x"))
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
        let image = try ImageInspector.inspect(path)
        let entry = Entry(
            recording: image, typed: "../a.png", cwd: folder.file("sub"), selectionFolder: folder.path,
            added: "2026-11-29T15:00:00Z")
        XCTAssertEqual(
            entry,
            Entry(
                path: "a.png", type: .png, width: 640, height: 480, orientation: 1, frames: 1,
                bytes: image.bytes, sha256: image.sha256, added: "2026-11-29T15:00:00Z"))
        let outside = Entry(recording: image, typed: path, cwd: "/", selectionFolder: folder.file("sub"))
        XCTAssertEqual(outside.path, path, "absolute when not below the selection's folder")
    }

    func testEveryInputIsInspectedBeforeTheFailuresAreReportedTogether() {
        let good = folder.write("a.png", pngBytes(width: 2, height: 2))
        let text = folder.write("b.txt", Array("text".utf8))
        let gone = folder.file("gone.png")
        assertThrows(.several([.inputMissing(path: gone), .notAnImage(path: text, reason: "text")])) {
            () throws(StoreError) in
            try ImageInspector.entries(for: [gone, good, text], cwd: folder.path, selectionFolder: folder.path)
        }
    }

    func testStreamsFilesLargerThanOneChunk() throws {
        var bytes = pngBytes(width: 1, height: 1)
        bytes += (0..<(FileHash.chunkSize * 2 + 123)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = folder.write("big.png", bytes)
        let hashed = try FileHash.sha256(path: path)
        XCTAssertEqual(hashed.bytes, bytes.count)
        XCTAssertEqual(hashed.sha256, try sha256sum(path))
    }

    func testRefusesWhatIsNotARegularImageFile() throws {
        assertThrows(.inputMissing(path: folder.file("none.png"))) { () throws(StoreError) in
            try ImageInspector.inspect(folder.file("none.png"))
        }
        assertThrows(.inputNotRegular(path: folder.path, kind: "a directory")) { () throws(StoreError) in
            try ImageInspector.inspect(folder.path)
        }
        let fifo = folder.file("fifo.png")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        assertThrows(.inputNotRegular(path: fifo, kind: "a FIFO")) { () throws(StoreError) in
            try ImageInspector.inspect(fifo)
        }
        let empty = folder.write("empty.png", [])
        assertThrows(.notAnImage(path: empty, reason: "empty file")) { () throws(StoreError) in
            try ImageInspector.inspect(empty)
        }
        let pdf = folder.write("doc.png", Array("%PDF-1.7\n%...".utf8))
        assertThrows(.notAnImage(path: pdf, reason: "PDF document")) { () throws(StoreError) in
            try ImageInspector.inspect(pdf)
        }
        let link = folder.file("dangling.png")
        XCTAssertEqual(symlink(folder.file("gone"), link), 0)
        assertThrows(.inputUnreadable(path: link, reason: "dangling symbolic link")) { () throws(StoreError) in
            try ImageInspector.inspect(link)
        }
        assertThrows(.inputMissing(path: "(empty path)")) { () throws(StoreError) in try ImageInspector.inspect("") }
    }

    private func sha256sum(_ path: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        p.arguments = [path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(String(decoding: data, as: UTF8.self).prefix(64))
    }
}
