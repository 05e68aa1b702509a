import Foundation
import XCTest

/// HDR gain maps (issue 42, item 5): `info` names an Ultra HDR JPEG's gain map; export keeps it,
/// valid, through a copy (MPF offsets and the directory's length rewritten, the gain map's own EXIF
/// and GPS gone) and through an encode (turned, cropped and shrunk alike), and says when it drops one.
/// The files come from tools/hdr/make_ultrahdr.py (Pillow's JPEGs, joined by the public format), and
/// what export writes is read back by exiftool (MPF, XMP, the gain map extracted) and Pillow (pixels).
final class GainMapExportTests: ImgselTestCase {
    /// An Ultra HDR JPEG made by the maker beside the tests, `arguments` passed on.
    private func ultraHDR(_ name: String, _ arguments: [String] = []) {
        let maker = ManPageTests.repository.appendingPathComponent("tools/hdr/make_ultrahdr.py").path
        let r = run(
            ["python3", maker, url(name).path] + arguments, program: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(r.status, 0, "Pillow is needed (pip install pillow): \(r.transcript)")
    }

    /// The gain map exiftool finds through the file's MPF index, written beside it as `NAME.gain.jpg`.
    private func extractedGainMap(_ relative: String) throws -> String {
        let tool = URL(fileURLWithPath: "/usr/bin/exiftool")
        let r = run(["-b", "-MPImage2", url(relative).path], program: tool)
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertGreaterThan(r.stdoutData.count, 100, "exiftool finds the gain map by the MPF offsets")
        let name = relative + ".gain.jpg"
        try r.stdoutData.write(to: url(name))
        return name
    }

    func testInfoNamesTheGainMapInEitherFormAndCountsOneFrame() throws {
        ultraHDR("xmp.jpg")
        ultraHDR("iso.jpg", ["--iso", "--no-xmp"])
        for name in ["xmp.jpg", "iso.jpg"] {
            let text = run(["info", name])
            assertSuccess(text)
            XCTAssertTrue(text.stdout.contains("1 frame, colour sRGB (none), hdr gain map (Ultra HDR), "), text.stdout)
            let json = run(["--json", "info", name]).stdout
            XCTAssertTrue(json.contains(#""frames":1"#) && json.contains(#""gain_map":"Ultra HDR""#), json)
        }
        pillowPhoto("plain.jpg")
        XCTAssertFalse(run(["info", "plain.jpg"]).stdout.contains("gain map"))
    }

    func testACopyKeepsAValidGainMapWithoutAnyEXIFOrGPS() throws {
        ultraHDR("u.jpg", ["--iso"])
        assertSuccess(run(["-q", "add", "u.jpg"]))
        let r = run(["--json", "export", "out"])
        assertSuccess(r)
        XCTAssertTrue(r.stdout.contains(#""changes":["copied","metadata-removed","hdr-kept"]"#), r.stdout)
        let tags = exifTags("out/01-u.jpg")
        XCTAssertNil(tags.keys.first { $0.hasPrefix("GPS:") || $0.hasPrefix("EXIF:") }, "\(tags)")
        XCTAssertEqual(tags["MPF:NumberOfImages"], "2")
        let length = try XCTUnwrap(tags["MPF:MPImageLength"].flatMap { Int($0) })
        let start = try XCTUnwrap(tags["MPF:MPImageStart"].flatMap { Int($0) })
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: url("out/01-u.jpg").path)[.size] as? Int)
        XCTAssertEqual(start + length, size, "nothing after the gain map")
        XCTAssertTrue(tags["XMP:DirectoryItemLength"]?.contains("\(length)") == true, "\(tags)")
        let gain = try extractedGainMap("out/01-u.jpg")
        let gainTags = exifTags(gain)
        XCTAssertNil(gainTags.keys.first { $0.hasPrefix("GPS:") || $0.hasPrefix("EXIF:") }, "\(gainTags)")
        XCTAssertEqual(gainTags["XMP:Version"], "1.0", "the gain map's own hdrgm description stays")
        // The gain map's pixels and the picture's are the source's own: a copy re-encodes nothing.
        let same = pillow(
            """
            def pixels(path): return list(Image.open(path).getdata())
            print(pixels('out/01-u.jpg') == pixels('u.jpg'))
            print(Image.open('\(gain)').size, Image.open('\(gain)').mode)
            """)
        XCTAssertEqual(same, "True\n(80, 60) L\n")
    }

    func testACropCutsTheGainMapAlike() throws {
        ultraHDR("c.jpg", ["--width", "400", "--height", "200"])
        assertSuccess(run(["-q", "add", "c.jpg"]))
        assertSuccess(run(["-q", "crop", "1", "200x100+200+100"]))
        let r = run(["export", "out"])
        assertSuccess(r)
        XCTAssertTrue(r.stdout.hasSuffix("cropped, re-encoded, metadata removed, hdr gain map kept\n"), r.stdout)
        let gain = try extractedGainMap("out/01-c.jpg")
        // The source's 100×50 gain map cut to its bottom-right quarter, as the picture was.
        let error = pillow(
            """
            import io
            data = open('c.jpg', 'rb').read()
            source = Image.open(io.BytesIO(data[data.rfind(b'\\xff\\xd9\\xff\\xd8') + 2:]))
            expected = source.crop((50, 25, 100, 50))
            got = Image.open('\(gain)').convert('L')
            assert got.size == (50, 25), got.size
            diffs = [abs(a - b) for a, b in zip(got.getdata(), expected.getdata())]
            print(round(sum(diffs) / len(diffs), 1))
            """)
        let meanError = try XCTUnwrap(Double(error.trimmingCharacters(in: .whitespacesAndNewlines)), error)
        XCTAssertLessThan(meanError, 4, "the gain map cut alike")
    }

    func testAHEICsGainMapIsSaidToBeDroppedInTheLineAndTheJSON() throws {
        let fixture = ManPageTests.repository.appendingPathComponent(
            "Tests/ImageDecodingTests/Fixtures/heic/photo.heic")
        let marker = ManPageTests.repository.appendingPathComponent("tools/hdr/add_apple_gain_map.py").path
        let made = run(
            ["python3", marker, fixture.path, url("apple.heic").path], program: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(made.status, 0, made.transcript)
        XCTAssertTrue(run(["info", "apple.heic"]).stdout.contains(", hdr gain map (Apple), "))
        assertSuccess(run(["-q", "add", "apple.heic"]))
        let r = run(["export", "out"])
        assertSuccess(r)
        XCTAssertTrue(r.stdout.hasSuffix("re-encoded, metadata removed, hdr gain map dropped\n"), r.stdout)
        let json = run(["--json", "export", "again"])
        XCTAssertTrue(json.stdout.contains(#""changes":["re-encoded","metadata-removed","hdr-dropped"]"#), json.stdout)
        XCTAssertNil(exifTags("out/01-apple.jpg")["MPF:NumberOfImages"], "JPEG carries no HEIF gain map")
    }

    func testAnEncodeTurnsAndShrinksTheGainMapAlikeAndDropSaysSo() throws {
        ultraHDR("r.jpg", ["--orientation", "6", "--width", "400", "--height", "300"])
        assertSuccess(run(["-q", "add", "r.jpg"]))
        let r = run(["export", "out", "--max-side", "100"])
        assertSuccess(r)
        XCTAssertTrue(r.stdout.hasPrefix("out/01-r.jpg  300×400 → 75×100  JPEG q85  "), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("  upright, shrunk, re-encoded, metadata removed, hdr gain map kept\n"))
        let gain = try extractedGainMap("out/01-r.jpg")
        // Pillow turns the source's gain map by the picture's orientation and shrinks it to a quarter of
        // the written picture: imgsel's must be that, within what a re-encode and a filter move.
        let error = pillow(
            """
            import io, struct
            data = open('r.jpg', 'rb').read()
            source = Image.open(io.BytesIO(data[data.rfind(b'\\xff\\xd9\\xff\\xd8') + 2:]))
            expected = source.transpose(Image.Transpose.ROTATE_270).resize((19, 25), Image.Resampling.BOX)
            got = Image.open('\(gain)').convert('L')
            assert got.size == (19, 25), got.size
            diffs = [abs(a - b) for a, b in zip(got.getdata(), expected.getdata())]
            print(round(sum(diffs) / len(diffs), 1))
            """)
        let meanError = try XCTUnwrap(Double(error.trimmingCharacters(in: .whitespacesAndNewlines)), error)
        XCTAssertLessThan(meanError, 6, "the gain map made alike")
        let dropped = run(["export", "sdr", "--max-side", "100", "--hdr", "drop"])
        assertSuccess(dropped)
        XCTAssertTrue(dropped.stdout.hasSuffix("metadata removed, hdr gain map dropped\n"), dropped.stdout)
        let tags = exifTags("sdr/01-r.jpg")
        XCTAssertNil(tags["MPF:NumberOfImages"])
        XCTAssertNil(tags["XMP:Version"])
        let copy = run(["export", "sdr-copy", "--hdr", "drop"])
        assertSuccess(copy)
        XCTAssertTrue(copy.stdout.hasSuffix("hdr gain map dropped\n"), copy.stdout)
        assertFailure(run(["export", "x", "--hdr", "maybe"]), 2)
    }

    /// `--hdr drop --keep-metadata`: the SDR picture alone (no MPF index, no `hdrgm` XMP, no ISO
    /// 21496-1 segment, nothing after its end) with the EXIF `--keep-metadata` keeps, GPS and all,
    /// whether the file is copied or encoded (then upright, its orientation set to 1).
    func testDropWithKeepMetadataKeepsTheEXIFButNoGainMap() throws {
        ultraHDR("k.jpg", ["--iso", "--orientation", "6", "--width", "400", "--height", "300"])
        ultraHDR("s.jpg", ["--iso"])
        assertSuccess(run(["-q", "add", "s.jpg", "k.jpg"]))
        let r = run(["--json", "export", "out", "--hdr", "drop", "--keep-metadata", "--max-side", "320"])
        assertSuccess(r)
        let files = try XCTUnwrap(parseJSON(r.stdout) as? [[String: Any]], r.stdout)
        let changes = files.map { $0["changes"] as? [String] ?? [] }
        XCTAssertEqual(changes, [["copied", "hdr-dropped"], ["upright", "shrunk", "re-encoded", "hdr-dropped"]])
        for name in ["out/01-s.jpg", "out/02-k.jpg"] {
            let tags = exifTags(name)
            XCTAssertEqual(tags["EXIF:Make"], "PhoneMaker", "\(name): EXIF kept")
            XCTAssertEqual(tags["EXIF:Orientation"], "1", "\(name): upright (k.jpg was 6)")
            XCTAssertNotNil(tags["EXIF:GPSLatitude"], "\(name): GPS is EXIF, kept too")
            XCTAssertNil(tags["MPF:NumberOfImages"], "\(name): no MPF index")
            XCTAssertNil(tags.keys.first { $0.hasPrefix("XMP:") }, "\(name): no hdrgm XMP: \(tags)")
            let bytes = try [UInt8](Data(contentsOf: url(name)))
            XCTAssertEqual(Array(bytes.suffix(2)), [0xFF, 0xD9], "\(name) ends with its picture")
            XCTAssertEqual(Self.count([0xFF, 0xD8, 0xFF], in: bytes), 1, "\(name): one JPEG, no gain map after it")
            XCTAssertEqual(Self.count(Array("urn:iso:std:iso:ts:21496:-1".utf8), in: bytes), 0, name)
        }
        XCTAssertFalse(run(["info", "out/01-s.jpg"]).stdout.contains("gain map"))
        XCTAssertFalse(run(["info", "out/02-k.jpg"]).stdout.contains("gain map"))
    }

    /// How many times `needle` occurs in `bytes`.
    private static func count(_ needle: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= needle.count else { return 0 }
        return (0...(bytes.count - needle.count)).filter { bytes[$0..<$0 + needle.count].elementsEqual(needle) }.count
    }
}
