import ImageHeaders
import ModelTestSupport
import XCTest

@testable import SelectionModel

/// What export mends and what it cannot (SPEC "Upload rules"): the judgement `add`, `check`,
/// `rules`, `crop` and export's plan all read, as values (imgselTests pins the words).
final class MendingTests: XCTestCase {
    private func image(
        _ width: Int, _ height: Int, type: ImageType = .jpeg, bytes: Int = 1000, frames: Int = 1,
        ownCrop: Bool = false
    ) -> Rule.Image {
        ruleImage(type, width: width, height: height, frames: frames, bytes: bytes, ownCrop: ownCrop)
    }

    func testAPhonesHEICIsMadeAJPEGWithinTheBytes() {
        let rules = Rules([.maxBytes(2 << 20), .minWidth(320), .types([.jpeg, .png])])
        let judged = rules.judge(image(4032, 3024, type: .heic, bytes: 3 << 20), path: "IMG_4.heic")
        XCTAssertEqual(judged.problems, [])
        XCTAssertEqual(
            judged.mends,
            [
                .init(rule: .maxBytes(2 << 20), kind: .within(bytes: 2 << 20)),
                .init(rule: .types([.jpeg, .png]), kind: .reEncode(as: [.jpeg])),
            ])
        XCTAssertEqual(judged.target, PixelSize(width: 4032, height: 3024))
        // A GIF becomes a PNG, a WebP either, and a type only the other format allows takes it.
        XCTAssertEqual(Rules.exportTypes(for: .gif, allowed: [.jpeg, .png]), [.png])
        XCTAssertEqual(Rules.exportTypes(for: .webp, allowed: [.jpeg, .png]), [.jpeg, .png])
        XCTAssertEqual(Rules.exportTypes(for: .gif, allowed: [.jpeg]), [.jpeg])
    }

    func testOnlyWhatExportCannotMendIsAProblem() {
        // Too small: export never enlarges.
        let small = Rules([.minWidth(320), .maxBytes(10)]).judge(image(200, 150), path: "s.jpg")
        XCTAssertEqual(
            small.problems, [RuleProblem(path: "s.jpg", rule: .minWidth(320), subject: .image(image(200, 150)))])
        XCTAssertEqual(small.mends, [], "a refused image has nothing to note")
        // Shrinking to the box would take it under the minimum: judged as it would be.
        let pano = Rules([.maxWidth(2048), .minHeight(600)]).judge(image(8000, 1000), path: "p.jpg")
        XCTAssertEqual(
            pano.problems,
            [
                RuleProblem(
                    path: "p.jpg", rule: .minHeight(600), subject: .image(image(2048, 256)),
                    reason: .afterFitting(target: PixelSize(width: 2048, height: 256)))
            ])
        // No JPEG or PNG to re-encode into, and a type imgsel cannot decode.
        let webp = image(10, 10, type: .webp, bytes: 11)
        let webpOnly = Rules([.types([.webp]), .maxBytes(10)]).judge(webp, path: "w")
        XCTAssertEqual(
            webpOnly.problems,
            [
                RuleProblem(
                    path: "w", rule: .maxBytes(10), subject: .image(webp),
                    reason: .cannotReencode(.neitherFormat(allowed: [.webp])))
            ])
        // AVIF is decoded, so export makes it again like any other photograph.
        let avif = Rules([.types([.jpeg, .png])]).judge(image(10, 10, type: .avif), path: "a.avif")
        XCTAssertEqual(avif.problems, [], "export makes the AVIF a JPEG")
        XCTAssertEqual(avif.mends.map(\.rule), [.types([.jpeg, .png])])
    }

    func testAnAspectIsCutUnlessTheCropIsTheUsersOwn() {
        let rules = Rules([.minAspect(Aspect("4:5")!), .maxAspect(Aspect("1.91")!)])
        let tall = rules.judge(image(3000, 4000), path: nil)
        XCTAssertEqual(tall.region, PixelRect(x: 0, y: 125, width: 3000, height: 3750))
        XCTAssertEqual(
            tall.mends, [.init(rule: .minAspect(Aspect("4:5")!), kind: .crop(PixelSize(width: 3000, height: 3750)))])
        let wide = rules.judge(image(4000, 1000), path: nil)
        XCTAssertEqual(wide.region, PixelRect(x: 1045, y: 0, width: 1910, height: 1000))
        let own = rules.judge(image(4000, 1000, ownCrop: true), path: "c")
        XCTAssertEqual(own.problems.map(\.rule.name), [.maxAspect])
        XCTAssertEqual(own.problems.map(\.reason), [.ownCrop])
        // A minimum above 1:1: the crop rounded towards a square would fall under it; a pixel comes off.
        let landscape = Rules([.minAspect(Aspect("1.5")!)]).judge(image(640, 480), path: nil)
        XCTAssertEqual(landscape.region.size, PixelSize(width: 640, height: 426))
        XCTAssertFalse(Rule.minAspect(Aspect("1.5")!).isBroken(by: image(640, 426)))
        // Then shrunk to the box: one crop, one shrink naming the box's rules it keeps.
        let both = Rules([.maxAspect(Aspect("1:1")!), .maxWidth(100)]).judge(image(400, 200), path: "x")
        XCTAssertEqual(
            both.mends,
            [
                .init(rule: .maxAspect(Aspect("1:1")!), kind: .crop(PixelSize(width: 200, height: 200))),
                .init(rule: .maxWidth(100), kind: .shrink(PixelSize(width: 100, height: 100), rules: [.maxWidth(100)])),
            ])
    }

    func testAsIsJudgesEveryRuleOnTheFile() {
        let rules = Rules([.maxBytes(10), .types([.jpeg]), .noAnimation, .asIs])
        let judged = rules.judge(image(10, 10, type: .gif, bytes: 11, frames: 2), path: "g.gif")
        XCTAssertEqual(judged.problems.map(\.rule.name), [.maxBytes, .types, .noAnimation])
        XCTAssertEqual(judged.problems.map(\.reason), [.broken, .broken, .broken])
        XCTAssertEqual(judged.mends, [])
        XCTAssertEqual(
            Rules([.maxBytes(10), .types([.jpeg]), .noAnimation]).judge(
                image(10, 10, type: .gif, bytes: 11, frames: 2), path: nil
            )
            .mends.map(\.kind),
            [.within(bytes: 10), .reEncode(as: [.jpeg]), .firstFrame])
    }
}
