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
        // Each named as `check` names an entry.
        XCTAssertEqual(r.stderrLines.first, "imgsel: entry 2 (img2.png): file is missing", r.transcript)
        XCTAssertTrue(r.stderrLines.last?.hasPrefix("imgsel: entry 3 (img3.png): ") == true, r.transcript)
        XCTAssertTrue(r.stderrLines.last?.contains(" changed") == true, r.transcript)
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

    /// A phone's HEIC carries its GPS position in an EXIF item: export makes it a JPEG of its
    /// pixels (decoded by imgsel's own HEVC decoder) with no EXIF, even when nothing else changes.
    func testAHEICFromAPhoneBecomesAJPEGWithoutItsLocation() {
        phoneHEIC()
        XCTAssertNotNil(exifTags("shot.heic")["EXIF:GPSLatitude"], "the fixture carries a location")
        assertSuccess(run(["add", "shot.heic"]))
        let r = run(["export", "out"])
        assertSuccess(r)
        XCTAssertEqual(listing("out"), ["01-shot.jpg"])
        XCTAssertTrue(r.stdout.contains("re-encoded"), r.stdout)
        let seen = pillow(
            "im = Image.open('out/01-shot.jpg'); print(im.format, im.size, im.convert('RGB').getpixel((32, 24)))")
        XCTAssertTrue(seen.hasPrefix("JPEG (64, 48) ("), seen)
        let colour =
            seen.split(separator: "(").last.map {
                $0.dropLast(2).split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            } ?? []
        XCTAssertEqual(colour.count, 3, seen)
        for (got, want) in zip(colour, [10, 200, 30]) { XCTAssertLessThan(abs(got - want), 12, seen) }
        let tags = exifTags("out/01-shot.jpg")
        XCTAssertNil(tags["EXIF:GPSLatitude"], "\(tags)")
        XCTAssertNil(tags["EXIF:Make"], "\(tags)")
        assertSuccess(run(["export", "kept", "--keep-metadata"]))
        XCTAssertEqual(bytes("kept/01-shot.heic"), bytes("shot.heic"), "--keep-metadata copies it as it is")
    }

    /// An AVIF keeps its EXIF (and GPS) in an item as a HEIC does, so it is made again too: a JPEG of
    /// its pixels (imgsel's own AV1 decoder) without its location; `--keep-metadata` copies it.
    func testAnAVIFWithALocationBecomesAJPEGWithoutIt() {
        phoneHEIC(named: "shot.avif")
        XCTAssertNotNil(exifTags("shot.avif")["EXIF:GPSLatitude"], "the fixture carries a location")
        assertSuccess(run(["add", "shot.avif"]))
        let r = run(["export", "out", "--json"])
        assertSuccess(r)
        XCTAssertEqual(listing("out"), ["01-shot.jpg"])
        XCTAssertTrue(r.stdout.contains("\"re-encoded\""), r.stdout)
        let seen = pillow("im = Image.open('out/01-shot.jpg'); print(im.format, im.size)")
        XCTAssertEqual(seen.trimmed, "JPEG (64, 48)")
        let tags = exifTags("out/01-shot.jpg")
        XCTAssertNil(tags["EXIF:GPSLatitude"], "\(tags)")
        XCTAssertNil(tags["EXIF:Make"], "\(tags)")
        assertSuccess(run(["export", "kept", "--keep-metadata"]))
        XCTAssertEqual(bytes("kept/01-shot.avif"), bytes("shot.avif"), "--keep-metadata copies it as it is")
    }

    /// A HEIC made JPEG keeps its ICC profile always (a phone's Display P3 values are not sRGB), and
    /// under --keep-metadata its EXIF, read from the file's EXIF item, with the orientation at 1.
    func testAHEICMadeJPEGKeepsItsProfileAndUnderKeepMetadataItsEXIF() {
        phoneHEIC(orientation: 6, profile: true)
        assertSuccess(run(["add", "shot.heic"]))
        assertSuccess(run(["export", "out"]))
        let profile = "print(Image.open('{}').info.get('icc_profile') == open('profile.icc', 'rb').read())"
        XCTAssertEqual(pillow(profile.replacingOccurrences(of: "{}", with: "out/01-shot.jpg")).trimmed, "True")
        XCTAssertNil(exifTags("out/01-shot.jpg")["EXIF:Make"])
        assertSuccess(run(["export", "kept", "--keep-metadata", "--max-side", "32"]))
        XCTAssertEqual(listing("kept"), ["01-shot.jpg"])
        // Turned by its irot (pillow-heif writes one for orientation 6) and shrunk: 48×64 to 24×32.
        XCTAssertEqual(pillow("print(Image.open('kept/01-shot.jpg').size)").trimmed, "(24, 32)")
        let tags = exifTags("kept/01-shot.jpg")
        XCTAssertEqual(tags["EXIF:Orientation"], "1", "\(tags)")
        XCTAssertEqual(tags["EXIF:Make"], "PhoneMaker", "\(tags)")
        XCTAssertNotNil(tags["EXIF:GPSLatitude"], "\(tags)")
        XCTAssertEqual(pillow(profile.replacingOccurrences(of: "{}", with: "kept/01-shot.jpg")).trimmed, "True")
    }

    /// `shot.heic` (or `named`, an AVIF by its extension), 64×48 of one green, as a phone writes it:
    /// EXIF with Make and a GPS position, an EXIF orientation (which pillow-heif also writes as irot),
    /// and an sRGB profile in `profile.icc`.
    private func phoneHEIC(orientation: Int = 1, profile: Bool = false, named name: String = "shot.heic") {
        pillow(
            """
            import pillow_heif
            pillow_heif.register_heif_opener()
            exif = Image.Exif()
            exif[0x010F] = 'PhoneMaker'
            exif[0x0112] = \(orientation)
            exif.get_ifd(0x8825).update({1: 'N', 2: (52.0, 31.0, 12.0), 3: 'E', 4: (13.0, 24.0, 36.0)})
            extra = {}
            if \(profile ? "True" : "False"):
                extra['icc_profile'] = ImageCms.ImageCmsProfile(ImageCms.createProfile('sRGB')).tobytes()
                open('profile.icc', 'wb').write(extra['icc_profile'])
            Image.new('RGB', (64, 48), (10, 200, 30)).save('\(name)', quality=90, exif=exif.tobytes(), **extra)
            """)
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

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
