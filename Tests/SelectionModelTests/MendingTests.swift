import ImageHeaders
import XCTest

@testable import SelectionModel

/// What export mends and what it cannot (SPEC "Upload rules"): the judgement `add`, `check`,
/// `rules`, `crop` and export's plan all read.
final class MendingTests: XCTestCase {
    private func image(
        _ width: Int, _ height: Int, type: ImageType = .jpeg, bytes: Int = 1000, frames: Int = 1,
        ownCrop: Bool = false
    ) -> Rule.Image {
        var image = Rule.Image(
            facts: ImageFacts(type: type, width: width, height: height, frames: frames), bytes: bytes)
        image.ownCrop = ownCrop
        return image
    }

    func testAPhonesHEICIsMadeAJPEGWithinTheBytesAndSaysSo() {
        let rules = Rules([.maxBytes(2 << 20), .minWidth(320), .types([.jpeg, .png])])
        let judged = rules.judge(image(4032, 3024, type: .heic, bytes: 3 << 20), path: "IMG_4.heic")
        XCTAssertEqual(judged.problems, [])
        XCTAssertEqual(judged.mends.map(\.rule.name), [.maxBytes, .types])
        XCTAssertEqual(judged.mending, "export makes it a JPEG (--types jpeg,png) within 2 MB (--max-bytes)")
        XCTAssertEqual(judged.target, PixelSize(width: 4032, height: 3024))
        // A GIF becomes a PNG, a WebP either, and a type only the other format allows takes it.
        XCTAssertEqual(Rules.formatWords(for: .gif, allowed: [.jpeg, .png]), "a PNG")
        XCTAssertEqual(Rules.formatWords(for: .webp, allowed: [.jpeg, .png]), "a JPEG or PNG")
        XCTAssertEqual(Rules.formatWords(for: .gif, allowed: [.jpeg]), "a JPEG")
    }

    func testOnlyWhatExportCannotMendIsAProblem() {
        // Too small: export never enlarges.
        let small = Rules([.minWidth(320), .maxBytes(10)]).judge(image(200, 150), path: "s.jpg")
        XCTAssertEqual(
            small.problems.map(\.message), ["s.jpg: 200 px wide is under this selection's 320 px (--min-width)"])
        XCTAssertEqual(small.mends, [], "a refused image has nothing to note")
        // Shrinking to the box would take it under the minimum.
        let pano = Rules([.maxWidth(2048), .minHeight(600)]).judge(image(8000, 1000), path: "p.jpg")
        XCTAssertEqual(
            pano.problems.map(\.description),
            [
                "made to fit the rules it would be 2048×256, "
                    + "and 256 px high is under this selection's 600 px (--min-height)"
            ])
        // No JPEG or PNG to re-encode into, and a type imgsel cannot decode.
        let webpOnly = Rules([.types([.webp]), .maxBytes(10)]).judge(image(10, 10, type: .webp, bytes: 11), path: "w")
        XCTAssertEqual(webpOnly.problems.map(\.rule.name), [.maxBytes])
        XCTAssertTrue(
            webpOnly.problems[0].description.hasSuffix(
                "(--max-bytes); export writes only JPEG or PNG, and --types webp allows neither"),
            "\(webpOnly.problems)")
        let avif = Rules([.types([.jpeg, .png])]).judge(image(10, 10, type: .avif), path: "a.avif")
        XCTAssertEqual(
            avif.problems.map(\.description),
            [
                "type avif is not one of this selection's jpeg, png (--types), and export cannot make it again:"
                    + " imgsel does not decode AVIF pictures"
            ])
        XCTAssertTrue(
            Rules([.maxWidth(5)]).judge(image(4, 4, type: .avif), path: nil).problems.isEmpty, "nothing to mend")
    }

    func testAnAspectIsCutUnlessTheCropIsTheUsersOwn() {
        let rules = Rules([.minAspect(Aspect("4:5")!), .maxAspect(Aspect("1.91")!)])
        let tall = rules.judge(image(3000, 4000), path: nil)
        XCTAssertEqual(tall.region, PixelRect(x: 0, y: 125, width: 3000, height: 3750))
        XCTAssertEqual(tall.mending, "export crops it to 3000×3750 (--min-aspect 4:5)")
        let wide = rules.judge(image(4000, 1000), path: nil)
        XCTAssertEqual(wide.region, PixelRect(x: 1045, y: 0, width: 1910, height: 1000))
        let own = rules.judge(image(4000, 1000, ownCrop: true), path: "c")
        XCTAssertEqual(own.problems.map(\.rule.name), [.maxAspect])
        XCTAssertTrue(own.problems[0].description.hasSuffix("; export keeps the entry's own crop"))
        // A minimum above 1:1: the crop rounded towards a square would fall under it; a pixel comes off.
        let landscape = Rules([.minAspect(Aspect("1.5")!)]).judge(image(640, 480), path: nil)
        XCTAssertEqual(landscape.region.size, PixelSize(width: 640, height: 426))
        XCTAssertNil(Rule.minAspect(Aspect("1.5")!).check(image(640, 426)))
        // Then shrunk to the box, and said in one note.
        let both = Rules([.maxAspect(Aspect("1:1")!), .maxWidth(100)]).judge(image(400, 200), path: "x")
        XCTAssertEqual(
            both.mending, "export crops it to 200×200 (--max-aspect 1:1), shrinks it to 100×100 (--max-width 100)")
    }

    func testAsIsJudgesEveryRuleOnTheFile() {
        let rules = Rules([.maxBytes(10), .types([.jpeg]), .noAnimation, .asIs])
        let judged = rules.judge(image(10, 10, type: .gif, bytes: 11, frames: 2), path: "g.gif")
        XCTAssertEqual(judged.problems.map(\.rule.name), [.maxBytes, .types, .noAnimation])
        XCTAssertEqual(judged.mends, [])
        XCTAssertEqual(
            Rules([.maxBytes(10), .types([.jpeg]), .noAnimation]).judge(
                image(10, 10, type: .gif, bytes: 11, frames: 2), path: nil
            )
            .mending,
            "export makes it a JPEG (--types jpeg), keeps its first frame (--no-animation) within 10 B (--max-bytes)")
    }
}
