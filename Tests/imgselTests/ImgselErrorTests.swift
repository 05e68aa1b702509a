import ImageHeaders
import SelectionStore
import XCTest

@testable import ImgselCommands

final class ImgselErrorTests: XCTestCase {
    func testCombiningKeepsASingleFailureAsItIs() {
        XCTAssertNil(ImgselError.combining([]))
        XCTAssertEqual(ImgselError.combining([.inputMissing(path: "a")]), .inputMissing(path: "a"))
    }

    func testSeveralFailuresTakeTheFirstOnesExitCodeAndCode() {
        let several = ImgselError.combining([.writeFailed(path: "x", reason: "full"), .inputMissing(path: "a")])!
        XCTAssertEqual(several.exitCode, 5)
        XCTAssertEqual(several.code, "write-failed")
        XCTAssertEqual(several.parts.count, 2)
    }

    func testReplacingPathRenamesOnlyThatPathEvenInsideSeveral() {
        let error = ImgselError.several([.duplicate(path: "sub/a.png", entry: 2), .inputMissing(path: "other.png")])
        XCTAssertEqual(
            error.replacingPath("sub/a.png", with: "a.png"),
            .several([.duplicate(path: "a.png", entry: 2), .inputMissing(path: "other.png")]))
    }

    /// One example of every failure kind: each maps to a status that help explains.
    func testEveryStatusAFailureCanHaveIsOneHelpExplains() {
        let examples: [ImgselError] = [
            .selectionFull(capacity: 9, count: 9, adding: 1), .usage("x"), .inputMissing(path: "a"),
            .noSelection(path: "s"), .writeFailed(path: "w", reason: "r"), .outputFailed(reason: "r"),
            .lockTimeout(path: "l", seconds: 1), .cancelled(command: "pick", what: "nothing written"),
        ]
        XCTAssertEqual(Set(examples.map(\.exitStatus)), Set(ExitStatus.allCases).subtracting([.done]))
        XCTAssertEqual(examples.map(\.exitCode), [1, 2, 3, 4, 5, 5, 6, 130])
        XCTAssertTrue(ExitStatus.allCases.allSatisfy { !$0.meanings.isEmpty })
    }

    func testARuleValueIsAUsageErrorNamingTheOptionAndWhatItTakes() {
        let cases: [(RuleName, String, String)] = [
            (
                .maxBytes, "5XB",
                "--max-bytes must be a size: bytes, or with KB, MB, GB or K, M, G (500KB, 5.5MB, 2M), not '5XB'"
            ),
            (
                .maxBytes, "-1",
                "--max-bytes must be a size: bytes, or with KB, MB, GB or K, M, G (500KB, 5.5MB, 2M), not '-1'"
            ),
            (
                .maxBytes, "0",
                "--max-bytes must be a size: bytes, or with KB, MB, GB or K, M, G (500KB, 5.5MB, 2M), not '0'"
            ),
            (.maxBytes, "99999999999GB", "--max-bytes '99999999999GB' is too large"),
            (.minWidth, "1e3", "--min-width must be a whole number of pixels from 1, not '1e3'"),
            (.maxHeight, "12.5", "--max-height must be a whole number of pixels from 1, not '12.5'"),
            (
                .maxPixels, "12MP",
                "--max-pixels must be a number of pixels from 1, or millions with M (12M), not '12MP'"
            ),
            (
                .minAspect, "1e3",
                "--min-aspect must be a width / height ratio above 0: a decimal (0.8, 1.91) or W:H (4:5), not '1e3'"
            ),
            (.minCount, "0", "--min-count must be a number from 1, not '0'"),
            (.minCount, "100", "--min-count must be a number from 1 to 99, not '100'"),
            (
                .types, "jpg",
                "--types: 'jpg' is not a type (did you mean 'jpeg'?); the types are jpeg, png, gif, webp, bmp, tiff,"
                    + " heic, heif, avif"
            ),
            (
                .types, "png,,gif",
                "--types must be type names separated by commas (jpeg, png, gif, webp, bmp, tiff, heic, heif, avif),"
                    + " not 'png,,gif'"
            ),
        ]
        for (name, text, message) in cases {
            XCTAssertThrowsError(try lift(rule: Rule.parse(name, text))) {
                XCTAssertEqual($0 as? ImgselError, .usage(message), "\(name) \(text)")
            }
        }
    }

    // MARK: - The libraries' errors, as the command line reports them

    func testTheSelectionsRefusalsKeepTheirCodesExitsAndWords() {
        let image = Rule.Image(facts: ImageFacts(type: .png, width: 1, height: 1, frames: 1), bytes: 2)
        let problem = RuleProblem(path: "aa", rule: .maxBytes(1), subject: .image(image))
        let broken = ImgselError(SelectionError.several([.ruleBroken(problem), .ruleBroken(problem)]))
        XCTAssertEqual(broken, .several([.ruleBroken(problem), .ruleBroken(problem)]))
        XCTAssertEqual(broken.code, "rule-broken")
        XCTAssertEqual(broken.exitCode, 1)
        XCTAssertEqual(broken.parts.first?.message, "aa: 2 B is over this selection's 1 B (--max-bytes)")
        let refused = ImgselError(
            SelectionError.several([.entryBreaksRule(index: 2, problem), .rulesRefused(entries: 2)]))
        XCTAssertEqual(
            refused.parts.map(\.message),
            [
                "entry 2 (aa): 2 B is over this selection's 1 B (--max-bytes)",
                "2 entries break the rules given, so none was set (--force sets them anyway, and check reports"
                    + " those entries)",
            ])
        let pick = ImgselError(SelectionError.pickDoesNotFit(capacity: 4, count: 5))
        XCTAssertTrue(pick.message.contains("another imgsel changed the selection"), pick.message)
        XCTAssertEqual(pick.exitCode, 1)
        let outside = ImgselError(
            SelectionError.cropOutside(index: 1, width: 80, height: 40, crop: Crop(x: 0, y: 40, width: 40, height: 40)))
        XCTAssertEqual(outside, .usage("entry 1 is 80×40 upright: 40x40+0+40 is not inside it"))
        let export = ImgselError(
            SelectionError.several([
                .undecodable(path: "IMG.avif", .tooLarge(width: 3, height: 2)),
                .exportRefused(path: "a.gif", entry: 1, reason: .neitherFormat(allowed: [.webp])),
            ]))
        XCTAssertEqual(export.exitCode, 3, "an input's problem comes first")
        XCTAssertEqual(
            export.parts.map(\.message),
            [
                "IMG.avif: too large to decode: 3×2",
                "entry 1 (a.gif): export writes only JPEG or PNG, and --types webp allows neither",
            ])
        XCTAssertEqual(
            ImgselError(SelectionError.exportRefused(path: nil, entry: nil, reason: .neitherFormat(allowed: []))).code,
            "export-refused")
    }

    func testTheSelectionFilesAndTheStoresFailuresKeepTheirCodesExitsAndWords() {
        let newer = ImgselError(SelectionFileError.newerVersion(path: "sel.json", version: 3))
        XCTAssertEqual(
            newer.message,
            "sel.json: selection file version 3 is newer than this imgsel understands (2); left untouched")
        XCTAssertEqual(newer.exitCode, 4)
        XCTAssertEqual(
            ImgselError(StoreError.invalidSelectionFile(path: "s", reason: "r")).code, "invalid-selection-file")
        XCTAssertEqual(
            ImgselError(StoreError.capacityOutOfRange(100)), .usage("capacity 100 is out of range (1–99)"))
        XCTAssertEqual(
            ImgselError(StoreError.tooLargeToDecode(path: "a.png", width: 10, height: 20)),
            .undecodable(path: "a.png", problem: .tooLarge(width: 10, height: 20)))
        XCTAssertEqual(
            ImgselError(SelectionError.undecodable(path: "b.png", .tooLarge(width: 3, height: 4))).message,
            "b.png: too large to decode: 3×4")
        let unremovable = ImgselError.metadataUnremovable(path: "c.jpg", MetadataStrip.StripError(type: .jpeg))
        XCTAssertEqual(
            [unremovable.code, unremovable.message],
            [
                "undecodable", "c.jpg: its JPEG structure is damaged, so its metadata cannot be removed",
            ])
        XCTAssertEqual(unremovable.exitCode, 3)
        XCTAssertEqual(ImgselError(StoreError.selection(.emptySelection)), .emptySelection)
        XCTAssertEqual(
            ImgselError(StoreError.several([.writeFailed(path: "x", reason: "full"), .inputMissing(path: "a")])),
            .several([.writeFailed(path: "x", reason: "full"), .inputMissing(path: "a")]))
        XCTAssertEqual(ImgselError(StoreError.lockTimeout(path: "l", seconds: 1)).exitCode, 6)
    }

    func testPicksStatusLineSaysWhatEnterWouldSay() {
        XCTAssertEqual(
            PickRefusal.pickedAlready(path: "a (1).png", sameAs: "a.png", number: 1).message,
            "a (1).png: same content as a.png, picked as 1")
        XCTAssertEqual(
            PickRefusal.file(.inputMissing(path: "/d/a.png"), path: "/d/a.png", typed: "a.png").message,
            "a.png: no such file")
        XCTAssertEqual(
            PickRefusal.selection(.duplicate(path: "a.png", entry: 1)).message,
            ImgselError.duplicate(path: "a.png", entry: 1).message)
    }
}
