import ImageHeaders
import ModelTestSupport
import SelectionStore
import XCTest

@testable import ImgselCommands

/// What `add`, `check`, the notes and export's refusals say of a judgement (SPEC "Upload rules"):
/// the model's tests check the same judgements as values.
final class MendingWordsTests: XCTestCase {
    private func image(
        _ width: Int, _ height: Int, type: ImageType = .jpeg, bytes: Int = 1000, frames: Int = 1,
        ownCrop: Bool = false
    ) -> Rule.Image {
        ruleImage(type, width: width, height: height, frames: frames, bytes: bytes, ownCrop: ownCrop)
    }

    func testAPhonesHEICIsMadeAJPEGWithinTheBytesAndSaysSo() {
        let rules = Rules([.maxBytes(2 << 20), .minWidth(320), .types([.jpeg, .png])])
        let judged = rules.judge(image(4032, 3024, type: .heic, bytes: 3 << 20), path: "IMG_4.heic")
        XCTAssertEqual(judged.mending, "export makes it a JPEG (--types jpeg,png) within 2 MB (--max-bytes)")
        // A WebP either, as only its pixels say which.
        let webp = Rules([.types([.jpeg, .png])]).judge(image(10, 10, type: .webp), path: nil)
        XCTAssertEqual(webp.mends.map(\.words), ["makes it a JPEG or PNG (--types jpeg,png)"])
        XCTAssertEqual(
            Rules([.maxBytes(2 << 20)]).judge(image(10, 10, bytes: 3 << 20), path: nil).mending,
            "export fits it within 2 MB (--max-bytes)")
    }

    func testOnlyWhatExportCannotMendIsAProblem() {
        let small = Rules([.minWidth(320), .maxBytes(10)]).judge(image(200, 150), path: "s.jpg")
        XCTAssertEqual(
            small.problems.map(\.message), ["s.jpg: 200 px wide is under this selection's 320 px (--min-width)"])
        let pano = Rules([.maxWidth(2048), .minHeight(600)]).judge(image(8000, 1000), path: "p.jpg")
        XCTAssertEqual(
            pano.problems.map(\.description),
            [
                "made to fit the rules it would be 2048×256, "
                    + "and 256 px high is under this selection's 600 px (--min-height)"
            ])
        let webpOnly = Rules([.types([.webp]), .maxBytes(10)]).judge(image(10, 10, type: .webp, bytes: 11), path: "w")
        XCTAssertEqual(
            webpOnly.problems.map(\.description),
            [
                "11 B is over this selection's 10 B (--max-bytes); export writes only JPEG or PNG,"
                    + " and --types webp allows neither"
            ])
        // AVIF is decoded: export makes it again like any photograph, and shrinks it.
        let avif = Rules([.types([.jpeg, .png])]).judge(image(10, 10, type: .avif), path: "a.avif")
        XCTAssertEqual(avif.problems, [])
        XCTAssertEqual(avif.mending, "export makes it a JPEG (--types jpeg,png)")
        let tooWide = Rules([.maxWidth(5)]).judge(image(10, 10, type: .avif), path: nil)
        XCTAssertEqual(tooWide.problems, [])
        XCTAssertEqual(tooWide.mending, "export shrinks it to 5×5 (--max-width 5)")
    }

    func testAnAspectIsCutUnlessTheCropIsTheUsersOwn() {
        let rules = Rules([.minAspect(Aspect("4:5")!), .maxAspect(Aspect("1.91")!)])
        XCTAssertEqual(
            rules.judge(image(3000, 4000), path: nil).mending, "export crops it to 3000×3750 (--min-aspect 4:5)")
        let own = rules.judge(image(4000, 1000, ownCrop: true), path: "c")
        XCTAssertEqual(
            own.problems.map(\.message),
            ["c: 4000×1000 (aspect 4) is over this selection's 1.91 (--max-aspect); export keeps the entry's own crop"])
        let both = Rules([.maxAspect(Aspect("1:1")!), .maxWidth(100)]).judge(image(400, 200), path: "x")
        XCTAssertEqual(
            both.mending, "export crops it to 200×200 (--max-aspect 1:1), shrinks it to 100×100 (--max-width 100)")
        let box = Rules([.maxWidth(100), .maxPixels(100)]).judge(image(400, 200), path: "x")
        XCTAssertEqual(box.mending, "export shrinks it to 14×7 (--max-width 100, --max-pixels 100)")
    }

    func testAsIsJudgesEveryRuleOnTheFile() {
        XCTAssertEqual(
            Rules([.maxBytes(10), .types([.jpeg]), .noAnimation]).judge(
                image(10, 10, type: .gif, bytes: 11, frames: 2), path: nil
            )
            .mending,
            "export makes it a JPEG (--types jpeg), keeps its first frame (--no-animation) within 10 B (--max-bytes)")
        let asIs = Rules([.maxBytes(10), .asIs]).judge(image(10, 10, bytes: 11), path: "g")
        XCTAssertEqual(asIs.problems.map(\.message), ["g: 11 B is over this selection's 10 B (--max-bytes)"])
    }

    func testTheSetAndExportsRefusalsSayTheirRule() {
        let short = Rules([.minCount(4)]).shortfall(count: 3)
        XCTAssertEqual(short?.message, "the selection holds 3 entries, fewer than the 4 it needs (--min-count)")
        XCTAssertEqual(
            ImgselError(SelectionError.exportRefused(path: nil, entry: nil, reason: .rule(short!))).message,
            "export refused: the selection holds 3 entries, fewer than the 4 it needs (--min-count)")
        XCTAssertEqual(
            ImgselError(SelectionError.exportRefused(path: "a.gif", entry: 1, reason: .neitherFormat(allowed: []))),
            .exportRefused(
                path: "a.gif", entry: 1, reason: "export writes only JPEG or PNG, and --types allows neither"))
    }
}
