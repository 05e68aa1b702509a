import Foundation
import TestImages
import XCTest

@testable import SelectionStore

/// Whole files through FileHash (the read loop `add`, `info` and `check` use),
/// at lengths around its buffer and the copy's pieces, against sha256sum and
/// against every implementation hashing the same bytes in memory.
final class SHA256FileTests: XCTestCase {
    var folder: TemporaryFolder!

    override func setUp() { folder = TemporaryFolder(for: self) }

    func testFilesAroundTheBufferSizeMatchSha256sumOnEveryPath() throws {
        var rng = SplitMix64(seed: 11)
        let chunk = FileHash.chunkSize
        for length in [0, 1, 64, chunk - 1, chunk, chunk + 1, 3 * chunk + 65, (9 << 20) + 7] {
            let bytes = rng.bytes(length)
            let path = folder.write("f\(length)", bytes)
            let hashed = try FileHash.sha256(path: path)
            XCTAssertEqual(hashed.bytes, length)
            XCTAssertEqual(hashed.sha256, try sha256sum(path), "length \(length)")
            for implementation in SHA256.Implementation.allCases where implementation.isAvailable {
                XCTAssertEqual(
                    SHA256.hash(bytes, implementation: implementation), hashed.sha256, "\(implementation) \(length)")
            }
        }
    }

    private func sha256sum(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return String(String(decoding: data, as: UTF8.self).prefix(64))
    }
}
