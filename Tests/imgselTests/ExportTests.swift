import Foundation
import XCTest

/// `export DIR` end to end, each file read back by Pillow and exiftool.
final class ExportTests: ImgselTestCase {
    func testNamesInSelectionOrderAndKeptNamesNumberedOnAClash() {
        _ = png("b.png", width: 8, height: 6)
        _ = png("a.png", width: 8, height: 6)
        _ = write(Fixtures.png(width: 5, height: 5, seed: 77), to: "sub/a.png")
        assertSuccess(run(["add", "b.png", "a.png", "sub/a.png"]))
        let r = run(["export", "upload"])
        assertSuccess(r)
        XCTAssertEqual(listing("upload"), ["01-b.png", "02-a.png", "03-a.png"])
        XCTAssertEqual(
            r.stdoutLines,
            [
                "upload/01-b.png  8×6  PNG  \(bytes("upload/01-b.png")!.count) B  copied, metadata removed",
                "upload/02-a.png  8×6  PNG  \(bytes("upload/02-a.png")!.count) B  copied, metadata removed",
                "upload/03-a.png  5×5  PNG  \(bytes("upload/03-a.png")!.count) B  copied, metadata removed",
            ])
        assertSuccess(run(["export", "kept", "--names", "keep"]))
        XCTAssertEqual(listing("kept"), ["a (1).png", "a.png", "b.png"])
        XCTAssertEqual(bytes("kept/a (1).png"), bytes("upload/03-a.png"))
        XCTAssertEqual(listing("."), [".imgsel.json", ".imgsel.json.lock", "a.png", "b.png", "kept", "sub", "upload"])
    }

    func testACopyLosesItsMetadataLosslesslyAndKeepsItsProfile() {
        pillowPhoto("photo.jpg")
        pillowNoisePNG("noise.png", width: 40, height: 30)
        assertSuccess(run(["add", "photo.jpg", "noise.png"]))
        let r = run(["export", "out"])
        assertSuccess(r)
        XCTAssertTrue(r.stdoutLines[0].hasSuffix("  copied, metadata removed"), r.transcript)
        let tags = exifTags("out/01-photo.jpg")
        for gone in ["EXIF:GPSLatitude", "EXIF:Make", "EXIF:Orientation", "XMP:Creator", "File:Comment"] {
            XCTAssertNil(tags[gone], "\(gone) removed: \(tags)")
        }
        XCTAssertNotNil(tags["ICC_Profile:ProfileDescription"], "the ICC profile stays: \(tags)")
        XCTAssertEqual(exifTags("photo.jpg")["EXIF:GPSLatitudeRef"], "N", "the source had them")
        XCTAssertEqual(scanData(bytes("out/01-photo.jpg")), scanData(bytes("photo.jpg")), "entropy data byte for byte")
        XCTAssertFalse(scanData(bytes("photo.jpg")).isEmpty)
        XCTAssertEqual(pillowFacts("out/01-photo.jpg"), "JPEG 640x480 RGB")
        let before = pngChunks(bytes("noise.png")), after = pngChunks(bytes("out/02-noise.png"))
        XCTAssertEqual(after.filter { $0.0 == "IDAT" }.map(\.1), before.filter { $0.0 == "IDAT" }.map(\.1))
        XCTAssertEqual(after.map(\.0), before.map(\.0).filter { !["tEXt", "iTXt", "zTXt"].contains($0) })
        XCTAssertTrue(after.contains { $0.0 == "iCCP" })
        XCTAssertNil(exifTags("out/02-noise.png")["PNG:Comment"])
    }

    func testKeepMetadataCopiesAsIsAndResetsTheOrientationOfATurnedPicture() {
        pillowPhoto("photo.jpg")
        pillowPhoto("turned.jpg", width: 320, height: 240, orientation: 6)
        // One photo turned by EXIF: `-q` leaves out the warning that it looks like the first.
        assertSuccess(run(["-q", "add", "photo.jpg", "turned.jpg"]))
        assertSuccess(run(["export", "out", "--keep-metadata"]))
        XCTAssertEqual(bytes("out/01-photo.jpg"), bytes("photo.jpg"))
        let tags = exifTags("out/02-turned.jpg")
        XCTAssertEqual(tags["EXIF:Orientation"], "1", "\(tags)")
        XCTAssertEqual(tags["EXIF:GPSLatitudeRef"], "N")
        XCTAssertEqual(tags["XMP:Creator"], "Me")
        XCTAssertEqual(pillowFacts("out/02-turned.jpg"), "JPEG 240x320 RGB")
    }

    func testPicturesAreUprightFittedAndNeverEnlarged() {
        pillowPhoto("turned.jpg", orientation: 6)
        _ = png("small.png", width: 30, height: 20)
        assertSuccess(run(["add", "turned.jpg", "small.png"]))
        let r = run(["export", "out", "--max-side", "200", "--max-width", "1000"])
        assertSuccess(r)
        XCTAssertEqual(
            r.stdoutLines.first?.replacingOccurrences(
                of: #"  [0-9.]+ (B|KB)  "#, with: "  N  ", options: .regularExpression),
            "out/01-turned.jpg  480×640 → 150×200  JPEG q85  N  upright, shrunk, re-encoded, metadata removed")
        XCTAssertEqual(pillowFacts("out/01-turned.jpg"), "JPEG 150x200 RGB")
        XCTAssertNil(exifTags("out/01-turned.jpg")["EXIF:Orientation"], "no orientation left but 1")
        XCTAssertLessThan(meanDifference("out/01-turned.jpg", from: "turned.jpg"), 4, "upright, as Pillow turns it")
        XCTAssertEqual(pillowFacts("out/02-small.png"), "PNG 30x20 RGB", "never enlarged")
        XCTAssertTrue(r.stdoutLines.last?.hasSuffix("  copied, metadata removed") == true, r.transcript)
        assertSuccess(run(["export", "px", "--max-pixels", "10000"]))
        let sides = pillowFacts("px/01-turned.jpg").split(separator: " ")[1].split(separator: "x").compactMap {
            Int($0)
        }
        XCTAssertEqual(sides.count, 2)
        XCTAssertLessThanOrEqual(sides.reduce(1, *), 10000, "within --max-pixels")
        XCTAssertGreaterThan(sides.reduce(1, *), 9500, "as large as it allows")
    }

    func testTheCropIsCutBeforeTheShrink() {
        pillowPhoto("photo.jpg")
        assertSuccess(run(["add", "photo.jpg"]))
        assertSuccess(run(["crop", "1", "200x200+220+100"]))
        let r = run(["export", "out", "--max-side", "100"])
        assertSuccess(r)
        XCTAssertEqual(pillowFacts("out/01-photo.jpg"), "JPEG 100x100 RGB")
        XCTAssertLessThan(meanDifference("out/01-photo.jpg", from: "photo.jpg", crop: (220, 100, 200, 200)), 4)
        XCTAssertTrue(r.stdout.contains("cropped, shrunk, re-encoded"), r.transcript)
    }

    func testFormatAndTypesChooseWhatIsWritten() {
        _ = png("a.png", width: 16, height: 16)
        pillowPhoto("photo.jpg", width: 64, height: 48)
        assertSuccess(run(["add", "a.png", "photo.jpg"]))
        assertSuccess(run(["export", "jpeg", "--format", "jpeg"]))
        XCTAssertEqual(listing("jpeg"), ["01-a.jpg", "02-photo.jpg"])
        XCTAssertEqual(pillowFacts("jpeg/01-a.jpg"), "JPEG 16x16 RGB")
        XCTAssertEqual(scanData(bytes("jpeg/02-photo.jpg")), scanData(bytes("photo.jpg")), "a JPEG is still copied")
        assertSuccess(run(["export", "png", "--types", "png"]))
        XCTAssertEqual(pillowFacts("png/02-photo.png"), "PNG 64x48 RGB", "a forbidden JPEG becomes a PNG")
        assertSuccess(run(["export", "forced", "--format", "jpeg", "--types", "png,gif"]))
        XCTAssertEqual(listing("forced"), ["01-a.png", "02-photo.png"], "a forced format the types forbid: the other")
        let neither = run(["export", "none", "--types", "webp,gif"])
        assertExit(neither, 1)
        XCTAssertEqual(neither.stderrLines.count, 2, neither.transcript)
        XCTAssertEqual(
            neither.stderrLines.first,
            "imgsel: entry 1 (a.png): type png is not one of this selection's gif, webp (--types), and export writes"
                + " only JPEG or PNG")
        XCTAssertFalse(exists("none"))
    }

    /// A transparent picture made JPEG is laid over white, and the line and JSON say so (`flattened`);
    /// one whose alpha channel is all opaque loses nothing and says nothing of it.
    func testATransparentPictureMadeJPEGSaysItIsFlattened() throws {
        _ = write(
            try Data(contentsOf: TruncatedPictureTests.fixtures.appendingPathComponent("png/pillow-rgba-37x23.png")),
            to: "clear.png")
        pillow(
            """
            import pillow_heif
            pillow_heif.register_heif_opener()
            im = Image.new('RGBA', (32, 24), (200, 30, 30, 255))
            im.putpixel((3, 3), (0, 0, 0, 0))
            im.save('clear.heic', quality=90)
            Image.new('RGBA', (16, 16), (10, 20, 30, 255)).save('opaque.png')
            """)
        assertSuccess(run(["add", "clear.png", "clear.heic", "opaque.png"]))
        let r = run(["--json", "export", "out", "--types", "jpeg"])
        assertSuccess(r)
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]])
        XCTAssertEqual(
            files.map { $0["changes"] as? [String] ?? [] },
            [
                ["re-encoded", "flattened", "metadata-removed"], ["re-encoded", "flattened", "metadata-removed"],
                ["re-encoded", "metadata-removed"],
            ])
        let line = run(["export", "lines", "--format", "jpeg"])
        assertSuccess(line)
        XCTAssertTrue(
            line.stdoutLines.first?.hasSuffix("  re-encoded, flattened, metadata removed") == true, line.transcript)
    }

    func testMaxBytesFindsTheHighestQualityThatFitsTheSameWayTwice() throws {
        // Turned, so every export of it is an encode (a JPEG that needs nothing is copied).
        pillowPhoto("photo.jpg", width: 400, height: 300, orientation: 3, quality: 98, noise: 12)
        assertSuccess(run(["add", "photo.jpg"]))
        assertSuccess(run(["export", "q85", "--quality", "85"]))
        // A limit quality 85 passes by about a third: the search must go lower, not to 50.
        let limit = bytes("q85/01-photo.jpg")!.count * 2 / 3
        let r = run(["--json", "export", "out", "--max-bytes", "\(limit)"])
        assertSuccess(r)
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]])
        let quality = try XCTUnwrap(files.first?["quality"] as? Int, r.transcript)
        XCTAssertLessThan(quality, 85)
        XCTAssertGreaterThan(quality, 50)
        XCTAssertLessThanOrEqual(bytes("out/01-photo.jpg")!.count, limit)
        XCTAssertEqual(files[0]["width"] as? Int, 400, "no shrinking while a quality above 50 fits")
        XCTAssertEqual(files[0]["changes"] as? [String], ["upright", "re-encoded", "metadata-removed"])
        // One quality higher would not have fitted.
        assertSuccess(run(["export", "above", "--quality", "\(quality + 1)"]))
        XCTAssertGreaterThan(bytes("above/01-photo.jpg")!.count, limit)
        assertSuccess(run(["export", "again", "--max-bytes", "\(limit)"]))
        XCTAssertEqual(bytes("again/01-photo.jpg"), bytes("out/01-photo.jpg"), "the same input, the same bytes")
    }

    func testMaxBytesShrinksAPNGAndRefusesOneThatCannotFitAt64x64() throws {
        pillowNoisePNG("noise.png", width: 200, height: 200)
        assertSuccess(run(["add", "noise.png"]))
        let r = run(["--json", "export", "out", "--max-bytes", "40KB"])
        assertSuccess(r)
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]])
        XCTAssertLessThanOrEqual(files[0]["bytes"] as? Int ?? .max, 40 * 1024)
        XCTAssertLessThan(files[0]["width"] as? Int ?? .max, 200, "the PNG was shrunk")
        XCTAssertEqual(files[0]["changes"] as? [String], ["shrunk", "re-encoded", "metadata-removed"])
        XCTAssertEqual(pillowFacts("out/01-noise.png").prefix(4), "PNG ")
        let tiny = run(["export", "tiny", "--max-bytes", "2KB"])
        assertExit(tiny, 1)
        XCTAssertEqual(
            tiny.stderrLines, ["imgsel: entry 1 (noise.png): does not fit 2 KB (--max-bytes): 6.6 KB even at 50×50"])
        XCTAssertFalse(exists("tiny"))
    }

    func testJSONListsEveryFileAsTheSpecSays() throws {
        _ = png("a.png", width: 8, height: 6)
        assertSuccess(run(["add", "a.png"]))
        let r = run(["--json", "export", "out"])
        assertSuccess(r)
        let files = try XCTUnwrap(try JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]])
        XCTAssertEqual(
            Set(files[0].keys),
            [
                "index", "path", "display_path", "copy", "type", "width", "height", "bytes", "sha256", "quality",
                "changes",
            ])
        XCTAssertEqual(files[0]["copy"] as? String, "out/01-a.png")
        XCTAssertEqual(files[0]["type"] as? String, "png")
        XCTAssertEqual(files[0]["sha256"] as? String, sha256sum(url("out/01-a.png")))
        XCTAssertTrue(files[0]["quality"] is NSNull)
        XCTAssertEqual(files[0]["changes"] as? [String], ["copied", "metadata-removed"], "its tIME chunk went")
    }
}
