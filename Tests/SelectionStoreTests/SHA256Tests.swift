import Foundation
import TestImages
import XCTest

@testable import SelectionStore

/// Every compression function this CPU can run is checked against the same
/// NIST vectors and against coreutils' sha256sum, by name, so a fast path that
/// goes wrong cannot hide behind another.
final class SHA256Tests: XCTestCase {
    /// The implementations to check here: all this CPU can run.
    private var paths: [SHA256.Implementation] { SHA256.Implementation.allCases.filter(\.isAvailable) }

    func testThePortablePathIsAlwaysAvailable() {
        XCTAssertTrue(SHA256.Implementation.portable.isAvailable)
        XCTAssertEqual(SHA256(implementation: .portable).implementation, .portable)
    }

    func testTheSHAInstructionsAreUsedWhenTheCPUHasThem() throws {
        // /proc/cpuinfo's flags are the kernel's word, independent of our cpuid code.
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = Set(
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?
                .split(separator: " ").map(String.init) ?? [])
        #if arch(x86_64)
        let expected = flags.contains("sha_ni") && flags.contains("sse4_1") && flags.contains("ssse3")
        XCTAssertEqual(SHA256.Implementation.x86SHA.isAvailable, expected)
        XCTAssertEqual(SHA256.Implementation.best, expected ? .x86SHA : .portable)
        XCTAssertFalse(SHA256.Implementation.armv8SHA2.isAvailable)
        #elseif arch(arm64)
        let features = Set(
            cpuinfo.split(separator: "\n").first { $0.hasPrefix("Features") }?
                .split(separator: " ").map(String.init) ?? [])
        XCTAssertEqual(SHA256.Implementation.armv8SHA2.isAvailable, features.contains("sha2"))
        XCTAssertFalse(SHA256.Implementation.x86SHA.isAvailable)
        #endif
        XCTAssertEqual(SHA256().implementation, SHA256.Implementation.best)
    }

    func testAnUnavailablePathFallsBackToThePortableOne() {
        for path in SHA256.Implementation.allCases where !path.isAvailable {
            XCTAssertEqual(SHA256(implementation: path).implementation, .portable, "\(path)")
        }
    }

    func testNISTVectors() {
        let vectors: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnop"
                    + "jklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ]
        for path in paths {
            for (message, digest) in vectors {
                XCTAssertEqual(SHA256.hash(Array(message.utf8), implementation: path), digest, "\(path) \(message)")
            }
        }
    }

    func testOneMillionA() {
        for path in paths {
            var h = SHA256(implementation: path)
            let chunk = [UInt8](repeating: 0x61, count: 1000)
            for _ in 0..<1000 { h.update(chunk) }
            XCTAssertEqual(
                SHA256.hex(h.finalize()), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
                "\(path)")
        }
    }

    func testDigestShapeAndReuse() {
        for path in paths {
            var h = SHA256(implementation: path)
            h.update(Array("abc".utf8))
            let d = h.finalize()
            XCTAssertEqual(d.count, 32)
            // finalize resets, so the hasher can be reused, with the same implementation.
            XCTAssertEqual(SHA256.hex(h.finalize()), SHA256.hash([]))
            XCTAssertEqual(h.implementation, path)
        }
        XCTAssertEqual(SHA256.hex([0x00, 0x0F, 0xA0, 0xFF]), "000fa0ff")
    }

    func testLengthsAroundBlockBoundariesAgainstSha256sum() throws {
        // coreutils' sha256sum is the reference; a machine without it fails here rather than skipping.
        var rng = SplitMix64(seed: 7)
        var lengths = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 191, 192, 193, 1000, 100_003]
        for _ in 0..<12 { lengths.append(rng.below(5000)) }
        for length in lengths {
            let data = rng.bytes(length)
            let expected = try sha256sum(data)
            for path in paths {
                XCTAssertEqual(SHA256.hash(data, implementation: path), expected, "\(path) length \(length)")
                for pattern in [[1], [3, 61, 64], [63, 1, 128, 7], [64], [200]] {
                    var h = SHA256(implementation: path)
                    var i = 0, p = 0
                    while i < data.count {
                        let n = min(pattern[p % pattern.count], data.count - i)
                        data[i..<(i + n)].withUnsafeBytes { h.update($0) }
                        i += n
                        p += 1
                    }
                    h.update(UnsafeRawBufferPointer(start: nil, count: 0))
                    XCTAssertEqual(SHA256.hex(h.finalize()), expected, "\(path) length \(length) pattern \(pattern)")
                }
            }
        }
    }

    func testLargeRandomInputAgainstSha256sum() throws {
        // Several MiB in one update and in odd pieces: long runs of whole blocks through each path.
        var rng = SplitMix64(seed: 42)
        let data = rng.bytes((5 << 20) + 37)
        let expected = try sha256sum(data)
        for path in paths {
            XCTAssertEqual(SHA256.hash(data, implementation: path), expected, "\(path)")
            var h = SHA256(implementation: path)
            var i = 0
            while i < data.count {
                let n = min(1 + rng.below(300_000), data.count - i)
                data[i..<(i + n)].withUnsafeBytes { h.update($0) }
                i += n
            }
            XCTAssertEqual(SHA256.hex(h.finalize()), expected, "\(path) in pieces")
        }
    }

    func testPathsAgreeOnManyRandomLengths() {
        // Cheap cross-check of every path against the portable one, beyond what sha256sum is spawned for.
        var rng = SplitMix64(seed: 99)
        for _ in 0..<300 {
            let data = rng.bytes(rng.below(700))
            let reference = SHA256.hash(data, implementation: .portable)
            for path in paths {
                XCTAssertEqual(SHA256.hash(data, implementation: path), reference, "\(path) \(data.count)")
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
