import Foundation
import XCTest
@testable import SelectionStore

final class SHA256Tests: XCTestCase {
    func testNISTVectors() {
        XCTAssertEqual(SHA256.hash([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hash(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hash(Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)),
                       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    func testOneMillionA() {
        var h = SHA256()
        let chunk = [UInt8](repeating: 0x61, count: 1000)
        for _ in 0..<1000 { h.update(chunk) }
        XCTAssertEqual(SHA256.hex(h.finalize()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testDigestShapeAndReuse() {
        var h = SHA256()
        h.update(Array("abc".utf8))
        let d = h.finalize()
        XCTAssertEqual(d.count, 32)
        // finalize resets, so the hasher can be reused.
        XCTAssertEqual(SHA256.hex(h.finalize()), SHA256.hash([]))
        XCTAssertEqual(SHA256.hex([0x00, 0x0F, 0xA0, 0xFF]), "000fa0ff")
    }

    func testAgainstSha256sumWithUnevenChunks() throws {
        // coreutils' sha256sum is the reference; a machine without it fails here rather than skipping.
        var rng = SplitMix64(seed: 7)
        for length in [0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 100_003] {
            let data = rng.bytes(length)
            let expected = try sha256sum(data)
            XCTAssertEqual(SHA256.hash(data), expected, "length \(length)")
            for pattern in [[1], [3, 61, 64], [63, 1, 128, 7], [64], [200]] {
                var h = SHA256()
                var i = 0, p = 0
                while i < data.count {
                    let n = min(pattern[p % pattern.count], data.count - i)
                    data[i..<(i + n)].withUnsafeBytes { h.update($0) }
                    i += n
                    p += 1
                }
                h.update(UnsafeRawBufferPointer(start: nil, count: 0))
                XCTAssertEqual(SHA256.hex(h.finalize()), expected, "length \(length) pattern \(pattern)")
            }
        }
    }

    private func sha256sum(_ data: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Write from another thread so a large input cannot deadlock against a full output pipe.
        let writer = input.fileHandleForWriting
        let payload = Data(data)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            writer.write(payload)
            try? writer.close()
            done.signal()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return String(decoding: out, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }
}
