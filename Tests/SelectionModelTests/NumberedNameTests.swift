import XCTest

@testable import SelectionModel

/// The numbering `save` and `export` share for a name that is taken.
final class NumberedNameTests: XCTestCase {
    func testCandidateNamesPutTheNumberBeforeTheExtension() {
        XCTAssertEqual(NumberedName.candidate("IMG.jpg", 0), "IMG.jpg")
        XCTAssertEqual(NumberedName.candidate("IMG.jpg", 1), "IMG (1).jpg")
        XCTAssertEqual(NumberedName.candidate("a.tar.gz", 2), "a.tar (2).gz")
        XCTAssertEqual(NumberedName.candidate("noext", 1), "noext (1)")
        XCTAssertEqual(NumberedName.candidate(".hidden", 1), ".hidden (1)")
    }

    func testALongNameLosesTheEndOfItsStemToFitTheSuffix() {
        let name = String(repeating: "a", count: 251) + ".jpg"  // 255 bytes, the most a name may have
        XCTAssertEqual(NumberedName.candidate(name, 0), name)
        XCTAssertEqual(NumberedName.candidate(name, 1), String(repeating: "a", count: 247) + " (1).jpg")
        XCTAssertEqual(NumberedName.candidate(name, 9999), String(repeating: "a", count: 244) + " (9999).jpg")
        let short = String(repeating: "b", count: 240) + ".png"  // 244 bytes: " (12)" still fits
        XCTAssertEqual(NumberedName.candidate(short, 12), String(repeating: "b", count: 240) + " (12).png")
        let noExtension = String(repeating: "c", count: 255)
        XCTAssertEqual(NumberedName.candidate(noExtension, 3), String(repeating: "c", count: 251) + " (3)")
    }

    func testShorteningNeverSplitsACharacter() {
        // 2-byte é, 4-byte emoji, and é written as e + combining accent (3 bytes, one character).
        for (character, count) in [("é", 125), ("📷", 62), ("e\u{301}", 83)] {
            let name = String(repeating: character, count: count) + ".jpg"
            for attempt in [1, 42, 9999] {
                let candidate = NumberedName.candidate(name, attempt)
                let suffix = " (\(attempt)).jpg"
                XCTAssertLessThanOrEqual(candidate.utf8.count, 255, "\(character) \(attempt)")
                XCTAssertTrue(candidate.hasSuffix(suffix), candidate)
                let stem = String(candidate.dropLast(suffix.count))
                XCTAssertEqual(stem, String(repeating: character, count: stem.count), "whole characters only")
                XCTAssertGreaterThan(candidate.utf8.count, 255 - character.utf8.count, "no more cut than needed")
            }
        }
    }

    func testAnAbsurdExtensionIsShortenedWithTheRest() {
        let name = "a." + String(repeating: "b", count: 252)  // the "extension" is 253 bytes
        XCTAssertEqual(NumberedName.candidate(name, 1), "a." + String(repeating: "b", count: 249) + " (1)")
        let sixteen = ".abcdefghijklmno"  // an extension of 16 bytes is still kept whole
        let kept = String(repeating: "x", count: 239) + sixteen
        XCTAssertEqual(NumberedName.candidate(kept, 12), String(repeating: "x", count: 234) + " (12)" + sixteen)
    }
}
