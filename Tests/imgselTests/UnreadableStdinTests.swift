import Foundation
import XCTest

/// `-` reads paths from stdin; a stdin that cannot be read is an error, not an empty list.
final class UnreadableStdinTests: ImgselTestCase {
    /// Runs imgsel with stdin opened on `path` (here a folder, so read() fails with EISDIR).
    private func run(_ args: [String], stdinAt path: String) throws -> RunResult {
        let process = Process()
        process.executableURL = Binary.url!
        process.arguments = args
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGSEL_") }
        let out = Pipe()
        let err = Pipe()
        guard let input = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadUnknown) }
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try input.close()
        return RunResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData, stderrData: errData,
                         arguments: args)
    }

    func testAReadErrorOnStdinIsReportedWithExit3() throws {
        png("a.png")
        for command in ["add", "toggle"] {
            let r = try run([command, "-"], stdinAt: dir.path)
            assertFailure(r, 3)
            XCTAssertEqual(r.stderrLines, ["imgsel: standard input: cannot read: Is a directory"], r.transcript)
        }
        XCTAssertNil(selectionData(), "nothing was written")
    }
}
