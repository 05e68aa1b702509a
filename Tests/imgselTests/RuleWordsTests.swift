import ImageHeaders
import ModelTestSupport
import SelectionStore
import XCTest

@testable import ImgselCommands

/// The rules' words, which the command line alone spells (the model's tests judge the same
/// images as values): each rule's message at its edge, the options, the conflicts.
final class RuleWordsTests: XCTestCase {
    private func rule(_ name: RuleName, _ text: String? = nil) throws -> Rule { try Rule.parse(name, text) }

    func testMaxBytes() throws {
        let r = try rule(.maxBytes, "5MB")
        XCTAssertNil(r.brokenWords(ruleImage(bytes: 5_242_880)))
        XCTAssertEqual(
            r.brokenWords(ruleImage(bytes: 5_242_881)),
            "5242881 B is over this selection's 5242880 B (--max-bytes)",
            "where rounding would show 5.0 MB over 5 MB, the bytes are given")
        XCTAssertEqual(r.brokenWords(ruleImage(bytes: 7_549_747)), "7.2 MB is over this selection's 5 MB (--max-bytes)")
        XCTAssertEqual(
            try rule(.maxBytes, "1000").brokenWords(ruleImage(bytes: 2042)),
            "2.0 KB is over this selection's 1000 B (--max-bytes)")
        // 2151 B shows as 2.1 KB, and so does the limit: the bytes are given.
        XCTAssertEqual(
            try rule(.maxBytes, "2150").brokenWords(ruleImage(bytes: 2151)),
            "2151 B is over this selection's 2150 B (--max-bytes)")
        XCTAssertEqual(
            try rule(.maxBytes, "5.1MB").brokenWords(ruleImage(bytes: 5_360_000)),
            "5360000 B is over this selection's 5347737 B (--max-bytes)")
    }

    func testWidthsAndHeightsAreUpright() throws {
        XCTAssertNil(try rule(.minWidth, "400").brokenWords(ruleImage()))
        XCTAssertEqual(
            try rule(.minWidth, "401").brokenWords(ruleImage()),
            "400 px wide is under this selection's 401 px (--min-width)")
        XCTAssertNil(try rule(.maxWidth, "400").brokenWords(ruleImage()))
        XCTAssertEqual(
            try rule(.maxWidth, "399").brokenWords(ruleImage()),
            "400 px wide is over this selection's 399 px (--max-width)"
        )
        XCTAssertNil(try rule(.minHeight, "300").brokenWords(ruleImage()))
        XCTAssertEqual(
            try rule(.minHeight, "301").brokenWords(ruleImage()),
            "300 px high is under this selection's 301 px (--min-height)")
        XCTAssertNil(try rule(.maxHeight, "300").brokenWords(ruleImage()))
        XCTAssertEqual(
            try rule(.maxHeight, "299").brokenWords(ruleImage()),
            "300 px high is over this selection's 299 px (--max-height)")
        // Stored 400×300 with orientation 6 is shown 300×400.
        let turned = ruleImage(orientation: 6)
        XCTAssertNotNil(try rule(.minWidth, "301").brokenWords(turned))
        XCTAssertNil(try rule(.minHeight, "400").brokenWords(turned))
        XCTAssertNil(try rule(.minWidth, "301").brokenWords(ruleImage(orientation: 3)), "a half turn keeps the size")
    }

    func testMaxPixels() throws {
        XCTAssertNil(try rule(.maxPixels, "120000").brokenWords(ruleImage()))
        XCTAssertEqual(
            try rule(.maxPixels, "119999").brokenWords(ruleImage()),
            "400×300 = 120000 pixels is over this selection's 119999 (--max-pixels)")
        XCTAssertNil(try rule(.maxPixels, "12M").brokenWords(ruleImage(width: 4000, height: 3000)))
        XCTAssertEqual(
            try rule(.maxPixels, "12M").brokenWords(ruleImage(width: 4000, height: 3001)),
            "4000×3001 = 12004000 pixels is over this selection's 12M (--max-pixels)")
    }

    func testAspectsAtTheirEdge() throws {
        XCTAssertNil(try rule(.minAspect, "4:5").brokenWords(ruleImage(width: 400, height: 500)))
        XCTAssertEqual(
            try rule(.minAspect, "4:5").brokenWords(ruleImage(width: 399, height: 500)),
            "399×500 (aspect 0.798) is under this selection's 4:5 (--min-aspect)")
        XCTAssertNil(try rule(.maxAspect, "1.91").brokenWords(ruleImage(width: 191, height: 100)))
        XCTAssertEqual(
            try rule(.maxAspect, "1.91").brokenWords(ruleImage(width: 192, height: 100)),
            "192×100 (aspect 1.92) is over this selection's 1.91 (--max-aspect)")
        XCTAssertEqual(
            try rule(.maxAspect, "1.91").brokenWords(ruleImage(width: 19101, height: 10000)),
            "19101×10000 (aspect 1.9101) is over this selection's 1.91 (--max-aspect)", "never shown as equal")
        // Upright: stored 500×400 turned by orientation 8 is 400×500, exactly 4:5.
        XCTAssertNil(try rule(.minAspect, "0.8").brokenWords(ruleImage(width: 500, height: 400, orientation: 8)))
        XCTAssertNotNil(
            try rule(.maxAspect, "1.25").brokenWords(ruleImage(width: 1, height: 0)), "a zero height is infinitely wide"
        )
    }

    func testTypesAndAnimation() throws {
        let types = try rule(.types, "jpeg,png,webp")
        XCTAssertNil(types.brokenWords(ruleImage(.png)))
        XCTAssertEqual(
            types.brokenWords(ruleImage(.gif)), "type gif is not one of this selection's jpeg, png, webp (--types)")
        XCTAssertNil(try rule(.noAnimation).brokenWords(ruleImage(frames: 1)))
        XCTAssertEqual(
            try rule(.noAnimation).brokenWords(ruleImage(frames: 2)),
            "animated (2 frames), and this selection takes still images only (--no-animation)")
    }

    func testMinCountJudgesOnlyTheSet() throws {
        let r = try rule(.minCount, "2")
        XCTAssertNil(r.brokenWords(ruleImage()), "no image breaks it")
        XCTAssertNil(r.brokenWords(count: 2))
        XCTAssertEqual(r.brokenWords(count: 1), "the selection holds 1 entry, fewer than the 2 it needs (--min-count)")
        XCTAssertEqual(
            r.brokenWords(count: 0), "the selection holds 0 entries, fewer than the 2 it needs (--min-count)")
        XCTAssertNil(try rule(.maxBytes, "1").brokenWords(count: 0))
    }

    func testEachRuleSpellsItselfAsTheOptionThatSetsIt() throws {
        let typed: [(RuleName, String?)] = [
            (.maxBytes, "5.5MB"), (.minWidth, "320"), (.minHeight, "240"), (.maxWidth, "4096"), (.maxHeight, "4096"),
            (.maxPixels, "12M"), (.minAspect, "4:5"), (.maxAspect, "1.91"), (.sizes, "1320x2868,2868x1320"),
            (.types, "jpeg,png"), (.noAnimation, nil), (.noAlpha, nil), (.minCount, "2"), (.asIs, nil),
            (.distinct, nil),
        ]
        XCTAssertEqual(typed.map(\.0), RuleName.allCases, "every rule")
        for (name, text) in typed {
            let r = try Rule.parse(name, text)
            XCTAssertEqual(r.name.option, "--\(name.rawValue)")
            XCTAssertEqual(r.asOption, text.map { "--\(name.rawValue) \($0)" } ?? "--\(name.rawValue)")
        }
    }

    func testConflictsSayWhichOptions() throws {
        let conflicts = Rules([
            try rule(.minWidth, "500"), try rule(.maxWidth, "400"), try rule(.minAspect, "2"),
            try rule(.maxAspect, "16:9"), try rule(.minCount, "5"),
        ]).conflicts(capacity: 4)
        XCTAssertEqual(
            conflicts.map(\.words),
            [
                "--min-width 500 is more than --max-width 400: no image keeps both",
                "--min-aspect 2 is more than --max-aspect 16:9: no image keeps both",
                "--min-count 5 is more than the capacity of 4",
            ])
        XCTAssertEqual(
            ImgselError(SelectionError.ruleConflict(conflicts[2])).message,
            "--min-count 5 is more than the capacity of 4")
        XCTAssertEqual(
            ImgselError(SelectionFileError.rulesConflict(path: "s.json", conflicts[2])),
            .invalidSelectionFile(path: "s.json", reason: "--min-count 5 is more than the capacity of 4"))
    }
}
