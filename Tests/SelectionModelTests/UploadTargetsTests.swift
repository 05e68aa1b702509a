import ImageHeaders
import ModelTestSupport
import XCTest

@testable import SelectionModel

/// The built-in upload targets: the SPEC's list, each with its date and public page, rules that
/// hold together, and a selection file that keeps the rules themselves plus the target's name.
final class UploadTargetsTests: XCTestCase {
    func testTheSpecsTargetsAreThereEachDatedAndSourced() {
        let required = [
            "app-store-iphone-6.9", "app-store-iphone-6.5", "app-store-ipad-13", "play-store-phone",
            "play-store-tablet-7", "play-store-tablet-10", "play-store-feature-graphic", "mastodon", "bluesky", "x",
            "instagram", "github-comment",
        ]
        XCTAssertEqual(Set(required).subtracting(UploadTargets.names), [])
        XCTAssertEqual(Set(UploadTargets.names).count, UploadTargets.names.count, "names are unique")
        for target in UploadTargets.all {
            XCTAssertTrue(target.source.hasPrefix("https://"), target.name)
            XCTAssertNotNil(target.checked.wholeMatch(of: /\d{4}-\d{2}-\d{2}/), target.name)
            XCTAssertTrue(Selection.capacityRange.contains(target.capacity), target.name)
            XCTAssertEqual(target.rules.conflicts(capacity: target.capacity), [], target.name)
            XCTAssertEqual(target.rules.target, target.name)
            XCTAssertFalse(target.rules.asIs, "a target describes the place, not how the files go")
        }
    }

    func testAppStoreTargetsTakeExactSizesWithoutAlpha() throws {
        let iphone = try XCTUnwrap(UploadTargets.named("app-store-iphone-6.9"))
        XCTAssertEqual(iphone.capacity, 10)
        XCTAssertNotNil(iphone.rules[.noAlpha])
        guard case let .sizes(list)? = iphone.rules[.sizes] else { return XCTFail("no sizes") }
        XCTAssertTrue(list.contains(PixelSize(width: 1320, height: 2868)))
        XCTAssertTrue(list.contains(PixelSize(width: 2868, height: 1320)))
        let play = try XCTUnwrap(UploadTargets.named("play-store-phone"))
        XCTAssertEqual(play.rules[.maxAspect], .maxAspect(try XCTUnwrap(Aspect("2:1"))))
        XCTAssertEqual(play.rules[.maxBytes], .maxBytes(8 << 20))
    }

    func testTheFileKeepsTheRulesAndTheNameEvenOfATargetThisImgselDoesNotKnow() throws {
        let rules = Rules([.maxBytes(1000)], target: "some-target-renamed-later")
        let text = JSONWriter.compact(rules.json)
        XCTAssertEqual(text, #"{"target":"some-target-renamed-later","max-bytes":1000}"#)
        XCTAssertEqual(try Rules.decode(rules.json), rules)
        XCTAssertThrowsError(try Rules.decode(.object([("target", .string("x"))])), "a name without rules")
        XCTAssertThrowsError(try Rules.decode(.object([("target", .int(3)), ("max-bytes", .int(9))])))
        var cleared = rules
        cleared.clear(.maxBytes)
        XCTAssertTrue(cleared.isEmpty, "the name goes with the last rule")
    }

    func testATargetsCapacityReplacesTheSelectionsWhenItsEntriesFit() throws {
        let target = try XCTUnwrap(UploadTargets.named("bluesky"))
        let five = try makeSelection(["a", "b", "c", "d", "e"])
        assertThrows(SelectionError.ruleConflict(.entriesAboveCapacity(target: "bluesky", capacity: 4, count: 5))) {
            () throws(SelectionError) in try five.settingRules(target.rules, force: false, capacity: 4)
        }
        let two = try makeSelection(["a", "b"]).settingRules(target.rules, force: false, capacity: 4)
        XCTAssertEqual(two.capacity, 4)
        XCTAssertEqual(two.rules, target.rules)
    }
}
