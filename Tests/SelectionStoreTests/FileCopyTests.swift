import Foundation
import TestImages
import XCTest

@testable import SelectionStore

/// The copy `save` makes: in the kernel where it can, through a buffer where it
/// cannot, and in both cases the checker sees exactly the destination's bytes.
final class FileCopyTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    private func content(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        return rng.bytes(count)
    }

    private func copy(
        from input: Int32, to outputPath: String, limit: Int, bufferSize: Int = 64 * 1024
    )
        throws -> (total: Int, checked: [UInt8])
    {
        let output = open(outputPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(output, 0)
        defer { close(output) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 64)
        defer { buffer.deallocate() }
        var checked: [UInt8] = []
        let total = try FileCopy.copy(from: input, to: output, limit: limit, buffer: buffer) {
            XCTAssertLessThanOrEqual($0.count, bufferSize)
            checked += $0
        }
        return (total, checked)
    }

    func testRegularFilesAreCopiedWholeAndCheckedAsWritten() throws {
        for count in [0, 1, 4095, 4096, FileCopy.pieceSize - 1, FileCopy.pieceSize, 2 * FileCopy.pieceSize + 12_345] {
            let bytes = content(count, seed: UInt64(count))
            let source = folder.write("src-\(count)", bytes)
            let input = open(source, O_RDONLY | O_CLOEXEC)
            defer { close(input) }
            let result = try copy(from: input, to: folder.file("dst-\(count)"), limit: count)
            XCTAssertEqual(result.total, count)
            XCTAssertEqual(result.checked, bytes, "length \(count)")
            XCTAssertEqual(folder.read("dst-\(count)"), bytes, "length \(count)")
        }
    }

    func testAnUnseekableSourceIsAReadErrorNotAShortCopy() throws {
        // copy_file_range refuses a pipe, and the buffered path reads by offset, so a pipe fails plainly.
        let bytes = content(50_000, seed: 3)
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        bytes.withUnsafeBytes { _ = write(fds[1], $0.baseAddress!, $0.count) }
        close(fds[1])
        defer { close(fds[0]) }
        XCTAssertThrowsError(try copy(from: fds[0], to: folder.file("dst"), limit: bytes.count)) { error in
            guard case FileCopy.Failure.read(let code) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(code, ESPIPE)
        }
    }

    func testAFileTheKernelRefusesIsCopiedThroughTheBuffer() throws {
        // copy_file_range refuses to copy between different kinds of file system (EXDEV, Linux 5.19 and
        // later), here procfs to the temp folder; the bytes then come through pread.
        let input = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        XCTAssertGreaterThanOrEqual(input, 0)
        defer { close(input) }
        let result = try copy(from: input, to: folder.file("status"), limit: 1 << 20)
        XCTAssertGreaterThan(result.total, 0)
        XCTAssertEqual(result.checked, folder.read("status"))
        XCTAssertTrue(String(decoding: result.checked, as: UTF8.self).hasPrefix("Name:"))
    }

    func testCopyingStopsOnceTheSourceIsLongerThanTheLimit() throws {
        let bytes = content(3 * FileCopy.pieceSize, seed: 5)
        let source = folder.write("long", bytes)
        let input = open(source, O_RDONLY | O_CLOEXEC)
        defer { close(input) }
        let result = try copy(from: input, to: folder.file("dst"), limit: 10)
        XCTAssertGreaterThan(result.total, 10)
        XCTAssertLessThanOrEqual(result.total, FileCopy.pieceSize, "stops after the first piece past the limit")
    }
}
