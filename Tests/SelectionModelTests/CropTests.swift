import ImageHeaders
import XCTest

@testable import SelectionModel

/// `imgsel crop` as pure operations: the geometry of the largest centred rectangle, the text
/// `crop` takes, the entry's crop under the rules, and the file's version going up and down.
final class CropTests: XCTestCase {
    func testCentredAspectIsTheLargestAndRoundsTowardsASquare() {
        XCTAssertEqual(
            Crop.centred(aspectWidth: 1, aspectHeight: 1, width: 4032, height: 3024).description, "3024x3024+504+0")
        XCTAssertEqual(
            Crop.centred(aspectWidth: 1, aspectHeight: 1, width: 3024, height: 4032).description, "3024x3024+0+504")
        // 4:5 of 1003 high: 802.4 wide, rounded up to 803 (towards 1:1), so --min-aspect 4:5 holds.
        let portrait = Crop.centred(aspectWidth: 4, aspectHeight: 5, width: 4000, height: 1003)
        XCTAssertEqual([portrait.width, portrait.height], [803, 1003])
        XCTAssertFalse(Aspect("4:5")!.isBelow(width: portrait.width, height: portrait.height))
        // 1.91 of 4000 wide (width-bound): 2094.2 high, rounded up, so --max-aspect 1.91 holds.
        let wide = Crop.centred(aspectWidth: 191, aspectHeight: 100, width: 4000, height: 3000)
        XCTAssertEqual([wide.width, wide.height, wide.x, wide.y], [4000, 2095, 0, 452])
        XCTAssertFalse(Aspect("1.91")!.isAbove(width: wide.width, height: wide.height))
        // A picture of the aspect itself is its own crop.
        XCTAssertTrue(
            Crop.centred(aspectWidth: 4, aspectHeight: 5, width: 40, height: 50).isWhole(width: 40, height: 50))
        // Never outside, never empty, even for an aspect far from the picture's.
        let thin = Crop.centred(aspectWidth: 1000, aspectHeight: 1, width: 10, height: 10)
        XCTAssertEqual([thin.width, thin.height], [10, 1])
        XCTAssertTrue(thin.fits(width: 10, height: 10))
    }

    func testTheTextCropTakes() {
        XCTAssertEqual(CropRequest(parsing: "3000x2000+500+0"), .exact(Crop(x: 500, y: 0, width: 3000, height: 2000)))
        XCTAssertEqual(CropRequest(parsing: "30x20"), .exact(Crop(x: 0, y: 0, width: 30, height: 20)))
        XCTAssertEqual(CropRequest(parsing: "none"), CropRequest.none)
        XCTAssertEqual(CropRequest(parsing: "1.91"), .aspect(Aspect("1.91")!))
        XCTAssertEqual(CropRequest(parsing: "4:5"), .aspect(Aspect("4:5")!))
        for bad in ["0:1", "1:0", "0", "-1:1", "1:-1", "x", "", "3x", "3x2+1", "3x2+1+", "3x2-1+0", "3x2+1+1+1", "1e3"]
        {
            XCTAssertNil(CropRequest(parsing: bad), bad)
        }
    }

    func testGeometryOutsideOrEmptyIsRefusedWithTheReason() {
        func reason(_ text: String) -> String? {
            guard case .failure(let problem) = CropRequest(parsing: text)!.crop(width: 80, height: 40) else {
                return nil
            }
            return problem.reason
        }
        XCTAssertEqual(reason("81x40+0+0"), "81x40+0+0 is not inside the picture")
        XCTAssertEqual(reason("40x40+41+0"), "40x40+41+0 is not inside the picture")
        XCTAssertEqual(reason("0x40+0+0"), "0x40+0+0 is empty")
        XCTAssertNil(reason("40x40+40+0"), "at the edge is inside")
        XCTAssertEqual(CropRequest(parsing: "80x40+0+0")!.crop(width: 80, height: 40), .success(nil), "whole: none")
        XCTAssertEqual(CropRequest(parsing: "2:1")!.crop(width: 80, height: 40), .success(nil))
    }

    func testTheRulesJudgeTheCroppedSizeAtTheirEdges() throws {
        let panorama = makeEntry("pano.png", width: 100, height: 20)
        var selection = try Selection(capacity: 9, current: 1, items: [panorama])
        selection = try selection.settingRules(
            Rules([.minAspect(Aspect("0.8")!), .maxAspect(Aspect("1.91")!)]), force: true)
        XCTAssertEqual(selection.entriesBreaking().map(\.problem.rule.name), [], "uncropped: export crops 5 to 1.91")
        let fourFive = Crop.centred(aspectWidth: 4, aspectHeight: 5, width: 100, height: 20)
        XCTAssertEqual(fourFive, Crop(x: 42, y: 0, width: 16, height: 20))
        let cropped = try selection.cropping(at: 1, to: fourFive, force: false)
        XCTAssertTrue(cropped.entriesBreaking().isEmpty, "16×20 is exactly 0.8")
        // One pixel narrower is under 0.8: refused, naming the rule, unless forced.
        let narrow = Crop(x: 0, y: 0, width: 15, height: 20)
        XCTAssertThrowsError(try cropped.cropping(at: 1, to: narrow, force: false)) { error in
            guard case let .several(parts) = error as? SelectionError else { return XCTFail("\(error)") }
            XCTAssertEqual(parts.last, .cropRefused(index: 1))
            guard case let .entryBreaksRule(1, problem) = parts.first else { return XCTFail("\(parts)") }
            XCTAssertEqual(problem.rule, .minAspect(Aspect("0.8")!))
            XCTAssertEqual(problem.reason, .ownCrop, "export keeps the entry's own crop")
            guard case let .image(seen) = problem.subject else { return XCTFail("\(problem)") }
            XCTAssertEqual([seen.uprightWidth, seen.uprightHeight], [15, 20])
        }
        let forced = try cropped.cropping(at: 1, to: narrow, force: true)
        XCTAssertEqual(forced.entriesBreaking().map(\.problem.rule.name), [.minAspect], "check reports it")
        // The whole picture breaks --max-aspect, which export mends by its own crop: none is kept.
        XCTAssertNil(try cropped.cropping(at: 1, to: nil, force: false).items[0].crop)
        // Width rules see the crop too: 16 wide keeps --min-width 16, 15 does not.
        let wide = try cropped.settingRules(Rules([.minWidth(16)]), force: false)
        XCTAssertThrowsError(try wide.cropping(at: 1, to: narrow, force: false))
        XCTAssertThrowsError(try wide.cropping(at: 2, to: narrow, force: false), "index out of range")
    }

    func testCropIsInUprightPixels() throws {
        // Stored 40×80 turned by EXIF 6: 80×40 upright.
        let turned = makeEntry("turned.jpg", width: 40, height: 80, orientation: 6)
        let selection = try Selection(capacity: 9, current: 1, items: [turned])
        let right = try selection.cropping(at: 1, to: Crop(x: 40, y: 0, width: 40, height: 40), force: false)
        XCTAssertEqual(right.items[0].shownSize.width, 40)
        XCTAssertThrowsError(try selection.cropping(at: 1, to: Crop(x: 0, y: 40, width: 40, height: 40), force: false))
        {
            XCTAssertEqual(
                $0 as? SelectionError,
                .cropOutside(index: 1, width: 80, height: 40, crop: Crop(x: 0, y: 40, width: 40, height: 40)))
        }
    }

    func testVersionTwoWithACropAndTheVersionOneBytesBackWithout() throws {
        let plain = try makeSelection(["a.png", "b.png"])
        let v1 = SelectionFile.encode(plain)
        let cropped = try plain.cropping(at: 2, to: Crop(x: 1, y: 0, width: 2, height: 3), force: false)
        let text = String(decoding: SelectionFile.encode(cropped), as: UTF8.self)
        XCTAssertTrue(text.contains("\"version\": 2"), text)
        XCTAssertFalse(text.contains("\"rules\""), "no rules member: an imgsel without crops refuses the file")
        XCTAssertTrue(
            text.contains(
                "\"crop\": {\n        \"x\": 1,\n        \"y\": 0,\n"
                    + "        \"width\": 2,\n        \"height\": 3\n      }"
            ), text)
        XCTAssertEqual(try SelectionFile.decode(SelectionFile.encode(cropped), path: "x"), cropped, "round trip")
        // With rules too it stays 2 until both are gone; then the version-1 bytes come back.
        let ruled = try cropped.settingRules(Rules([.maxBytes(1 << 20)]), force: false)
        let uncropped = try ruled.cropping(at: 2, to: nil, force: false)
        XCTAssertTrue(String(decoding: SelectionFile.encode(uncropped), as: UTF8.self).contains("\"version\": 2"))
        XCTAssertEqual(SelectionFile.encode(try uncropped.settingRules(Rules(), force: false)), v1)
        XCTAssertEqual(SelectionFile.encode(try cropped.cropping(at: 2, to: nil, force: false)), v1)
        // A crop of the whole picture is no crop.
        XCTAssertEqual(
            SelectionFile.encode(try plain.cropping(at: 1, to: Crop(x: 0, y: 0, width: 4, height: 3), force: false)), v1
        )
    }

    func testTheReaderRefusesACropItCannotVouchFor() {
        func reason(_ version: Int, _ crop: String) -> String? {
            let text = """
                {"format":"imgsel","version":\(version),"capacity":9,"current":1,"items":[{"path":"a.png","type":"png",
                "width":4,"height":3,"orientation":6,"frames":1,"bytes":1,\
                "sha256":"\(String(repeating: "a", count: 64))",
                "added":"x","crop":\(crop)}]}
                """
            do {
                _ = try SelectionFile.decode(Array(text.utf8), path: "s.json")
                return nil
            } catch {
                guard case let .invalidSelectionFile(_, reason) = error else { return "\(error)" }
                return reason
            }
        }
        let ok = #"{"x":0,"y":1,"width":3,"height":3}"#
        XCTAssertNil(reason(2, ok), "3×4 upright (orientation 6): 3×3 at +0+1 is inside")
        XCTAssertEqual(reason(1, ok), "item 1: \"crop\" needs version 2, and this file is version 1")
        XCTAssertEqual(
            reason(2, #"{"x":0,"y":0,"width":4,"height":3}"#),
            "item 1: \"crop\" 4x3+0+0 is not inside the 3×4 picture")
        XCTAssertEqual(
            reason(2, #"{"x":0,"y":0,"width":0,"height":3}"#), "item 1: \"crop\" 0x3+0+0 is not inside the 3×4 picture")
        XCTAssertEqual(reason(2, #"{"x":-1,"y":0,"width":1,"height":1}"#), "item 1: \"crop\" has no whole number \"x\"")
        XCTAssertEqual(reason(2, #"{"x":0,"y":0,"width":1}"#), "item 1: \"crop\" has no whole number \"height\"")
        XCTAssertEqual(reason(2, "[1]"), "item 1: \"crop\" is not an object")
    }
}
