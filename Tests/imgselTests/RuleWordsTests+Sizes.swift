import ImageHeaders
import ModelTestSupport
import SelectionStore
import XCTest

@testable import ImgselCommands

/// What `--sizes`, `--no-alpha` and a target's capacity say: a broken rule, why export cannot mend
/// it, the note of what it will do.
final class SizesWordsTests: XCTestCase {
    private let sizes = Rule.sizes([PixelSize(width: 1320, height: 2868), PixelSize(width: 2868, height: 1320)])

    private func image(_ width: Int, _ height: Int, alpha: Bool = false) -> Rule.Image {
        var image = ruleImage(.png, width: width, height: height)
        image.alpha = alpha
        return image
    }

    func testTheBrokenRulesSayTheSizeOrTheAlphaAndWhyExportCannotMendThem() {
        XCTAssertEqual(sizes.asOption, "--sizes 1320x2868,2868x1320")
        XCTAssertEqual(Rule.noAlpha.asOption, "--no-alpha")
        XCTAssertEqual(
            sizes.brokenWords(image(1000, 2000)),
            "1000×2000 is not one of this selection's sizes 1320×2868, 2868×1320 (--sizes)")
        XCTAssertNil(sizes.brokenWords(image(1320, 2868)))
        XCTAssertEqual(
            Rule.noAlpha.brokenWords(image(4, 4, alpha: true)),
            "has an alpha channel or transparency, and this selection takes none (--no-alpha)")
        XCTAssertNil(Rule.noAlpha.brokenWords(image(4, 4)))
        let rules = Rules([sizes])
        XCTAssertEqual(
            rules.judge(image(1170, 2532), path: "small.png").problems.map(\.message),
            [
                "small.png: 1170×2532 is not one of this selection's sizes 1320×2868, 2868×1320 (--sizes); every one"
                    + " of its aspect is larger, and export never enlarges"
            ])
        XCTAssertEqual(
            rules.judge(image(2000, 2000), path: "sq.png").problems.map(\.message),
            [
                "sq.png: 2000×2000 is not one of this selection's sizes 1320×2868, 2868×1320 (--sizes); none is of"
                    + " its aspect, and export does not distort"
            ])
    }

    func testTheNotesSayTheExactSizeAndTheFlattening() {
        let rules = Rules([sizes, .noAlpha])
        XCTAssertEqual(
            rules.judge(image(2640, 5736, alpha: true), path: nil).mending,
            "export shrinks it to 1320×2868 (--sizes 1320x2868,2868x1320), flattens its alpha over white (--no-alpha)")
    }

    func testATargetTooSmallForTheSelectionSaysHowManyToDelete() {
        XCTAssertEqual(
            RuleConflict.entriesAboveCapacity(target: "bluesky", capacity: 4, count: 6).words,
            "--target bluesky takes at most 4 images, and the selection holds 6: delete 2 first")
        XCTAssertEqual(
            RuleConflict.entriesAboveCapacity(target: "play-store-feature-graphic", capacity: 1, count: 2).words,
            "--target play-store-feature-graphic takes at most 1 image, and the selection holds 2: delete 1 first")
    }
}
