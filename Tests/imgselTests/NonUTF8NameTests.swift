import Foundation
import XCTest

/// A file name whose bytes are not UTF-8 cannot be recorded in the (JSON) selection file,
/// and Swift would repair it into another name: it is refused by name, with its bad bytes shown.
final class NonUTF8NameTests: ImgselTestCase {
    /// Runs `script` under /bin/sh in the test's folder with $IMGSEL naming the binary;
    /// the shell's printf makes the raw bytes that a Swift String cannot hold.
    func shell(_ script: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = dir
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGSEL_") }
        environment["IMGSEL"] = Binary.url!.path
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    func testANonUTF8NameOnTheCommandLineIsRefusedByName() throws {
        seed(1)
        let before = selectionData()
        let r = try shell(#"cp img1.png "$(printf 'bad\377.png')" && "$IMGSEL" add "$(printf 'bad\377.png')""#)
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(r.stderr, "imgsel: bad\\xff.png: the name is not valid UTF-8, which the selection file cannot record\n")
        XCTAssertEqual(r.stdout, "")
        assertUnchanged(before)
    }

    func testEveryBadNameIsReportedAndJSONHasItsCode() throws {
        let r = try shell(#""$IMGSEL" --json info "$(printf 'a\303.png')" ok.png "$(printf '\200b.gif')""#)
        XCTAssertEqual(r.status, 3)
        let lines = r.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, r.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.contains(#""code":"name-not-utf8","exit":3"#) }, r.stderr)
        XCTAssertTrue(r.stderr.contains(#"a\\xc3.png"#) && r.stderr.contains(#"\\x80b.gif"#), r.stderr)
    }

    func testANonUTF8NameOnStdinIsRefusedAndNothingIsAdded() throws {
        seed(1)
        let before = selectionData()
        let r = try shell(#"printf 'img1.png\nbad\377.png\n' | "$IMGSEL" add -"#)
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(r.stderr, "imgsel: bad\\xff.png: the name is not valid UTF-8, which the selection file cannot record\n")
        assertUnchanged(before)
    }
}
