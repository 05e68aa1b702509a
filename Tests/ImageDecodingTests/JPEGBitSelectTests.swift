import XCTest

@testable import ImageDecoding
@testable import JPEGCodec

/// JPEGBitSelect against a bit-by-bit walk: both of its ways (the 16-bit window and the broadword
/// fallback past it), sparse and dense words, every start and rank the refinement scan uses.
final class JPEGBitSelectTests: XCTestCase {
    private func walk(_ x: UInt64, _ r: Int) -> Int? {
        var left = r
        for bit in 0..<64 where x & (UInt64(1) << UInt64(bit)) != 0 {
            if left == 0 { return bit }
            left -= 1
        }
        return nil
    }

    func testSelectFindsTheRthSetBitFromEveryStart() {
        let select = JPEGBitSelect()
        defer { select.deallocate() }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        var pastWindow = 0, none = 0
        for round in 0..<40_000 {
            var word = next()
            // Dense, half, quarter and eighth density: runs of zeros long and short.
            for _ in 0..<(round & 3) { word &= next() }
            // As the refinement scan asks: the band's zeros from k on, shifted down to k.
            word >>= next() % 64
            let r = Int(next() % 16)
            let expected = walk(word, r)
            XCTAssertEqual(select.broadword(word, r), expected, "word \(word) rank \(r)")
            if let found = expected, found < 16 {
                XCTAssertEqual(select.nearby(word, r), found, "word \(word) rank \(r)")
            } else {
                XCTAssertNil(select.nearby(word, r), "word \(word) rank \(r)")
                if expected == nil { none += 1 } else { pastWindow += 1 }
            }
        }
        XCTAssertGreaterThan(pastWindow, 1000, "the broadword way is tried")
        XCTAssertGreaterThan(none, 1000, "words with too few bits are tried")
    }

    func testSelectAtTheEdges() {
        let select = JPEGBitSelect()
        defer { select.deallocate() }
        XCTAssertNil(select.nearby(0, 0))
        XCTAssertNil(select.broadword(0, 0))
        XCTAssertEqual(select.nearby(0xFFFF, 15), 15)
        XCTAssertNil(select.nearby(0x1_7FFF, 15), "the 16th bit is past the window")
        XCTAssertEqual(select.broadword(0x1_7FFF, 15), 16)
        XCTAssertEqual(select.broadword(UInt64.max, 63), 63)
        XCTAssertNil(select.broadword(UInt64.max, 64))
        XCTAssertEqual(select.broadword(UInt64(1) << 63, 0), 63)
    }
}
