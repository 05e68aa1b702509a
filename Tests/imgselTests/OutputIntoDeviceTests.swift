import Foundation
import XCTest

/// OUT that exists and is not a regular file (a FIFO here; /dev/null alike) is written into in
/// place: a rename over it would leave a regular file where the device or FIFO was (run as root,
/// `imgsel thumbnail a.jpg /dev/null` once replaced /dev/null itself).
final class OutputIntoDeviceTests: ImgselTestCase {
    func testThumbnailAndSheetIntoAFIFOWriteThroughItAndLeaveItAFIFO() throws {
        seed(2)
        let binary = try XCTUnwrap(Binary.url).path
        for command in [["thumbnail", "img1.png"], ["sheet"]] {
            let fifo = url("out.fifo").path
            XCTAssertEqual(mkfifo(fifo, 0o600), 0)
            let args = (command + ["out.fifo"]).map { "'\($0)'" }.joined(separator: " ")
            let r = run(
                ["-c", "cat out.fifo > got.png & '\(binary)' \(args); status=$?; wait; exit $status"],
                program: URL(fileURLWithPath: "/bin/sh"))
            assertSuccess(r)
            var st = stat()
            XCTAssertEqual(lstat(fifo, &st), 0)
            XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "\(command[0]): still a FIFO")
            XCTAssertEqual(bytes("got.png")?.prefix(8), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            XCTAssertEqual(listing(".").filter { $0.hasPrefix(".imgsel-tmp") }, [], "no temporary file left")
            try FileManager.default.removeItem(atPath: fifo)
        }
    }
}
