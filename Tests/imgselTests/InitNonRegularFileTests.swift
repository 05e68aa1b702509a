import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `init` on something that can never be a selection says so at once, with or without --force.
final class InitOnANonRegularFileTests: ImgselTestCase {
    func testAFolderIsNotARegularFile() throws {
        try FileManager.default.createDirectory(at: url("d"), withIntermediateDirectories: true)
        for args in [["-f", "d", "init"], ["-f", "d", "init", "--force"]] {
            let r = run(args)
            assertFailure(r, 4, stderrContains: ["not a regular file (a directory)"])
            XCTAssertFalse(r.stderr.contains("--force"), r.transcript)
        }
    }

    func testAFIFOIsNotARegularFile() {
        XCTAssertEqual(mkfifo(url("pipe").path, 0o644), 0)
        let r = run(["-f", "pipe", "init"])
        assertFailure(r, 4, stderrContains: ["not a regular file (a FIFO)"])
        XCTAssertFalse(r.stderr.contains("already exists"), r.transcript)
    }
}
