import ImageHeaders
import ModelTestSupport
import XCTest

@testable import SelectionModel

/// `--sizes` and `--no-alpha` (SPEC "Upload rules"): read, written, judged on the upright cropped
/// size, mended by export (shrunk to an exact size of the picture's aspect within 1 %, alpha laid
/// over white), refused only when export cannot mend them, and everything under `--as-is`.
final class ExactSizesTests: XCTestCase {
    private let phone = PixelSize(width: 1320, height: 2868), landscape = PixelSize(width: 2868, height: 1320)
    private var sizes: Rule { .sizes([phone, landscape]) }

    private func image(_ width: Int, _ height: Int, alpha: Bool = false, ownCrop: Bool = false) -> Rule.Image {
        var image = ruleImage(.png, width: width, height: height, ownCrop: ownCrop)
        image.alpha = alpha
        return image
    }

    func testSizesAreReadAsTypedAndWrittenBack() throws {
        XCTAssertEqual(try Rule.parse(.sizes, "1320x2868, 2868X1320,1320×2868"), sizes, "each once, x in any case")
        XCTAssertEqual(sizes.argument, "1320x2868,2868x1320")
        for bad in ["12x", "x12", "12", "0x5", "1320x2868,", "12x12x12", "-1x4", "1e3x4", "1234567890x1"] {
            XCTAssertThrowsError(try Rule.parse(.sizes, bad), bad) { error in
                XCTAssertEqual(error as? RuleParseError, .malformed(.sizes, text: bad, expected: .sizes))
            }
        }
        let rules = Rules([sizes, .noAlpha])
        XCTAssertEqual(
            JSONWriter.compact(rules.json), #"{"sizes":["1320x2868","2868x1320"],"no-alpha":true}"#)
        XCTAssertEqual(try Rules.decode(rules.json), rules)
        XCTAssertThrowsError(try Rules.decode(.object([("sizes", .array([.string("12x")]))])))
        XCTAssertThrowsError(try Rules.decode(.object([("no-alpha", .bool(false))])))
    }

    func testAnExactSizeKeepsTheRuleAndALargerOneOfItsAspectIsShrunkToIt() {
        let rules = Rules([sizes])
        XCTAssertEqual(rules.judge(image(1320, 2868), path: "a").problems, [])
        XCTAssertEqual(rules.judge(image(1320, 2868), path: "a").mends, [])
        let big = rules.judge(image(2640, 5736), path: "b")
        XCTAssertEqual(big.problems, [])
        XCTAssertEqual(big.target, phone)
        XCTAssertEqual(big.mends, [.init(rule: sizes, kind: .shrink(phone, rules: [sizes]))])
        // Within 1 % of the aspect: shrunk to the size exactly (the sides move by under 1 %).
        let near = rules.judge(image(1333, 2868), path: "n")
        XCTAssertEqual(near.problems, [])
        XCTAssertEqual(near.target, phone)
        XCTAssertTrue(PixelSize(width: 1333, height: 2868).hasAspect(within: phone))
        XCTAssertFalse(PixelSize(width: 1334, height: 2868).hasAspect(within: phone))
        // The largest size of its aspect that the picture covers, within the other limits' box.
        let two = Rules([.sizes([PixelSize(width: 100, height: 200), PixelSize(width: 200, height: 400)])])
        XCTAssertEqual(two.judge(image(300, 600), path: "t").target, PixelSize(width: 200, height: 400))
        XCTAssertEqual(
            Rules(two.all + [.maxWidth(150)]).judge(image(300, 600), path: "t").target,
            PixelSize(width: 100, height: 200))
    }

    func testOnlyAPictureSmallerThanEverySizeOfItsAspectOrOfNoListedAspectIsRefused() {
        let rules = Rules([sizes])
        let small = rules.judge(image(1000, 2173), path: "s")
        XCTAssertEqual(
            small.problems,
            [RuleProblem(path: "s", rule: sizes, subject: .image(image(1000, 2173)), reason: .smallerThanSizes)])
        let square = rules.judge(image(3000, 3000), path: "q")
        XCTAssertEqual(
            square.problems,
            [RuleProblem(path: "q", rule: sizes, subject: .image(image(3000, 3000)), reason: .noSizeOfItsAspect)])
        // Under --as-is the file is uploaded as it is: a larger one is refused too.
        let strict = Rules([sizes, .asIs]).judge(image(2640, 5736), path: "b")
        XCTAssertEqual(strict.problems, [RuleProblem(path: "b", rule: sizes, subject: .image(image(2640, 5736)))])
    }

    func testAlphaIsFlattenedByExportAndRefusedAsIs() {
        let rules = Rules([.noAlpha])
        XCTAssertTrue(Rule.noAlpha.isBroken(by: image(10, 10, alpha: true)))
        XCTAssertFalse(Rule.noAlpha.isBroken(by: image(10, 10)))
        let judged = rules.judge(image(10, 10, alpha: true), path: "a")
        XCTAssertEqual(judged.problems, [])
        XCTAssertEqual(judged.mends, [.init(rule: .noAlpha, kind: .flattenAlpha)])
        XCTAssertEqual(
            Rules([.noAlpha, .asIs]).judge(image(10, 10, alpha: true), path: "a").problems,
            [RuleProblem(path: "a", rule: .noAlpha, subject: .image(image(10, 10, alpha: true)))])
        // Export cannot re-encode into a type `--types` forbids: then alpha cannot be mended either.
        let webp = Rules([.noAlpha, .types([.webp])]).judge(image(10, 10, alpha: true), path: "w")
        XCTAssertEqual(webp.problems.map(\.rule), [.types([.webp]), .noAlpha])
    }

    func testAnEntrysAlphaIsLookedUpNotRecorded() throws {
        var entry = makeEntry("a.png")
        let plain = entry
        entry.alpha = true
        XCTAssertEqual(entry, plain, "a looked-up fact never makes two entries differ")
        let selection = try Selection(capacity: 9, current: 1, items: [plain], rules: Rules([.noAlpha, .asIs]))
        XCTAssertEqual(selection.entriesBreaking().count, 0, "unknown: judged as none")
        let known = selection.knowingAlpha { _ in true }
        XCTAssertEqual(known.entriesBreaking().map(\.problem.rule), [.noAlpha])
        XCTAssertFalse(
            String(decoding: SelectionFile.encode(known), as: UTF8.self).contains("\"alpha\""), "never written")
    }
}
