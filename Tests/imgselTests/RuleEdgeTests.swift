import Foundation
import TestImages
import XCTest

extension ImgselTestCase {
    /// A PNG of exactly `bytes` bytes (at least its size unpadded), padded by a private ancillary chunk.
    @discardableResult
    func sizedPNG(_ name: String, bytes: Int, width: Int = 4, height: Int = 3) -> String {
        seedCounter += 1
        var image = ImageBytes.truecolourPNG(width: width, height: height, seed: seedCounter)
        let padding = bytes - image.count - 12
        precondition(padding >= 0, "a \(width)×\(height) PNG takes \(image.count + 12) bytes at least")
        image.insert(contentsOf: ImageBytes.pngChunk("paDd", ImageBytes.zeros(padding)), at: image.count - 12)
        _ = write(Data(image), to: name)
        return name
    }

    /// A JPEG of `width`×`height` (as much as the probe reads), with `padding` bytes after its end.
    @discardableResult
    func jpeg(_ name: String, width: Int = 40, height: Int = 30, padding: Int = 0) -> String {
        seedCounter += 1
        let image = ImageBytes.jpeg(width: width, height: height) + ImageBytes.ascii("seed \(seedCounter)")
        _ = write(Data(image + ImageBytes.zeros(padding)), to: name)
        return name
    }

    /// Each stderr line of a `--json` run, as its error object.
    func jsonErrors(_ r: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        r.stderrLines.map {
            (parseJSON($0, file: file, line: line) as? [String: Any])?["error"] as? [String: Any] ?? [:]
        }
    }
}

/// Each rule at its edge: an image at the limit is added; one past it is refused (exit 1,
/// `rule-broken`, one line a broken rule, nothing added) where export cannot mend it, or under
/// `--as-is` whatever it breaks, and otherwise added with a note of what export will do.
final class RuleEdgeTests: ImgselTestCase {
    /// A selection with these rules, then `pass` added and `fail` refused with exactly `message`
    /// under `--as-is`; without it, `fail` is refused alike when `note` is nil, else added with it.
    private func assertEdge(
        _ rules: [String], pass: String, fail: String, message: String, note: String?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let selection = "edge-\(rules.joined().filter { $0.isLetter || $0.isNumber }).json"
        assertSuccess(run(["-f", selection, "init", "--force"] + rules + ["--as-is"]), file: file, line: line)
        assertSuccess(run(["-q", "-f", selection, "add", pass]), file: file, line: line)
        let before = selectionData(url(selection))
        let r = run(["-f", selection, "add", fail])
        assertFailure(r, 1, file: file, line: line)
        XCTAssertEqual(r.stderr, "imgsel: \(message)\n", r.transcript, file: file, line: line)
        assertUnchanged(before, url(selection), file: file, line: line)
        XCTAssertEqual(storedPaths(url(selection)), [pass], file: file, line: line)
        let json = run(["--json", "-f", selection, "add", fail])
        XCTAssertEqual(jsonErrors(json).map { $0["code"] as? String }, ["rule-broken"], file: file, line: line)
        XCTAssertEqual(jsonErrors(json).first?["message"] as? String, message, file: file, line: line)

        // Without --as-is: what export mends is added with its note (-q leaves it out), the rest refused alike.
        assertSuccess(run(["-f", selection, "rules", "--clear", "as-is"]), file: file, line: line)
        let cleared = selectionData(url(selection))
        let mended = run(["-f", selection, "add", fail])
        guard let note else {
            assertFailure(mended, 1, file: file, line: line)
            XCTAssertEqual(mended.stderr, "imgsel: \(message)\n", mended.transcript, file: file, line: line)
            return assertUnchanged(cleared, url(selection), file: file, line: line)
        }
        assertExit(mended, 0, file: file, line: line)
        // The two test pictures are one ramp a pixel apart in width: `add` also says they look alike.
        XCTAssertEqual(
            mended.stderrLines.filter { !$0.contains(": looks like entry 1 (") }, ["imgsel: note: \(fail): \(note)"],
            mended.transcript, file: file, line: line)
        XCTAssertEqual(storedPaths(url(selection)), [pass, fail], file: file, line: line)
        let check = run(["-f", selection, "check"])
        assertExit(check, 0, file: file, line: line)
        XCTAssertEqual(
            check.stderr, "imgsel: note: entry 2 (\(fail)): \(note)\n", check.transcript, file: file, line: line)
        assertSuccess(run(["-q", "-f", selection, "delete", "2"]), file: file, line: line)
        let quiet = run(["-q", "-f", selection, "add", fail])
        assertSuccess(quiet, file: file, line: line)
        XCTAssertEqual(quiet.stderr, "", file: file, line: line)
    }

    func testMaxBytes() {
        assertEdge(
            ["--max-bytes", "2KB"], pass: sizedPNG("at.png", bytes: 2048), fail: sizedPNG("over.png", bytes: 2049),
            message: "over.png: 2049 B is over this selection's 2048 B (--max-bytes)",
            note: "export fits it within 2 KB (--max-bytes)")
    }

    func testMaxBytesAsTheContractWordsIt() {
        assertEdge(
            ["--max-bytes", "5MB"], pass: jpeg("small.jpg", padding: 5_242_000),
            fail: jpeg("big.jpg", padding: 7_549_747 - ImageBytes.jpeg(width: 40, height: 30).count - 6),
            message: "big.jpg: 7.2 MB is over this selection's 5 MB (--max-bytes)",
            note: "export fits it within 5 MB (--max-bytes)")
    }

    func testWidthsAndHeights() {
        assertEdge(
            ["--min-width", "4"], pass: png("w4.png", width: 4, height: 3), fail: png("w3.png", width: 3, height: 3),
            message: "w3.png: 3 px wide is under this selection's 4 px (--min-width)",
            note: nil)
        assertEdge(
            ["--min-height", "3"], pass: png("h3.png", width: 4, height: 3), fail: png("h2.png", width: 4, height: 2),
            message: "h2.png: 2 px high is under this selection's 3 px (--min-height)",
            note: nil)
        assertEdge(
            ["--max-width", "4"], pass: png("mw4.png", width: 4, height: 3), fail: png("mw5.png", width: 5, height: 3),
            message: "mw5.png: 5 px wide is over this selection's 4 px (--max-width)",
            note: "export shrinks it to 4×2 (--max-width 4)")
        assertEdge(
            ["--max-height", "3"], pass: png("mh3.png", width: 4, height: 3),
            fail: png("mh4.png", width: 4, height: 4),
            message: "mh4.png: 4 px high is over this selection's 3 px (--max-height)",
            note: "export shrinks it to 3×3 (--max-height 3)")
    }

    func testSizesAreUpright() {
        // Stored 4×3, shown 3×4 (EXIF orientation 6): too high for --max-height 3.
        assertEdge(
            ["--max-height", "4"], pass: png("turned.png", width: 4, height: 3, orientation: 6),
            fail: png("turned-tall.png", width: 5, height: 3, orientation: 8),
            message: "turned-tall.png: 5 px high is over this selection's 4 px (--max-height)",
            note: "export shrinks it to 2×4 (--max-height 4)")
    }

    func testMaxPixels() {
        assertEdge(
            ["--max-pixels", "12"], pass: png("p12.png", width: 4, height: 3),
            fail: png("p13.png", width: 13, height: 1),
            message: "p13.png: 13×1 = 13 pixels is over this selection's 12 (--max-pixels)",
            note: "export shrinks it to 12×1 (--max-pixels 12)")
    }

    func testAspects() {
        assertEdge(
            ["--min-aspect", "4:5"], pass: png("a45.png", width: 80, height: 100),
            fail: png("a79.png", width: 79, height: 100),
            message: "a79.png: 79×100 (aspect 0.79) is under this selection's 4:5 (--min-aspect)",
            note: "export crops it to 79×98 (--min-aspect 4:5)")
        assertEdge(
            ["--max-aspect", "1.91"], pass: png("a191.png", width: 191, height: 100),
            fail: png("a192.png", width: 192, height: 100),
            message: "a192.png: 192×100 (aspect 1.92) is over this selection's 1.91 (--max-aspect)",
            note: "export crops it to 191×100 (--max-aspect 1.91)")
    }

    /// An aspect prints rounded to the nearest at four decimals, or with as many more digits
    /// as make it differ from the limit: the same picture alike under a minimum and over a
    /// maximum (issues 20 and 38).
    func testAnAspectPrintsAsManyDigitsAsMakeItDifferFromTheLimit() {
        assertEdge(
            ["--max-aspect", "1.333"], pass: heic("a1333.heic", 1333, 1000), fail: heic("vga.heic", 640, 480),
            message: "vga.heic: 640×480 (aspect 1.3333) is over this selection's 1.333 (--max-aspect)",
            note: "export crops it to 639×480 (--max-aspect 1.333)")
        assertEdge(
            ["--min-aspect", "1.5"], pass: heic("a15.heic", 3, 2), fail: heic("vga.heic", 640, 480),
            message: "vga.heic: 640×480 (aspect 1.3333) is under this selection's 1.5 (--min-aspect)",
            note: "export crops it to 640×426 (--min-aspect 1.5)")
        assertEdge(
            ["--max-aspect", "4:3"], pass: heic("a43.heic", 4000, 3000), fail: heic("b43.heic", 40001, 30000),
            message: "b43.heic: 40001×30000 (aspect 1.3334) is over this selection's 4:3 (--max-aspect)",
            note: "export crops it to 40000×30000 (--max-aspect 4:3)")
        assertEdge(
            ["--min-aspect", "0.8"], pass: heic("a08.heic", 8, 10), fail: heic("b08.heic", 79999, 100000),
            message: "b08.heic: 79999×100000 (aspect 0.79999) is under this selection's 0.8 (--min-aspect)",
            note: "export crops it to 79999×99998 (--min-aspect 0.8)")
    }

    /// A HEIC header of `width`×`height` (the probe's size; its pixels are never decoded here).
    private func heic(_ name: String, _ width: Int, _ height: Int) -> String {
        _ = write(Data(ImageBytes.heif(primary: [ImageBytes.ispe(width, height)])), to: name)
        return name
    }

    func testTypesAndAnimation() {
        assertEdge(
            ["--types", "jpeg,png"], pass: png("still.png"), fail: gif("still.gif"),
            message: "still.gif: type gif is not one of this selection's jpeg, png (--types)",
            note: "export makes it a PNG (--types jpeg,png)")
        assertEdge(
            ["--no-animation"], pass: gif("one.gif", frames: 1), fail: gif("two.gif", frames: 2),
            message: "two.gif: animated (2 frames), and this selection takes still images only (--no-animation)",
            note: "export keeps its first frame (--no-animation)")
    }

    func testABatchReportsEveryBrokenRuleOfEveryFileAndAddsNothing() {
        assertSuccess(run(["init", "--max-width", "4", "--types", "jpeg,png", "--as-is"]))
        let good = png("good.png", width: 4, height: 3)
        let wide = png("wide.png", width: 5, height: 3)
        let anim = gif("anim.gif", width: 6, height: 2, frames: 2)
        let before = selectionData()
        let r = run(["add", good, anim, wide])
        assertFailure(r, 1)
        XCTAssertEqual(
            r.stderrLines,
            [
                "imgsel: anim.gif: 6 px wide is over this selection's 4 px (--max-width)",
                "imgsel: anim.gif: type gif is not one of this selection's jpeg, png (--types)",
                "imgsel: wide.png: 5 px wide is over this selection's 4 px (--max-width)",
            ])
        assertUnchanged(before)
        // Two files breaking two rules each: four lines, four JSON errors.
        let both = gif("both.gif", width: 9, height: 2)
        let json = run(["--json", "add", anim, good, both])
        assertExit(json, 1)
        XCTAssertEqual(jsonErrors(json).count, 4, json.transcript)
        XCTAssertEqual(Set(jsonErrors(json).compactMap { $0["code"] as? String }), ["rule-broken"])
        XCTAssertEqual(jsonErrors(json).compactMap { $0["exit"] as? Int }, [1, 1, 1, 1])
        XCTAssertEqual(json.stdout, "")
        assertUnchanged(before)
        assertSuccess(run(["add", good]))
    }

    func testAnInputProblemIsReportedBeforeABrokenRule() {
        assertSuccess(run(["init", "--max-width", "1"]))
        let r = run(["add", png("wide.png"), "missing.png"])
        assertFailure(r, 3, stderrContains: ["missing.png"])
        XCTAssertFalse(r.stderr.contains("--max-width"), r.transcript)
    }

    func testReplaceRefusesAnImageThatBreaksARule() {
        seed(2)
        assertSuccess(run(["rules", "--max-width", "4", "--as-is"]))
        let before = selectionData()
        let r = run(["replace", "2", png("wide.png", width: 5, height: 3)])
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: wide.png: 5 px wide is over this selection's 4 px (--max-width)\n")
        assertUnchanged(before)
        assertSuccess(run(["replace", "2", png("fine.png", width: 4, height: 3)]))
    }

    /// The removal half would be fine, the addition half breaks a rule: nothing happens at all.
    func testToggleRefusesTheWholeCommandWhenAnAdditionBreaksARule() {
        let names = seed(2)
        assertSuccess(run(["rules", "--max-width", "4", "--as-is"]))
        let before = selectionData()
        let wide = png("wide.png", width: 5, height: 3)
        let r = run(["toggle", names[0], wide])
        assertFailure(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: wide.png: 5 px wide is over this selection's 4 px (--max-width)\n")
        assertUnchanged(before)
        // Removing alone is never refused, even an entry that breaks a rule.
        assertSuccess(run(["rules", "--max-height", "2", "--force"]))
        assertSuccess(run(["toggle", names[0]]))
        XCTAssertEqual(storedPaths(), [names[1]])
    }
}
