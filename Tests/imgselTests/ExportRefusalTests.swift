import Foundation
import XCTest

/// All or nothing: every refusal leaves DIR as it was (absent, or with its files untouched) and no
/// hidden folder behind.
final class ExportRefusalTests: ImgselTestCase {
    /// Every name in the test's folder and in `out`, hidden ones included.
    private func everything() -> [String] { listing(".") + listing("out").map { "out/" + $0 } }

    private func assertNothingWritten(_ before: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(everything(), before, "DIR as it was, no hidden folder", file: file, line: line)
    }

    func testAMissingOrChangedFileIsExit3AndWritesNothing() {
        seed(3)
        let before = everything()
        try? FileManager.default.removeItem(at: url("img2.png"))
        _ = write(Fixtures.png(width: 4, height: 3, seed: 999), to: "img3.png")
        let r = run(["export", "out"])
        assertExit(r, 3)
        XCTAssertEqual(r.stderrLines.count, 2, r.transcript)
        XCTAssertTrue(r.stderr.contains("img2.png"), r.transcript)
        XCTAssertTrue(r.stderr.contains("img3.png: entry 3 changed"), r.transcript)
        assertNothingWritten(before.filter { $0 != "img2.png" })
    }

    func testTooSmallOrTooFewIsExit1ExportNeverEnlarges() {
        _ = png("small.png", width: 100, height: 80)
        assertSuccess(run(["add", "small.png"]))
        assertSuccess(run(["rules", "--min-width", "320", "--min-count", "2", "--force"]))
        let before = everything()
        let r = run(["export", "out"])
        assertExit(r, 1)
        XCTAssertTrue(r.stderr.contains("fewer than the 2 it needs (--min-count)"), r.transcript)
        XCTAssertTrue(r.stderr.contains("entry 1 (small.png): 100 px wide is under"), r.transcript)
        assertNothingWritten(before)
    }

    func testAnExistingNameIsExit1UnlessForcedWhichReplacesOnlyThatName() {
        seed(2)
        _ = write(Data("mine".utf8), to: "out/01-img1.png")
        _ = write(Data("other".utf8), to: "out/notes.txt")
        let before = everything()
        let r = run(["export", "out"])
        assertExit(r, 1)
        XCTAssertEqual(
            r.stderrLines,
            ["imgsel: out/01-img1.png: already exists; nothing was written (--force replaces the names export writes)"])
        assertNothingWritten(before)
        XCTAssertEqual(bytes("out/01-img1.png"), Data("mine".utf8))
        assertSuccess(run(["export", "out", "--force"]))
        XCTAssertEqual(listing("out"), ["01-img1.png", "02-img2.png", "notes.txt"])
        assertSuccess(run(["export", "fresh"]))
        XCTAssertEqual(bytes("out/01-img1.png"), bytes("fresh/01-img1.png"))
        XCTAssertEqual(bytes("out/notes.txt"), Data("other".utf8))
    }

    func testTheNextExportRemovesAHiddenFolderAKillLeftAndOnlyThat() throws {
        seed(1)
        try FileManager.default.createDirectory(at: url(".out.imgsel-killed0001"), withIntermediateDirectories: true)
        _ = write(Data("half".utf8), to: ".out.imgsel-killed0001/01-img1.png")
        try FileManager.default.createDirectory(
            at: url("kept/.imgsel-export-killed0002"), withIntermediateDirectories: true)
        _ = write(Data("x".utf8), to: ".unrelated/file")
        assertSuccess(run(["export", "out"]))
        assertSuccess(run(["export", "kept"]))
        XCTAssertFalse(exists(".out.imgsel-killed0001"))
        XCTAssertEqual(listing("kept"), ["01-img1.png"])
        XCTAssertTrue(exists(".unrelated/file"))
        XCTAssertEqual(listing("out"), ["01-img1.png"])
    }

    func testAHEICEntryIsCopiedAsItIsOrRefusedByNameUntilHEICDecodes() {
        pillow(
            """
            import pillow_heif
            pillow_heif.register_heif_opener()
            Image.new('RGB', (64, 48), (10, 200, 30)).save('shot.heic', quality=60)
            """)
        _ = png("a.png", width: 8, height: 8)
        assertSuccess(run(["add", "shot.heic", "a.png"]))
        assertSuccess(run(["export", "copied"]))
        XCTAssertEqual(bytes("copied/01-shot.heic"), bytes("shot.heic"))
        let r = run(["export", "out", "--max-side", "32"])
        assertExit(r, 3)
        XCTAssertEqual(r.stderrLines, ["imgsel: shot.heic: HEIC is not decoded"])
        XCTAssertFalse(exists("out"))
    }

    func testUsageErrorsNameTheOption() {
        seed(1)
        assertUsage(run(["export"]), stderrContains: ["export: missing DIR"])
        assertUsage(
            run(["export", "out", "--format", "gif"]), stderrContains: ["--format must be jpeg or png, not 'gif'"])
        assertUsage(run(["export", "out", "--names", "ours"]), stderrContains: ["--names must be numbered or keep"])
        assertUsage(
            run(["export", "out", "--quality", "101"]), stderrContains: ["--quality must be a number from 1 to 100"])
        assertUsage(run(["export", "out", "--max-bytes", "lots"]), stderrContains: ["export: --max-bytes must be"])
        XCTAssertFalse(exists("out"))
    }
}
