import ImageHeaders
import ModelTestSupport
import XCTest

@testable import SelectionModel

/// Each rule at its edge: the limit itself passes, one past it fails (imgselTests pins the messages).
final class RuleTests: XCTestCase {
    private func rule(_ name: RuleName, _ text: String? = nil) throws -> Rule { try Rule.parse(name, text) }

    /// Whether `rule` (typed as `text`) is broken by each image, in order.
    private func broken(_ name: RuleName, _ text: String?, _ images: [Rule.Image]) throws -> [Bool] {
        let r = try rule(name, text)
        return images.map { r.isBroken(by: $0) }
    }

    func testMaxBytes() throws {
        XCTAssertEqual(
            try broken(.maxBytes, "5MB", [ruleImage(bytes: 5_242_880), ruleImage(bytes: 5_242_881)]), [false, true])
        XCTAssertEqual(
            try broken(.maxBytes, "5.1MB", [ruleImage(bytes: 5_347_737), ruleImage(bytes: 5_347_738)]), [false, true])
    }

    func testWidthsAndHeightsAreUpright() throws {
        XCTAssertEqual(try broken(.minWidth, "400", [ruleImage()]), [false])
        XCTAssertEqual(try broken(.minWidth, "401", [ruleImage()]), [true])
        XCTAssertEqual(try broken(.maxWidth, "400", [ruleImage()]), [false])
        XCTAssertEqual(try broken(.maxWidth, "399", [ruleImage()]), [true])
        XCTAssertEqual(try broken(.minHeight, "300", [ruleImage()]), [false])
        XCTAssertEqual(try broken(.minHeight, "301", [ruleImage()]), [true])
        XCTAssertEqual(try broken(.maxHeight, "300", [ruleImage()]), [false])
        XCTAssertEqual(try broken(.maxHeight, "299", [ruleImage()]), [true])
        // Stored 400×300 with orientation 6 is shown 300×400.
        let turned = ruleImage(orientation: 6)
        XCTAssertEqual(try broken(.minWidth, "301", [turned, ruleImage(orientation: 3)]), [true, false])
        XCTAssertEqual(try broken(.minHeight, "400", [turned]), [false])
    }

    func testMaxPixels() throws {
        XCTAssertEqual(try broken(.maxPixels, "120000", [ruleImage()]), [false])
        XCTAssertEqual(try broken(.maxPixels, "119999", [ruleImage()]), [true])
        XCTAssertEqual(
            try broken(
                .maxPixels, "12M", [ruleImage(width: 4000, height: 3000), ruleImage(width: 4000, height: 3001)]),
            [false, true])
    }

    func testAspectsAtTheirEdge() throws {
        XCTAssertEqual(
            try broken(.minAspect, "4:5", [ruleImage(width: 400, height: 500), ruleImage(width: 399, height: 500)]),
            [false, true])
        XCTAssertEqual(
            try broken(
                .maxAspect, "1.91",
                [
                    ruleImage(width: 191, height: 100), ruleImage(width: 192, height: 100),
                    ruleImage(width: 19101, height: 10000),
                ]),
            [false, true, true])
        // Upright: stored 500×400 turned by orientation 8 is 400×500, exactly 4:5.
        XCTAssertEqual(try broken(.minAspect, "0.8", [ruleImage(width: 500, height: 400, orientation: 8)]), [false])
        XCTAssertEqual(
            try broken(.maxAspect, "1.25", [ruleImage(width: 1, height: 0)]), [true], "a zero height is infinitely wide"
        )
    }

    func testTypesAndAnimation() throws {
        XCTAssertEqual(try broken(.types, "jpeg,png,webp", [ruleImage(.png), ruleImage(.gif)]), [false, true])
        XCTAssertEqual(try broken(.noAnimation, nil, [ruleImage(frames: 1), ruleImage(frames: 2)]), [false, true])
    }

    func testMinCountJudgesOnlyTheSet() throws {
        let r = try rule(.minCount, "2")
        XCTAssertFalse(r.isBroken(by: ruleImage()), "no image breaks it")
        XCTAssertEqual([2, 1, 0].map(r.isBroken(byCount:)), [false, true, true])
        XCTAssertFalse(try rule(.maxBytes, "1").isBroken(byCount: 0))
    }

    /// What a value as typed is not, as values: the command line words them (imgselTests pins the words).
    func testParsingSaysWhatTheValueMustBe() {
        let all = Array(ImageType.allCases)
        let cases: [(RuleName, String, RuleParseError)] = [
            (.maxBytes, "5XB", .malformed(.maxBytes, text: "5XB", expected: .size)),
            (.maxBytes, "-1", .malformed(.maxBytes, text: "-1", expected: .size)),
            (.maxBytes, "0", .malformed(.maxBytes, text: "0", expected: .size)),
            (.maxBytes, "99999999999GB", .tooLarge(.maxBytes, text: "99999999999GB")),
            (.minWidth, "1e3", .malformed(.minWidth, text: "1e3", expected: .pixels)),
            (.maxHeight, "12.5", .malformed(.maxHeight, text: "12.5", expected: .pixels)),
            (.maxPixels, "12MP", .malformed(.maxPixels, text: "12MP", expected: .pixelCount)),
            (.minAspect, "1e3", .malformed(.minAspect, text: "1e3", expected: .aspect)),
            (.minCount, "0", .malformed(.minCount, text: "0", expected: .count(most: nil))),
            (.minCount, "100", .malformed(.minCount, text: "100", expected: .count(most: 99))),
            (.types, "jpg", .unknownType(part: "jpg", suggestion: .jpeg, known: all)),
            (.types, "pngg", .unknownType(part: "pngg", suggestion: nil, known: all)),
            (.types, "png,,gif", .typeList(text: "png,,gif", known: all)),
        ]
        for (name, text, expected) in cases {
            assertThrows(expected) { () throws(RuleParseError) in try Rule.parse(name, text) }
        }
    }

    func testTypesAreKeptInTheRegistrysOrderOnce() throws {
        XCTAssertEqual(try Rule.parse(.types, "webp, PNG,jpeg,png"), .types([.jpeg, .png, .webp]))
        XCTAssertEqual(try Rule.parse(.types, "webp, PNG,jpeg,png").argument, "jpeg,png,webp")
    }

    func testEachRuleSpellsItsValueAsTyped() throws {
        let typed: [(RuleName, String?)] = [
            (.maxBytes, "5.5MB"), (.minWidth, "320"), (.minHeight, "240"), (.maxWidth, "4096"), (.maxHeight, "4096"),
            (.maxPixels, "12M"), (.minAspect, "4:5"), (.maxAspect, "1.91"), (.sizes, "1320x2868,2868x1320"),
            (.types, "jpeg,png"), (.noAnimation, nil), (.noAlpha, nil), (.minCount, "2"), (.asIs, nil),
            (.distinct, nil),
        ]
        XCTAssertEqual(typed.map(\.0), RuleName.allCases, "every rule")
        for (name, text) in typed {
            let r = try Rule.parse(name, text)
            XCTAssertEqual(r.name, name)
            XCTAssertEqual(r.argument, text, "the shortest spelling is the one typed here")
            XCTAssertEqual(try Rule.parse(name, r.argument), r, "reads back")
        }
    }
}
