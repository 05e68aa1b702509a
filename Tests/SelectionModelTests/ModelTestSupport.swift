import ModelTestSupport
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

/// The selection a file's text decodes to, read as `sel.json`.
func decodeSelectionFile(_ text: String) throws(SelectionFileError) -> Selection {
    try SelectionFile.decode(Array(text.utf8), path: "sel.json")
}

/// Why a file's text is not a selection (`invalidSelectionFile`'s reason); nil when it decodes.
func invalidReason(_ text: String) -> String? {
    do {
        _ = try decodeSelectionFile(text)
        return nil
    } catch {
        guard case let .invalidSelectionFile(_, reason) = error else { return "unexpected \(error)" }
        return reason
    }
}
