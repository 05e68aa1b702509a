import ImageHeaders
import XCTest

@testable import SelectionModel

/// Export's plan as pure functions: the limits laid over the rules, the fitting, what a copy
/// needs, the format chosen, the names, and every refusal at once.
final class ExportPlanTests: XCTestCase {
    private func entry(
        _ path: String, _ type: ImageType = .jpeg, _ width: Int = 4000, _ height: Int = 3000,
        orientation: Int = 1, frames: Int = 1, bytes: Int = 1000
    ) -> Entry {
        Entry(
            path: path, type: type, width: width, height: height, orientation: orientation, frames: frames,
            bytes: bytes, sha256: String(repeating: "0", count: 64), added: "2026-12-01T00:00:00Z")
    }

    private func rules(_ options: [(RuleName, String?)]) throws -> Rules {
        Rules(try options.map { try Rule.parse($0.0, $0.1) })
    }

    private func steps(
        _ entries: [Entry], rules: Rules = Rules(), options: ExportOptions = ExportOptions(),
        undecodable: @escaping (ImageFacts, Int) -> DecodeRefusal? = { _, _ in nil }
    ) throws(SelectionError) -> [ExportStep] {
        try ExportPlan.steps(
            entries.map { ExportPlan.Item(entry: $0, shownPath: $0.path) },
            limits: ExportLimits(selection: rules, options: options), options: options, undecodable: undecodable)
    }

    func testOptionsAddToTheRulesTheTighterWinning() throws {
        let selection = try rules([(.maxWidth, "2048"), (.maxBytes, "5MB"), (.types, "jpeg,png,webp")])
        let options = ExportOptions(rules: try rules([(.maxWidth, "4096"), (.maxBytes, "1MB"), (.types, "png,gif")]))
        let limits = ExportLimits(selection: selection, options: options)
        XCTAssertEqual(limits.rules[.maxWidth], .maxWidth(2048), "the rule is tighter than the option")
        XCTAssertEqual(limits.maxBytes, 1 << 20, "the option is tighter than the rule")
        XCTAssertEqual(limits.types, [.png], "only the types both allow")
    }

    func testFittingKeepsTheAspectEveryLimitAndNeverEnlarges() {
        let photo = PixelSize(width: 4032, height: 3024)
        XCTAssertEqual(photo.fitted(width: 2048, height: 2048, pixels: nil), PixelSize(width: 2048, height: 1536))
        XCTAssertEqual(photo.fitted(width: nil, height: 1080, pixels: nil), PixelSize(width: 1440, height: 1080))
        XCTAssertEqual(photo.fitted(width: 8000, height: 8000, pixels: nil), photo, "never enlarged")
        let pixels = photo.fitted(width: nil, height: nil, pixels: 1_000_000)
        XCTAssertLessThanOrEqual(pixels.width * pixels.height, 1_000_000)
        XCTAssertGreaterThan(pixels.width * pixels.height, 990_000, "as large as the count allows")
        XCTAssertEqual(Double(pixels.width) / Double(pixels.height), 4.0 / 3.0, accuracy: 0.01)
        XCTAssertEqual(PixelSize(width: 5000, height: 1).fitted(width: 100, height: nil, pixels: nil).height, 1)
        XCTAssertEqual(PixelSize(width: 2000, height: 1000).shrunk(steps: 2), PixelSize(width: 1000, height: 500))
    }

    func testAnEntryThatNeedsNothingIsCopied() throws {
        let plan = try steps([entry("a.jpg", .jpeg, 1000, 800)], rules: try rules([(.maxWidth, "2048")]))
        XCTAssertEqual(plan[0].action, .copy)
        XCTAssertEqual(plan[0].changes, [])
    }

    /// An AVIF or HEIF image sequence is drawn from its first frame: made again, it says so; copied (only
    /// under --keep-metadata, as its EXIF is in an item only re-encoding removes), it keeps every frame.
    func testAnImageSequenceMadeAgainSaysItKeepsItsFirstFrame() throws {
        let sequences = [entry("a.avif", .avif, 3000, 1000, frames: 3), entry("b.heic", .heic, 1000, 500, frames: 2)]
        let plan = try steps(sequences, rules: try rules([(.maxWidth, "2048")]))
        XCTAssertEqual(plan.map(\.changes), [[.shrunk, .firstFrame, .reEncoded], [.firstFrame, .reEncoded]])
        let small = [entry("a.avif", .avif, 1000, 500, frames: 3)]
        let wide = try rules([(.maxWidth, "2048")])
        let copied = try steps(small, rules: wide, options: ExportOptions(keepMetadata: true))
        XCTAssertEqual(copied[0].action, .copy)
        let made = try steps(small, rules: wide)
        XCTAssertEqual(made[0].changes, [.firstFrame, .reEncoded])
    }

    func testAnAnimationThatMustChangeStaysAnimatedUnlessAStillIsAsked() throws {
        let big = [
            entry("a.gif", .gif, 3000, 1000, frames: 5), entry("b.png", .png, 3000, 1000, frames: 2),
            entry("c.webp", .webp, 3000, 1000, frames: 3), entry("d.jpg", .jpeg, 3000, 1000, frames: 2),
        ]
        let kept = try steps(big, rules: try rules([(.maxWidth, "2048")]))
        XCTAssertEqual(
            kept.map(\.changes),
            [
                [.shrunk, .animated, .reEncoded], [.shrunk, .animated, .reEncoded], [.shrunk, .animated, .reEncoded],
                [.shrunk, .reEncoded],
            ])
        let first = try steps(big, rules: try rules([(.maxWidth, "2048")]), options: ExportOptions(firstFrame: true))
        XCTAssertEqual(first[0].changes, [.shrunk, .firstFrame, .reEncoded])
        let noGIF = try steps([big[0]], rules: try rules([(.maxWidth, "2048"), (.types, "png,jpeg")]))
        XCTAssertEqual(noGIF[0].changes, [.shrunk, .firstFrame, .reEncoded])
        let forced = try steps([big[0]], rules: try rules([(.maxWidth, "2048")]), options: ExportOptions(format: .png))
        XCTAssertEqual(forced[0].changes, [.shrunk, .firstFrame, .reEncoded])
        // Kept as GIF it needs neither JPEG nor PNG.
        let onlyGIF = try steps([big[0]], rules: try rules([(.maxWidth, "2048"), (.types, "gif")]))
        XCTAssertEqual(onlyGIF[0].changes, [.shrunk, .animated, .reEncoded])
        XCTAssertEqual(try steps([entry("a.gif", .gif, 100, 100, frames: 5)])[0].action, .copy, "no change: copied")
    }

    func testTurningCroppingShrinkingAndAForbiddenTypeEachNeedAnEncode() throws {
        var cropped = entry("c.jpg", .jpeg, 1000, 800)
        cropped.crop = Crop(x: 100, y: 0, width: 800, height: 800)
        let plan = try steps(
            [
                entry("turned.jpg", orientation: 6), cropped, entry("big.png", .png, 3000, 1000),
                entry("w.webp", .webp, 100, 100), entry("scan.tif", .tiff, 100, 100),
                entry("anim.gif", .gif, 100, 100, frames: 3),
            ],
            rules: try rules([(.maxWidth, "2048"), (.types, "jpeg,png,gif"), (.noAnimation, nil)]))
        XCTAssertEqual(plan.map(\.action), [.encode, .encode, .encode, .encode, .encode, .encode])
        XCTAssertEqual(plan[0].changes, [.upright, .shrunk, .reEncoded])
        XCTAssertEqual(plan[0].target, PixelSize(width: 2048, height: 2731), "fitted upright: 3000×4000")
        XCTAssertEqual(plan[1].changes, [.cropped, .reEncoded])
        XCTAssertEqual(plan[1].region, PixelRect(x: 100, y: 0, width: 800, height: 800))
        XCTAssertEqual(plan[2].changes, [.shrunk, .reEncoded])
        XCTAssertEqual(plan[3].changes, [.reEncoded], "webp is not among the types")
        XCTAssertEqual(plan[4].changes, [.reEncoded], "a TIFF's metadata cannot be cut out of it")
        XCTAssertEqual(plan[5].changes, [.firstFrame, .reEncoded])
        XCTAssertEqual(try steps([entry("scan.tif", .tiff, 100, 100)])[0].action, .encode, "TIFF alone")
        XCTAssertEqual(
            try steps([entry("scan.tif", .tiff, 100, 100)], options: ExportOptions(keepMetadata: true))[0].action, .copy
        )
        let forced = try steps([entry("a.png", .png, 10, 10)], options: ExportOptions(format: .jpeg))
        XCTAssertEqual(forced[0].action, .encode)
        let same = try steps([entry("a.jpg", .jpeg, 10, 10)], options: ExportOptions(format: .jpeg))
        XCTAssertEqual(same[0].action, .copy, "--format jpeg copies a JPEG that needs nothing")
    }

    /// A phone's HEIC (or an AVIF) holds its EXIF (GPS included) in an item no byte surgery here cuts out: it
    /// is made again as a JPEG, as the issue asks, even when nothing else needs changing.
    func testAHEICThatNeedsNothingIsStillReencodedSoItsLocationStaysBehind() throws {
        for type in [ImageType.heic, .heif, .avif] {
            let step = try steps([entry("IMG_0001.heic", type, 4032, 3024)])[0]
            XCTAssertEqual(step.action, .encode, "\(type)")
            XCTAssertEqual(step.changes, [.reEncoded], "\(type)")
            let kept = try steps([entry("IMG_0001.heic", type, 4032, 3024)], options: ExportOptions(keepMetadata: true))
            XCTAssertEqual(kept[0].action, .copy, "--keep-metadata copies it as it is")
        }
    }

    func testTheFormatIsTheNaturalOneReplacedByTheOtherWhereForbidden() {
        XCTAssertEqual(ExportFormat.natural(for: .jpeg, lossyWebP: false, hasAlpha: false), .jpeg)
        XCTAssertEqual(ExportFormat.natural(for: .bmp, lossyWebP: false, hasAlpha: true), .png)
        XCTAssertEqual(ExportFormat.natural(for: .webp, lossyWebP: true, hasAlpha: false), .jpeg)
        XCTAssertEqual(ExportFormat.natural(for: .webp, lossyWebP: false, hasAlpha: false), .png)
        XCTAssertEqual(ExportFormat.natural(for: .gif, lossyWebP: false, hasAlpha: false), .png)
        XCTAssertEqual(ExportFormat.choose(natural: .jpeg, forced: nil, allowed: [.png, .gif]), .png)
        XCTAssertEqual(ExportFormat.choose(natural: .png, forced: .jpeg, allowed: nil), .jpeg)
        XCTAssertEqual(ExportFormat.choose(natural: .png, forced: .jpeg, allowed: [.png]), .png)
        XCTAssertNil(ExportFormat.choose(natural: .png, forced: nil, allowed: [.webp]))
    }

    func testEveryRefusalIsReportedAtOnceInputProblemsFirst() throws {
        let small = entry("small.jpg", .jpeg, 200, 100)
        let heic = entry("IMG.heic", .heic, 100, 100, orientation: 6)
        let webp = entry("w.webp", .webp, 400, 400)
        let r = try rules([(.minWidth, "320"), (.minCount, "4"), (.types, "webp,heic")])
        do throws(SelectionError) {
            _ = try steps(
                [small, heic, webp], rules: r,
                undecodable: { facts, _ in facts.type == .heic ? .tooLarge(width: 100, height: 100) : nil })
            XCTFail("refused")
        } catch {
            guard case let .several(parts) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(
                parts.first, .undecodable(path: "IMG.heic", .tooLarge(width: 100, height: 100)),
                "the HEIC entry's problem (an input's) comes first")
            let refusals = parts.dropFirst().compactMap { part -> (Int?, String?, RuleProblem)? in
                guard case let .exportRefused(path, entry, .rule(problem)) = part else { return nil }
                return (entry, path, problem)
            }
            XCTAssertEqual(refusals.count, parts.count - 1, "the rest are the rules' refusals: \(parts)")
            XCTAssertTrue(
                refusals.contains {
                    $0.0 == nil && $0.1 == nil && $0.2.rule == .minCount(4) && $0.2.subject == .set(count: 3)
                },
                "\(refusals)")
            XCTAssertTrue(
                refusals.contains { $0.0 == 1 && $0.1 == "small.jpg" && $0.2.rule == .minWidth(320) }, "\(refusals)")
            XCTAssertFalse(refusals.contains { $0.0 == 3 }, "a webp that needs nothing is copied")
        }
        XCTAssertThrowsError(try steps([])) { XCTAssertEqual($0 as? SelectionError, .emptySelection) }
    }

    func testAFitThatWouldPassTheMinimumIsRefused() throws {
        let wide = entry("pano.jpg", .jpeg, 8000, 1000)
        XCTAssertThrowsError(try steps([wide], rules: try rules([(.minHeight, "600"), (.maxWidth, "2048")]))) {
            guard case let .exportRefused("pano.jpg", 1, reason)? = $0 as? SelectionError else {
                return XCTFail("\($0)")
            }
            guard case let .rule(problem) = reason else { return XCTFail("\(reason)") }
            XCTAssertEqual(problem.rule, .minHeight(600))
            XCTAssertEqual(problem.reason, .afterFitting(target: PixelSize(width: 2048, height: 256)))
        }
    }

    func testNeitherFormatAllowedRefusesOnlyEntriesThatMustChange() throws {
        let r = try rules([(.types, "webp,gif")])
        XCTAssertNoThrow(try steps([entry("a.gif", .gif, 10, 10)], rules: r))
        XCTAssertThrowsError(try steps([entry("a.gif", .gif, 10, 10, orientation: 3)], rules: r)) {
            guard case .exportRefused("a.gif", 1, .neitherFormat)? = $0 as? SelectionError else {
                return XCTFail("\($0)")
            }
        }
    }

    func testNamesInSelectionOrderOrKeptWithANumberOnAClash() {
        let files = [
            ExportNames.File(index: 1, sourceName: "sunset.HEIC", fileExtension: "jpg", copied: false),
            ExportNames.File(index: 2, sourceName: "blink.png", fileExtension: "png", copied: true),
            ExportNames.File(index: 10, sourceName: "a.tar.png", fileExtension: "png", copied: true),
            ExportNames.File(index: 11, sourceName: "blink.png", fileExtension: "png", copied: true),
            ExportNames.File(index: 12, sourceName: "blink.gif", fileExtension: "png", copied: false),
        ]
        XCTAssertEqual(
            ExportNames.assign(files, naming: .numbered),
            ["01-sunset.jpg", "02-blink.png", "10-a.tar.png", "11-blink.png", "12-blink.png"])
        XCTAssertEqual(
            ExportNames.assign(files, naming: .keep),
            ["sunset.jpg", "blink.png", "a.tar.png", "blink (1).png", "blink (2).png"])
        let long = String(repeating: "é", count: 200) + ".png"
        XCTAssertLessThanOrEqual(
            ExportNames.assign(
                [.init(index: 1, sourceName: long, fileExtension: "jpg", copied: false)], naming: .numbered)[0]
                .utf8.count, 255)
    }
}
