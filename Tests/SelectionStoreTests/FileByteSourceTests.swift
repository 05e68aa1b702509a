import Foundation
import ImageHeaders
import TestImages
import XCTest

@testable import SelectionStore

#if canImport(Glibc)
import Glibc
#endif

/// The probe reading an open file: pread at any offset, short at the end, errno's words on failure.
final class FileByteSourceTests: XCTestCase {
    typealias B = ImageBytes

    func testFileDescriptorSource() throws {
        let path = NSTemporaryDirectory() + "probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jpg"
        let bytes = B.jpeg(width: 1234, height: 567, exif: B.exif(orientation: 6, littleEndian: false))
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        let source = FileDescriptorByteSource(fd: fd, size: bytes.count)
        XCTAssertEqual(try ImageProbe.probe(source), ImageFacts(type: .jpeg, width: 1234, height: 567, orientation: 6))
        XCTAssertEqual(try source.read(at: 2, count: 2), [0xFF, 0xE1])
        XCTAssertEqual(try source.read(at: bytes.count - 1, count: 100), [0xD9])
        XCTAssertEqual(try source.read(at: bytes.count, count: 100), [])
        // A file that shrank after it was measured reads short, then the probe reports truncation.
        let stale = FileDescriptorByteSource(fd: fd, size: bytes.count + 10_000)
        XCTAssertEqual(try stale.read(at: bytes.count - 2, count: 10).count, 2)
    }

    func testFileDescriptorReadError() {
        let fd = open("/", O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        XCTAssertThrowsError(try ImageProbe.probe(FileDescriptorByteSource(fd: fd, size: 4096))) { error in
            XCTAssertEqual((error as? ProbeError)?.description, "read error: Is a directory")
        }
    }
}
