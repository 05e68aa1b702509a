import ByteCoding
import Foundation
import TestImages
import XCTest

final class Base64Tests: XCTestCase {
    /// RFC 4648 section 10's test vectors.
    func testTheStandardVectors() {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors {
            XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded, plain)
        }
    }

    func testEveryByteValueUsesTheStandardAlphabet() {
        let bytes = (0...255).map { UInt8($0) }
        XCTAssertEqual(Base64.encode(bytes), Data(bytes).base64EncodedString())
        XCTAssertEqual(Base64.encode([0xFB, 0xFF, 0xBF]), "+/+/")
    }

    /// A file arrives in chunks of whatever size `read` returns; the carried bytes
    /// between chunks must not change the result.
    func testChunkedEncodingEqualsOneShot() {
        var generator = SplitMix64(seed: 0xB64)  // seeded, so a failure replays
        for length in [0, 1, 2, 3, 4, 5, 7, 64, 1000, 4099] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for chunk in [1, 2, 3, 4, 5, 7, 11, 4096] {
                var encoder = Base64Encoder()
                var out: [UInt8] = []
                var start = 0
                while start < bytes.count {
                    let end = min(start + chunk, bytes.count)
                    Array(bytes[start..<end]).withUnsafeBytes { encoder.encode($0, into: &out) }
                    start = end
                }
                encoder.finish(into: &out)
                XCTAssertEqual(
                    String(decoding: out, as: UTF8.self), Data(bytes).base64EncodedString(),
                    "length \(length) in chunks of \(chunk)")
            }
        }
    }

    func testEncodedCount() {
        XCTAssertEqual(Base64.encodedCount(0), 0)
        XCTAssertEqual(Base64.encodedCount(1), 4)
        XCTAssertEqual(Base64.encodedCount(3), 4)
        XCTAssertEqual(Base64.encodedCount(4), 8)
    }

    func testAWholeInputAppendedMatchesFoundationForEveryTailLength() {
        for length in 0..<10 {
            let bytes = (0..<length).map { UInt8(($0 * 97 + 13) % 256) }
            var out: [UInt8] = [0x21]
            bytes.withUnsafeBufferPointer { Base64.append($0, to: &out) }
            XCTAssertEqual(String(decoding: out, as: UTF8.self), "!" + Data(bytes).base64EncodedString())
        }
    }
}
