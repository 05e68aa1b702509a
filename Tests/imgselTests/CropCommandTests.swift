import Foundation
import TestImages
import XCTest

/// `imgsel crop` end to end: what it keeps, what `list`, `view`, `info` and `check` then say,
/// its usage errors, the rules it answers to, and the file's version going up and back down.
final class CropCommandTests: ImgselTestCase {
    /// An 80×40 picture (upright), its quadrants red, green / blue, yellow.
    private func quadrants(_ name: String = "q.png") {
        _ = write(Data(CropPictures.quadrantsPNG(width: 80, height: 40)), to: name)
    }

    private func crop(_ item: Int = 0) -> [String: Int]? {
        items()[item]["crop"] as? [String: Int]
    }

    func testAspectsExactAndNoneAndWhatListViewAndInfoSay() {
        quadrants()
        assertSuccess(run(["add", "q.png"]))
        let v1 = selectionData()
        let square = run(["crop", "1", "1:1"])
        assertSuccess(square)
        XCTAssertEqual(square.stdout, "cropped 1 to 40×40 at +20+0  q.png\n")
        XCTAssertEqual(crop(), ["x": 20, "y": 0, "width": 40, "height": 40])
        XCTAssertEqual(selectionJSON()["version"] as? Int, 2)
        XCTAssertTrue(run(["list"]).stdout.contains("* 1  40×40 cropped  png"), run(["list"]).stdout)
        XCTAssertTrue(run(["view", "1"]).stdout.hasPrefix("1 / 1  q.png  40×40 cropped PNG"))
        let listed = run(["--json", "list"]).stdout
        XCTAssertTrue(listed.contains(#""crop":{"x":20,"y":0,"width":40,"height":40}"#), listed)
        // info is about the file alone.
        let info = run(["--json", "info", "q.png"]).stdout
        XCTAssertTrue(info.contains(#""width":80,"height":40"#) && !info.contains("crop"), info)
        assertSuccess(run(["crop", "1", "4:5"]))
        XCTAssertEqual(crop(), ["x": 24, "y": 0, "width": 32, "height": 40])
        assertSuccess(run(["crop", "1", "1.91"]))
        XCTAssertEqual(crop(), ["x": 2, "y": 0, "width": 76, "height": 40], "76.4 rounded towards a square")
        assertSuccess(run(["crop", "last", "30x20+50+20"]))
        XCTAssertEqual(crop(), ["x": 50, "y": 20, "width": 30, "height": 20])
        let json = run(["--json", "crop", "1", "10x10+0+0"])
        assertSuccess(json)
        XCTAssertTrue(json.stdout.hasPrefix(#"{"index":1,"crop":{"x":0,"y":0,"width":10,"height":10},"entry":"#))
        let none = run(["crop", "1", "none"])
        XCTAssertEqual(none.stdout, "uncropped 1  q.png\n")
        XCTAssertEqual(selectionData(), v1, "the version-1 bytes come back")
        assertSuccess(run(["crop", "1", "80x40+0+0"]))
        XCTAssertEqual(selectionData(), v1, "a crop of the whole picture is none")
    }

    func testBadGeometryIsAUsageErrorNamingTheEntryAndItsUprightSize() {
        quadrants()
        assertSuccess(run(["add", "q.png"]))
        let before = selectionData()
        let usage = "usage: imgsel crop INDEX 1:1|4:5|1.91|WxH+X+Y|none [--force]"
        let named = "imgsel: crop: entry 1 (q.png, 80×40 upright): "
        for (request, why) in [
            ("81x40+0+0", "81x40+0+0 is not inside the picture"),
            ("40x40+41+0", "40x40+41+0 is not inside the picture"),
            ("0x10+0+0", "0x10+0+0 is empty"),
            ("0:1", "'0:1' is not an aspect above zero (1:1, 4:5, 1.91), a geometry (WxH+X+Y) or none"),
            ("-1:1", "'-1:1' is not an aspect above zero"), ("square", "'square' is not an aspect above zero"),
        ] {
            let result = request.hasPrefix("-") ? run(["crop", "1", "--", request]) : run(["crop", "1", request])
            assertUsage(result, usageLine: usage, stderrContains: [named + why])
            assertUnchanged(before)
        }
        assertUsage(run(["crop", "1"]), stderrContains: ["crop: missing ASPECT|GEOMETRY|none"])
        assertFailure(run(["crop", "2", "1:1"]), 1, stderrContains: ["2"])
        assertUnchanged(before)
    }

    func testCoordinatesAreUprightForAnExif6Source() {
        // Stored 40×80, turned by EXIF 6: 80×40 upright.
        _ = write(Data(CropPictures.quadrantsPNG(width: 80, height: 40, orientation: 6)), to: "turned.png")
        assertSuccess(run(["add", "turned.png"]))
        assertSuccess(run(["crop", "1", "40x40+40+0"]))
        XCTAssertEqual(crop(), ["x": 40, "y": 0, "width": 40, "height": 40])
        assertUsage(
            run(["crop", "1", "40x40+0+1"]),
            stderrContains: ["crop: entry 1 (turned.png, 80×40 upright): 40x40+0+1 is not inside the picture"])
        assertSuccess(run(["crop", "1", "1:1"]))
        XCTAssertEqual(crop(), ["x": 20, "y": 0, "width": 40, "height": 40], "centred in the upright picture")
    }

    func testRulesJudgeTheCropAtTheirEdgesAndCheckReportsAForcedOne() {
        _ = write(Data(ImageBytes.solidPNG(width: 100, height: 20, (9, 9, 9))), to: "pano.png")
        assertSuccess(run(["add", "pano.png"]))
        // Export cuts the panorama to 1.91 itself: the rule is set with a note, and check passes with one.
        let mended = run(["rules", "--max-aspect", "1.91"])
        assertExit(mended, 0)
        XCTAssertEqual(mended.stdout, "set --max-aspect 1.91; export will mend entry 1 (pano.png)\n")
        let noted = run(["check"])
        assertExit(noted, 0)
        XCTAssertEqual(noted.stderr, "imgsel: note: entry 1 (pano.png): export crops it to 38×20 (--max-aspect 1.91)\n")
        // Under --as-is the file is judged as it is: refused unless forced, then check reports it.
        assertFailure(run(["rules", "--as-is"]), 1, stderrContains: ["(aspect 5) is over"])
        assertSuccess(run(["rules", "--as-is", "--force"]))
        assertFailure(run(["check"]), 1, stderrContains: ["100×20 (aspect 5) is over this selection's 1.91"])
        assertSuccess(run(["rules", "--clear", "as-is"]))
        // A crop to 4:5 of the panorama keeps --min-aspect 0.8 exactly.
        assertSuccess(run(["crop", "1", "4:5"]))
        XCTAssertEqual(crop(), ["x": 42, "y": 0, "width": 16, "height": 20])
        assertSuccess(run(["check"]))
        assertSuccess(run(["rules", "--min-aspect", "0.8", "--min-width", "16"]))
        let kept = selectionData()
        // One pixel narrower breaks both; the crop is refused, naming each, the file unchanged.
        let narrow = run(["crop", "1", "15x20+0+0"])
        assertFailure(
            narrow, 1,
            stderrContains: [
                "entry 1 (pano.png): 15 px wide is under this selection's 16 px (--min-width)",
                "entry 1 (pano.png): 15×20 (aspect 0.75) is under this selection's 0.8 (--min-aspect); export keeps"
                    + " the entry's own crop",
                "the crop breaks a rule, so entry 1 was left as it was (--force keeps it, and check reports it)",
            ])
        assertUnchanged(kept)
        XCTAssertTrue(run(["--json", "crop", "1", "15x20+0+0"]).stderr.contains(#""code":"rule-broken""#))
        // The whole picture again breaks --max-aspect, which export mends: none is kept with the note.
        let whole = run(["crop", "1", "none"])
        assertExit(whole, 0)
        XCTAssertEqual(whole.stderr, "imgsel: note: pano.png: export crops it to 38×20 (--max-aspect 1.91)\n")
        assertSuccess(run(["crop", "1", "4:5"]))
        assertSuccess(run(["crop", "1", "15x20+0+0", "--force"]))
        let check = run(["check"])
        assertFailure(check, 1, stderrContains: ["entry 1 (pano.png): 15 px wide is under this selection's 16 px"])
    }

    func testCheckVerifiesTheFileOfACroppedEntry() {
        quadrants()
        assertSuccess(run(["add", "q.png"]))
        assertSuccess(run(["crop", "1", "1:1"]))
        assertSuccess(run(["check"]))
        _ = write(Data(CropPictures.quadrantsPNG(width: 80, height: 41)), to: "q.png")
        assertFailure(run(["check"]), 1, stderrContains: ["entry 1 (q.png)"])
    }

    func testVersionOneWithACropIsRefusedUntouched() {
        quadrants()
        assertSuccess(run(["add", "q.png"]))
        let text = String(decoding: selectionData()!, as: UTF8.self).replacingOccurrences(
            of: "\"added\"", with: "\"crop\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1},\n      \"added\"")
        _ = write(Data(text.utf8), to: ".imgsel.json")
        let before = selectionData()
        assertFailure(run(["list"]), 4, stderrContains: ["\"crop\" needs version 2, and this file is version 1"])
        assertFailure(run(["crop", "1", "none"]), 4)
        assertUnchanged(before)
    }
}
