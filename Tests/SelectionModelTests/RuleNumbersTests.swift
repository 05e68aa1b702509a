import TestImages
import XCTest

@testable import SelectionModel

/// The numbers rules are typed as: strict parsing, and the shortest spelling that reads back.
final class RuleNumbersTests: XCTestCase {
    private func bytes(_ text: String) -> Int? {
        try? RuleNumbers.parse(text, units: RuleNumbers.sizeUnits, bareSuffix: "B")
    }

    private func pixels(_ text: String) -> Int? { try? RuleNumbers.parse(text, units: RuleNumbers.pixelUnits) }

    func testSizesAreBytesOrKBMBGB1024Based() {
        XCTAssertEqual(bytes("5MB"), 5_242_880)
        XCTAssertEqual(bytes("5.5MB"), 5_767_168)
        XCTAssertEqual(bytes("500KB"), 512_000)
        XCTAssertEqual(bytes("2GB"), 2_147_483_648)
        XCTAssertEqual(bytes("1024"), 1024)
        XCTAssertEqual(bytes("1024B"), 1024)
        XCTAssertEqual(bytes("0.5KB"), 512)
        XCTAssertEqual(bytes("5 MB"), 5_242_880, "as imgsel prints them")
        XCTAssertEqual(bytes("5mb"), 5_242_880)
        XCTAssertEqual(bytes("005.50MB"), 5_767_168)
        XCTAssertEqual(bytes("5.55MB"), 5_819_596, "rounded down: more than 5.55 MB is more than its whole bytes")
    }

    /// `1M` as `--max-pixels 12M` is typed: K, M and G are KB, MB and GB (issue 38).
    func testKMGAreKBMBGB() {
        XCTAssertEqual(bytes("1M"), 1 << 20)
        XCTAssertEqual(bytes("500K"), 512_000)
        XCTAssertEqual(bytes("500k"), 512_000)
        XCTAssertEqual(bytes("2G"), 2 << 30)
        XCTAssertEqual(bytes("5.5M"), 5_767_168)
        XCTAssertEqual(bytes("5 M"), 5_242_880)
        XCTAssertEqual(bytes("1m"), bytes("1mb"))
        for text in ["5MK", "5KM", "5MM", "M", "5.5", "5T", "5MiB"] { XCTAssertNil(bytes(text), text) }
    }

    /// Random spellings made of what a size is made of: each is refused or read as a value
    /// from 1 to the maximum whose shortest spelling reads back to it; nothing traps.
    func testRandomSizesAreReadOrRefusedNeverMisread() {
        var random = SplitMix64(seed: 38)
        let letters = Array("0123456789.. KMGBkmgbi9")
        for _ in 0..<50_000 {
            let text = String((0..<random.below(14)).map { _ in letters[random.below(letters.count)] })
            guard let value = bytes(text) else { continue }
            XCTAssertTrue((1...RuleNumbers.maximum).contains(value), "'\(text)' read as \(value)")
            XCTAssertEqual(bytes(RuleNumbers.text(value, units: RuleNumbers.byteUnits)), value, "'\(text)'")
        }
    }

    func testMalformedSizesAreRefused() {
        for text in [
            "-1", "5XB", "1e3", "", "MB", "5.", ".5MB", "5.5", "5.5B", "5 M B", "5  MB", "5 MBB", "+5", "0x10", "５MB",
        ] {
            XCTAssertThrowsError(
                try RuleNumbers.parse(text, units: RuleNumbers.sizeUnits, bareSuffix: "B"), "'\(text)'")
        }
        XCTAssertThrowsError(try RuleNumbers.parse("0", units: RuleNumbers.byteUnits, bareSuffix: "B")) {
            XCTAssertEqual($0 as? RuleNumbers.Refusal, .zero)
        }
        XCTAssertThrowsError(try RuleNumbers.parse("0.0001KB", units: RuleNumbers.byteUnits, bareSuffix: "B")) {
            XCTAssertEqual($0 as? RuleNumbers.Refusal, .zero)
        }
        XCTAssertThrowsError(try RuleNumbers.parse("99999999999GB", units: RuleNumbers.byteUnits, bareSuffix: "B")) {
            XCTAssertEqual($0 as? RuleNumbers.Refusal, .tooLarge)
        }
        XCTAssertThrowsError(
            try RuleNumbers.parse(String(repeating: "9", count: 40), units: RuleNumbers.byteUnits, bareSuffix: "B"))
    }

    func testPixelCountsTakeMForMillions() {
        XCTAssertEqual(pixels("12M"), 12_000_000)
        XCTAssertEqual(pixels("50M"), 50_000_000)
        XCTAssertEqual(pixels("12.5M"), 12_500_000)
        XCTAssertEqual(pixels("12000000"), 12_000_000)
        for text in ["12MP", "1.5", "12MB", "-12M", "1e6"] { XCTAssertNil(pixels(text), text) }
    }

    func testTheShortestSpellingReadsBackToTheSameValue() {
        let units = RuleNumbers.byteUnits
        XCTAssertEqual(RuleNumbers.text(5_242_880, units: units), "5MB")
        XCTAssertEqual(RuleNumbers.text(5_767_168, units: units), "5.5MB")
        XCTAssertEqual(RuleNumbers.text(512_000, units: units), "500KB")
        XCTAssertEqual(RuleNumbers.text(5_819_596, units: units), "5.55MB")
        XCTAssertEqual(RuleNumbers.text(1000, units: units), "1000")
        XCTAssertEqual(RuleNumbers.text(5_242_880, units: units, space: true), "5 MB")
        XCTAssertEqual(RuleNumbers.text(12_000_000, units: RuleNumbers.pixelUnits), "12M")
        XCTAssertEqual(RuleNumbers.text(12_345_678, units: RuleNumbers.pixelUnits), "12345678")
        for value in [1, 1023, 1024, 1025, 512_000, 5_242_879, 5_242_881, 5_819_597, 1 << 30, 3 << 30 + 1, 123_456_789]
        {
            XCTAssertEqual(bytes(RuleNumbers.text(value, units: units)), value, "\(value)")
        }
    }

    func testByteTextIsWhatListShows() {
        XCTAssertEqual(RuleNumbers.byteText(540), "540 B")
        XCTAssertEqual(RuleNumbers.byteText(2042), "2.0 KB")
        XCTAssertEqual(RuleNumbers.byteText(7_549_747), "7.2 MB")
        XCTAssertEqual(RuleNumbers.byteText(15 << 20), "15 MB")
    }

    func testAspectsAreExactFractions() throws {
        let fourFifths = try XCTUnwrap(Aspect("4:5"))
        XCTAssertEqual([fourFifths.numerator, fourFifths.denominator], [4, 5])
        XCTAssertEqual(fourFifths.description, "4:5")
        let point8 = try XCTUnwrap(Aspect("0.80"))
        XCTAssertEqual([point8.numerator, point8.denominator], [8, 10])
        XCTAssertEqual(point8.description, "0.8")
        XCTAssertEqual(Aspect("1.91")?.description, "1.91")
        XCTAssertEqual(Aspect("2")?.description, "2")
        XCTAssertEqual(Aspect("016:09")?.description, "16:9")
        for text in [
            "1e3", "-1", "0", "0.0", "0:5", "5:0", ".8", "1.", "4:5:6", "abc", "", "4/5", "1234567890", "1.234567891",
        ] {
            XCTAssertNil(Aspect(text), "'\(text)'")
        }
    }

    func testAspectComparisonsAreExact() throws {
        let sixteenNinths = try XCTUnwrap(Aspect("16:9"))
        XCTAssertFalse(sixteenNinths.isAbove(width: 1920, height: 1080))
        XCTAssertFalse(sixteenNinths.isBelow(width: 1920, height: 1080))
        XCTAssertTrue(sixteenNinths.isAbove(width: 1921, height: 1080))
        XCTAssertTrue(sixteenNinths.isBelow(width: 1919, height: 1080))
    }

    /// Rounded to the nearest, at four decimals or as many more as keep it off the limit.
    func testABreakingAspectPrintsAsManyDigitsAsMakeItDifferFromTheLimit() throws {
        func shown(_ limit: String, _ w: Int, _ h: Int) throws -> String {
            try XCTUnwrap(Aspect(limit)).breaking(width: w, height: h)
        }
        XCTAssertEqual(try shown("0.8", 799, 1000), "0.799")
        XCTAssertEqual(try shown("0.8", 7999, 10000), "0.7999")
        XCTAssertEqual(try shown("1.91", 19101, 10000), "1.9101")
        XCTAssertEqual(try shown("0.8", 3, 4), "0.75")
        XCTAssertEqual(try shown("1.25", 2, 1), "2")
        XCTAssertEqual(try shown("1.333", 640, 480), "1.3333", "the issue's: not 1.334, above the value")
        XCTAssertEqual(try shown("1.5", 640, 480), "1.3333", "the same picture the same way under a minimum")
        XCTAssertEqual(try shown("1.25", 640, 480), "1.3333", "and over another maximum")
        XCTAssertEqual(try shown("4:3", 6667, 5000), "1.3334", "1.333 would read as under 4:3")
        XCTAssertEqual(try shown("4:3", 1333, 1000), "1.333")
        XCTAssertEqual(try shown("0.9", 79999, 100000), "0.8", "four decimals, trailing zeros dropped")
        XCTAssertEqual(try shown("1.91", 1_910_000_001, 1_000_000_000), "1.910000001")
        XCTAssertEqual(try shown("0.00000001", 1, 2_147_483_647), "0", "0 is already under the limit")
        XCTAssertEqual(try shown("999999999", 2_147_483_647, 1), "2147483647")
        XCTAssertEqual(try shown("1", 1, 0), "∞")
    }
}
