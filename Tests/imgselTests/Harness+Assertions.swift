import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// What the tests assert of a run and of the selection file it leaves.
extension ImgselTestCase {
    // MARK: - Assertions

    /// Checks the exit status, showing the whole run when it differs.
    func assertExit(_ result: RunResult, _ expected: Int32, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, expected, "unexpected exit status\n\(result.transcript)", file: file, line: line)
    }

    /// exit 0, nothing on stderr.
    func assertSuccess(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) {
        assertExit(result, 0, file: file, line: line)
        XCTAssertEqual(result.stderr, "", "stderr should be empty\n\(result.transcript)", file: file, line: line)
    }

    /// A failure: the status, nothing on stdout, and stderr containing every fragment.
    func assertFailure(
        _ result: RunResult, _ expected: Int32, stderrContains fragments: [String] = [],
        stdoutEmpty: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertExit(result, expected, file: file, line: line)
        if stdoutEmpty {
            XCTAssertEqual(result.stdout, "", "stdout should be empty\n\(result.transcript)", file: file, line: line)
        }
        XCTAssertFalse(
            result.stderr.isEmpty, "stderr should say what is wrong\n\(result.transcript)", file: file, line: line)
        for fragment in fragments {
            XCTAssertTrue(
                result.stderr.contains(fragment), "stderr should contain \"\(fragment)\"\n\(result.transcript)",
                file: file, line: line)
        }
    }

    /// A usage error: exit 2, a message, and the command's usage line.
    func assertUsage(
        _ result: RunResult, usageLine: String? = nil, stderrContains fragments: [String] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        assertFailure(result, 2, stderrContains: fragments, file: file, line: line)
        if let usageLine {
            XCTAssertTrue(
                result.stderrLines.contains(usageLine),
                "stderr should hold the usage line \"\(usageLine)\"\n\(result.transcript)", file: file, line: line)
        }
    }

    // MARK: - The selection file

    func selectionData(_ url: URL? = nil) -> Data? {
        try? Data(contentsOf: url ?? selectionURL)
    }

    func selectionJSON(_ url: URL? = nil, file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        guard let data = selectionData(url) else {
            XCTFail("no selection file at \((url ?? selectionURL).path)", file: file, line: line)
            return [:]
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            XCTFail(
                "the selection file is not a JSON object:\n\(String(decoding: data, as: UTF8.self))", file: file,
                line: line)
            return [:]
        }
        return object
    }

    func items(_ url: URL? = nil, file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        selectionJSON(url, file: file, line: line)["items"] as? [[String: Any]] ?? []
    }

    /// The stored paths in order.
    func storedPaths(_ url: URL? = nil, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        items(url, file: file, line: line).map { $0["path"] as? String ?? "?" }
    }

    /// `current` (nil for JSON null or a missing file).
    func current(_ url: URL? = nil, file: StaticString = #filePath, line: UInt = #line) -> Int? {
        selectionJSON(url, file: file, line: line)["current"] as? Int
    }

    func capacity(_ url: URL? = nil, file: StaticString = #filePath, line: UInt = #line) -> Int? {
        selectionJSON(url, file: file, line: line)["capacity"] as? Int
    }

    /// The stored paths and the cursor, checked together.
    func assertSelection(
        _ paths: [String], current expected: Int?, _ url: URL? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(storedPaths(url, file: file, line: line), paths, "stored paths", file: file, line: line)
        XCTAssertEqual(current(url, file: file, line: line), expected, "current", file: file, line: line)
    }

    /// The file has exactly the bytes it had (or is still absent).
    func assertUnchanged(_ before: Data?, _ url: URL? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let after = selectionData(url)
        XCTAssertEqual(after, before, "the selection file should be byte-identical", file: file, line: line)
    }
}
