import Foundation
import ModelTestSupport
import TestImages
import XCTest

@testable import SelectionStore

/// A synthetic entry whose content hash comes from `name`, for pure model tests.
func makeEntry(_ name: String, width: Int = 4, height: Int = 3, orientation: Int = 1) -> Entry {
    Entry(
        path: name, type: .png, width: width, height: height, orientation: orientation, frames: 1,
        bytes: name.utf8.count, sha256: SHA256.hash(Array(name.utf8)), added: "2026-11-29T15:00:00Z")
}

func makeSelection(_ names: [String], capacity: Int = 9, current: Int? = nil) throws -> Selection {
    let items = names.map { makeEntry($0) }
    return try Selection(capacity: capacity, current: current ?? (items.isEmpty ? nil : 1), items: items)
}

/// The model's refusal of a change made inside `Store.update`, as the store's error.
func model<T>(_ call: @autoclosure () throws(SelectionError) -> T) throws(StoreError) -> T {
    do {
        return try call()
    } catch {
        throw .selection(error)
    }
}

/// A fresh folder per test, removed when the test ends, by a teardown block of the test: XCTest
/// keeps every test case object until the process exits, so a folder a test case held was never
/// freed, and 71 folders (41 MB) were left in the temporary directory after each `make test`.
final class TemporaryFolder {
    let path: String

    init(for test: XCTestCase) {
        let base = NSTemporaryDirectory() + "imgsel-unit-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = base
        test.addTeardownBlock { try? FileManager.default.removeItem(atPath: base) }
    }

    func file(_ name: String) -> String { path + "/" + name }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> String {
        let p = file(name)
        _ = FileManager.default.createFile(atPath: p, contents: Data(bytes))
        return p
    }

    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { [UInt8]($0) }
    }

    func list(_ sub: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sub.isEmpty ? path : file(sub))) ?? []).sorted()
    }
}

/// A minimal valid PNG header (IHDR, IDAT, IEND) with `seed` bytes in a tEXt chunk so contents differ.
func pngBytes(width: Int, height: Int, seed: String = "") -> [UInt8] {
    func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { ImageBytes.pngChunk(type, data) }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        + chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        + chunk("tEXt", Array("seed\0\(seed)".utf8))
        + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        + chunk("IEND", [])
}

/// The entry `add` would record for a file on disk (orientation and frames fixed at 1), for album tests.
func entryFromDisk(_ path: String) throws -> Entry {
    let image = try ImageInspector.inspect(path)
    return Entry(
        path: path, type: image.facts.type, width: image.facts.width, height: image.facts.height,
        orientation: 1, frames: 1, bytes: image.bytes, sha256: image.sha256, added: "x")
}

extension Album {
    /// Saves one entry through `save`, which owns the all-or-nothing rule.
    func saveOne(_ entry: Entry, source: String, index: Int) throws(StoreError) -> Saved {
        try save([Request(entry: entry, source: source, index: index)])[0]
    }
}
