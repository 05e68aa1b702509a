import TestImages
import XCTest

@testable import Deflate

/// The deflate encoder: everything it writes inflates back exactly, the same
/// input gives the same bytes, and each block takes its cheapest form.
final class DeflateTests: XCTestCase {
    /// A deterministic pseudo-random byte source (xorshift), so the tests need no seed files.
    static func noise(_ count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        TestBytes.noise(count, seed: seed)
    }

    private func roundTrip(_ data: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> [UInt8] {
        let compressed = Deflate.zlib(data)
        XCTAssertEqual(try Inflate.zlib(compressed, limit: data.count), data, file: file, line: line)
        XCTAssertEqual(try Inflate.raw(Deflate.raw(data), limit: data.count), data, file: file, line: line)
        return compressed
    }

    func testEmptyAndTinyInputsRoundTrip() throws {
        for data in [[], [7], [1, 2], [1, 2, 3, 4, 5, 6, 7, 8, 9]] as [[UInt8]] { _ = try roundTrip(data) }
    }

    func testRepetitiveDataShrinksAndRoundTrips() throws {
        let text = Array(String(repeating: "the nine-grid add images view, ", count: 400).utf8)
        XCTAssertLessThan(try roundTrip(text).count, text.count / 20)
        let zeros = [UInt8](repeating: 0, count: 300_000)
        XCTAssertLessThan(try roundTrip(zeros).count, 1000)
    }

    func testNoiseIsStoredNotExpanded() throws {
        // 200 000 random bytes: a stored block (5 bytes of header) per block of 16383 symbols, plus the wrapper.
        let data = Self.noise(200_000)
        XCTAssertLessThanOrEqual(try roundTrip(data).count, data.count + (data.count / 16383 + 1) * 5 + 6)
    }

    func testManyBlocksAndMixedContentRoundTrip() throws {
        // Noise, runs and repeats far apart: more than one block of 16383 symbols, matches up to 32 KiB back.
        var data: [UInt8] = []
        let chunk = Self.noise(5000, seed: 42)
        for i in 0..<40 {
            data += i % 3 == 0 ? chunk : Self.noise(3000, seed: UInt64(i + 1))
            data += [UInt8](repeating: UInt8(i), count: i * 50)
        }
        _ = try roundTrip(data)
    }

    func testTheSameInputGivesTheSameBytes() {
        let data = Self.noise(50_000, seed: 5) + [UInt8](repeating: 9, count: 10_000) + Self.noise(50_000, seed: 5)
        XCTAssertEqual(Deflate.zlib(data), Deflate.zlib(data))
    }

    func testAZlibHeaderZlibAccepts() {
        let stream = Deflate.zlib([1, 2, 3])
        XCTAssertEqual(Array(stream.prefix(2)), [0x78, 0x9C])
        XCTAssertEqual((Int(stream[0]) << 8 | Int(stream[1])) % 31, 0)
    }
}
