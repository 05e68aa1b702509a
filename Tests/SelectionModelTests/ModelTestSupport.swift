import XCTest

@testable import SelectionModel

/// A synthetic entry whose content hash comes from `name` (its UTF-8 bytes in hex, padded to 64
/// digits: distinct for names of up to 32 bytes), for model tests that hash nothing.
func makeEntry(_ name: String, width: Int = 4, height: Int = 3, orientation: Int = 1) -> Entry {
    let hex = name.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    let digits = String(hex.prefix(64))
    return Entry(
        path: name, type: .png, width: width, height: height, orientation: orientation, frames: 1,
        bytes: name.utf8.count, sha256: digits + String(repeating: "0", count: 64 - digits.count),
        added: "2026-11-29T15:00:00Z")
}

func makeSelection(_ names: [String], capacity: Int = 9, current: Int? = nil) throws -> Selection {
    let items = names.map { makeEntry($0) }
    return try Selection(capacity: capacity, current: current ?? (items.isEmpty ? nil : 1), items: items)
}

extension Selection {
    var names: [String] { items.map(\.path) }
    /// The path of the entry under the cursor.
    var currentPath: String? { current.map { items[$0 - 1].path } }
}

/// Asserts that `body` throws exactly `expected`.
func assertThrows<T, Failure: Error & Equatable>(
    _ expected: Failure, _ body: () throws(Failure) -> T,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        _ = try body()
        XCTFail("expected \(expected), got a result", file: file, line: line)
    } catch {
        XCTAssertEqual(error, expected, file: file, line: line)
    }
}
