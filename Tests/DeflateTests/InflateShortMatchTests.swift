import Deflate
import XCTest

/// The inflate loop's faster paths: matches whose distance is shorter than the 8-byte copy (a
/// pixel's bytes repeated: distances 2 to 7 are copied 8 bytes at a time from a multiple of the
/// distance back), and tables built by doubling, with codes of every length up to 15 (past the
/// 12-bit main table, into subtables). Round trips through imgsel's own deflate, which codes a run
/// of period d as matches at distance d; the bytes must come back exactly.
final class InflateShortMatchTests: XCTestCase {
    private struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func testRunsOfEveryShortPeriodAndLength() throws {
        var random = Seeded(state: 23)
        var data: [UInt8] = []
        for period in 1...9 {
            for length in [3, 4, 7, 8, 9, 10, 15, 16, 17, 23, 64, 100, 257, 258, 259, 1000] {
                let pattern = (0..<period).map { _ in UInt8(random.next(256)) }
                data += (0..<(period + length)).map { pattern[$0 % period] }
                data += (0..<(1 + random.next(5))).map { _ in UInt8(random.next(256)) }
            }
        }
        let stream = Deflate.zlib(data)
        XCTAssertLessThan(stream.count, data.count / 4, "the runs were coded as matches")
        XCTAssertEqual(try Inflate.zlib(stream, limit: data.count), data)
    }

    /// Symbol frequencies falling by half from one to the next give codes of every length, so the
    /// literal/length table has both its doubled main part and subtables.
    func testCodesOfEveryLength() throws {
        var random = Seeded(state: 7)
        var data: [UInt8] = []
        for _ in 0..<200_000 {
            var symbol = 0
            while symbol < 40 && random.next(2) == 0 { symbol += 1 }
            data.append(UInt8(symbol * 5 + random.next(2)))
        }
        let stream = Deflate.zlib(data)
        XCTAssertEqual(try Inflate.zlib(stream, limit: data.count), data)
        for cut in stride(from: 2, to: stream.count - 4, by: stream.count / 97) {
            XCTAssertThrowsError(try Inflate.zlib(Array(stream[..<cut]), limit: data.count), "prefix \(cut)")
        }
    }
}
