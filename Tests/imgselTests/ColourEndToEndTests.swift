import Foundation
import TerminalTestSupport
import XCTest

/// Colour applied wherever imgsel draws or writes pixels (SPEC "Colour"), each read back by a
/// program we did not write (Pillow, ImageMagick for sixel) and held to LittleCMS's sRGB.
final class ColourEndToEndTests: ImgselTestCase {
    static let pixels = TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)

    func testThumbnailOfAProPhotoJPEGIsLittleCMSsSRGBWithNoProfile() {
        let expected = quadrants("pro.jpg", profile: "fc.prophoto()", extra: "quality=95, subsampling=0")
        XCTAssertEqual(expected.first, [0, 191, 38], "LittleCMS's sRGB of ProPhoto (40, 160, 60), as the issue says")
        assertSuccess(run(["thumbnail", "pro.jpg", "thumb.png", "--size", "64"]))
        for (i, colour) in expected.enumerated() {
            assertColour(pillowPixel("thumb.png", (i % 2) * 32 + 16, (i / 2) * 24 + 12), colour, "quadrant \(i)")
        }
        XCTAssertFalse(pngChunks(bytes("thumb.png")).contains { $0.0 == "iCCP" }, "sRGB, said by no profile")
    }

    func testThumbnailsOfEveryContainersProfileAreConverted() {
        let cases = [
            ("p3.png", "fc.display_p3_v4()", ""), ("table.webp", "fc.table_v2()", "lossless=True"),
            ("lut.tiff", "fc.lut_v2()", ""), ("p3.jpg", "fc.display_p3_v4()", "quality=95, subsampling=0"),
        ]
        for (name, profile, extra) in cases {
            let expected = quadrants(name, profile: profile, extra: extra)
            assertSuccess(run(["thumbnail", name, "t-\(name).png", "--size", "64"]))
            for (i, colour) in expected.enumerated() {
                assertColour(pillowPixel("t-\(name).png", (i % 2) * 32 + 16, (i / 2) * 24 + 12), colour, "\(name) \(i)")
            }
        }
    }

    func testUntaggedAndSRGBTaggedPicturesAreUnchanged() {
        let colours = [[40, 160, 60], [200, 40, 90], [30, 60, 200], [240, 200, 30]]
        quadrants("plain.png", profile: "None", colours: colours)
        quadrants(
            "srgb.png", profile: "ImageCms.ImageCmsProfile(ImageCms.createProfile('sRGB')).tobytes()", colours: colours)
        for name in ["plain.png", "srgb.png"] {
            assertSuccess(run(["thumbnail", name, "t-\(name)", "--size", "64"]))
            for (i, colour) in colours.enumerated() {
                XCTAssertEqual(pillowPixel("t-\(name)", (i % 2) * 32 + 16, (i / 2) * 24 + 12), colour, "\(name) \(i)")
            }
        }
    }

    func testACMYKJPEGIsConvertedThroughItsProfile() {
        let path = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
        // CI installs it (libgs-common); without it the test fails rather than skips.
        guard FileManager.default.fileExists(atPath: path) else {
            return XCTFail("Ghostscript's CMYK profile is missing: apt-get install libgs-common")
        }
        let out = colourScript(
            """
            cmyk = open('\(path)', 'rb').read()
            im = Image.new('CMYK', (32, 32), (20, 200, 180, 30))
            im.save('print.jpg', quality=95, icc_profile=cmyk)
            back = ImageCms.profileToProfile(Image.open('print.jpg'), ImageCms.ImageCmsProfile(io.BytesIO(cmyk)),
                ImageCms.createProfile('sRGB'), outputMode='RGB')
            print(json.dumps(list(back.getpixel((16, 16)))))
            """)
        let expected = (try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [Int]) ?? []
        assertSuccess(run(["thumbnail", "print.jpg", "t.png"]))
        assertColour(pillowPixel("t.png", 16, 16), expected, "CMYK through its profile")
    }

    func testASheetOfThreeProfilesHasEachCellInSRGB() {
        let colour = [[40, 160, 60], [40, 160, 60], [40, 160, 60], [40, 160, 60]]
        let cells = [
            quadrants("a.jpg", profile: "fc.prophoto()", colours: colour, extra: "quality=95"),
            quadrants("b.png", profile: "fc.display_p3_v4()", colours: colour),
            quadrants("c.png", profile: "None", colours: colour),
        ]
        assertSuccess(run(["add", "a.jpg", "b.png", "c.png"]))
        assertSuccess(run(["sheet", "sheet.png", "--size", "64", "--no-labels"]))
        for (i, expected) in cells.enumerated() {
            // Cell i's left edge at 8 + i·72; the 64×48 picture centred, 8 rows down.
            assertColour(pillowPixel("sheet.png", 8 + i * 72 + 32, 8 + 8 + 24), expected[0], "cell \(i + 1)")
        }
        XCTAssertNotEqual(cells[0][0], cells[2][0], "the three colours differ, so one picture per cell is seen")
    }

    func testKittyBlocksAndSixelDrawSRGB() throws {
        let flat = [[40, 160, 60], [40, 160, 60], [40, 160, 60], [40, 160, 60]]
        let expected = quadrants("pro.png", profile: "fc.prophoto()", colours: flat)[0]
        assertSuccess(run(["add", "pro.png"]))
        // kitty: the payload is the picture's RGB.
        let kitty = runOnTerminal(["view"], size: Self.pixels, env: ["TERM": "xterm-kitty"])
        let payload = kitty.text.components(separatedBy: "\u{1B}_G").compactMap { chunk -> String? in
            guard let semicolon = chunk.firstIndex(of: ";"), let end = chunk.range(of: "\u{1B}\\") else { return nil }
            return String(chunk[chunk.index(after: semicolon)..<end.lowerBound])
        }.joined()
        let rgb = try XCTUnwrap(Data(base64Encoded: payload), kitty.transcript)
        XCTAssertEqual(rgb.count, 64 * 48 * 3)
        assertColour([Int(rgb[0]), Int(rgb[1]), Int(rgb[2])], expected, "kitty")
        // blocks in 24-bit colour: every colour sent is the picture's sRGB.
        let blocks = run(
            ["view", "--graphics", "blocks", "--image"],
            env: ["COLORTERM": "truecolor", "COLUMNS": "80", "LINES": "24"])
        assertSuccess(blocks)
        let regex = try NSRegularExpression(pattern: "\u{1B}\\[[34]8;2;(\\d+);(\\d+);(\\d+)m")
        let text = blocks.stdout
        let found = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (1...3).map { Int(text[Range(m.range(at: $0), in: text)!])! }
        }
        XCTAssertFalse(found.isEmpty, blocks.transcript)
        for colour in found { assertColour(colour, expected, "blocks") }
        // sixel, decoded by ImageMagick: within sixel's percent steps.
        let sixel = run(["view", "--graphics", "sixel", "--image"], env: ["COLUMNS": "80", "LINES": "24"])
        assertSuccess(sixel)
        let bytes = [UInt8](sixel.stdoutData)
        let start = try XCTUnwrap(bytes.indices.dropLast().first { bytes[$0] == 0x1B && bytes[$0 + 1] == 0x50 })
        _ = write(Data(bytes[start...]), to: "out.six")
        let convert = try XCTUnwrap(MagickPicture.convert, "ImageMagick's convert is needed")
        assertSuccess(run(["sixel:" + url("out.six").path, "png:" + url("six.png").path], program: convert))
        assertColour(pillowPixel("six.png", 32, 24), expected, tolerance: 4, "sixel")
    }

    func testExportKeepsTheProfileAndItsOwnColoursByDefault() {
        let own = [[40, 160, 60], [200, 40, 90], [30, 60, 200], [240, 200, 30]]
        quadrants("pro.jpg", profile: "fc.prophoto()", colours: own, extra: "quality=95")
        assertSuccess(run(["add", "pro.jpg"]))
        let r = run(["--json", "export", "out", "--max-side", "32"])
        assertSuccess(r)
        let profile = colourScript("print(Image.open('out/01-pro.jpg').info.get('icc_profile') == fc.prophoto())")
        XCTAssertEqual(profile.trimmingCharacters(in: .whitespacesAndNewlines), "True", "the profile, byte for byte")
        assertColour(pillowPixel("out/01-pro.jpg", 8, 6), own[0], tolerance: 4, "its own numbers")
        XCTAssertFalse(r.stdout.contains("converted-to-srgb"), r.stdout)
        // A copy keeps it too, and is byte-identical in the pixels' part.
        let copy = run(["export", "copied"])
        assertSuccess(copy)
        XCTAssertTrue(copy.stdout.contains("copied"), copy.stdout)
        let kept = colourScript("print(Image.open('copied/01-pro.jpg').info.get('icc_profile') == fc.prophoto())")
        XCTAssertEqual(kept.trimmingCharacters(in: .whitespacesAndNewlines), "True")
    }

    func testExportColourSRGBConvertsAndWritesNoProfileEvenForACopy() {
        let expected = quadrants("pro.jpg", profile: "fc.prophoto()", extra: "quality=95")
        assertSuccess(run(["add", "pro.jpg"]))
        let r = run(["--json", "export", "out", "--colour", "srgb"])
        assertSuccess(r)
        guard let files = parseJSON(r.stdout) as? [[String: Any]], let first = files.first else {
            return XCTFail(r.transcript)
        }
        XCTAssertEqual(
            first["changes"] as? [String], ["re-encoded", "converted-to-srgb", "metadata-removed"],
            "a file that would be copied is encoded")
        let profile = pillow("print(Image.open('out/01-pro.jpg').info.get('icc_profile') is None)")
        XCTAssertEqual(profile.trimmingCharacters(in: .whitespacesAndNewlines), "True", "no profile")
        for (i, colour) in expected.enumerated() {
            assertColour(
                pillowPixel("out/01-pro.jpg", (i % 2) * 32 + 16, (i / 2) * 24 + 12), colour, tolerance: 4, "\(i)")
        }
        let line = run(["export", "again", "--colour", "srgb"])
        XCTAssertTrue(line.stdout.contains("re-encoded, converted to sRGB, metadata removed"), line.stdout)
        let bad = run(["export", "bad", "--colour", "p3"])
        XCTAssertEqual(bad.status, 2, bad.transcript)
        XCTAssertTrue(bad.stderr.hasPrefix("imgsel: export: --colour must be keep or srgb, not 'p3'\n"), bad.stderr)
    }

    func testInfoNamesTheDescription() {
        quadrants("pro.jpg", profile: "fc.prophoto()")
        quadrants("plain.png", profile: "None")
        pillow(
            """
            import zlib, struct
            def chunk(t, d):
                return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
            png = open('plain.png', 'rb').read()
            at = 33  # after IHDR
            open('srgb.png', 'wb').write(png[:at] + chunk(b'sRGB', b'\\0') + png[at:])
            open('cicp.png', 'wb').write(png[:at] + chunk(b'cICP', bytes([12, 13, 0, 1])) + png[at:])
            jpeg = open('pro.jpg', 'rb').read()
            # a profile in two chunks of which the second never comes
            seg = b'ICC_PROFILE\\0' + bytes([1, 2]) + b'x' * 40
            open('broken.jpg', 'wb').write(jpeg[:2] + b'\\xff\\xe2' + struct.pack('>H', len(seg) + 2) + seg + jpeg[2:])
            """)
        let r = run(["info", "pro.jpg", "plain.png", "srgb.png", "cicp.png", "broken.jpg"])
        assertSuccess(r)
        let colours = r.stdoutLines.map { line in
            line.range(of: ", colour ").map { String(line[$0.upperBound...].prefix { $0 != "," }) } ?? "?"
        }
        XCTAssertEqual(
            colours,
            [
                "ProPhoto (test) (ICC)", "sRGB (none)", "sRGB (sRGB chunk)", "Display P3 (cICP)",
                "unreadable ICC profile (taken as sRGB)",
            ],
            r.stdout)
        let json = run(["--json", "info", "pro.jpg", "plain.png", "srgb.png", "cicp.png", "broken.jpg"])
        let objects = parseJSON(json.stdout) as? [[String: Any]] ?? []
        XCTAssertEqual(
            objects.compactMap { ($0["colour"] as? [String: String]).map { [$0["source"] ?? "", $0["name"] ?? ""] } },
            [
                ["icc", "ProPhoto (test)"], ["none", "sRGB"], ["srgb-chunk", "sRGB"], ["cicp", "Display P3"],
                ["unreadable", "unreadable ICC profile"],
            ])
    }

    func testHEICNCLXIsConvertedByItsPrimariesAndNamed() {
        let out = colourScript(
            """
            import pillow_heif
            pillow_heif.register_heif_opener()
            im = Image.new('RGB', (64, 48), (40, 160, 60))
            im.save('p3.heic', quality=95, color_primaries=12, transfer_characteristics=13, matrix_coefficients=6,
                full_range_flag=1)
            im.save('pq.heic', quality=95, color_primaries=9, transfer_characteristics=16, matrix_coefficients=9,
                full_range_flag=1)
            back = Image.open('p3.heic').convert('RGB')
            # nclx's Display P3 with the sRGB transfer, as an ICC profile LittleCMS can run
            equivalent = fc.bt709_equivalent(fc.P3, 'P3')
            back = ImageCms.profileToProfile(back, ImageCms.ImageCmsProfile(io.BytesIO(equivalent)),
                ImageCms.createProfile('sRGB'), outputMode='RGB')
            print(json.dumps(list(back.getpixel((32, 24)))))
            """)
        let expected = (try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [Int]) ?? []
        assertSuccess(run(["thumbnail", "p3.heic", "t.png"]))
        assertColour(pillowPixel("t.png", 32, 24), expected, "nclx Display P3")
        let info = run(["info", "p3.heic", "pq.heic"])
        assertSuccess(info)
        XCTAssertTrue(info.stdoutLines.first?.contains(", colour Display P3 (nclx),") ?? false, info.stdout)
        XCTAssertTrue(info.stdoutLines.last?.contains(", colour BT.2020 PQ (nclx),") ?? false, info.stdout)
    }

    func testAHostileProfileIsIgnoredAndSaidSoNeverAnError() {
        let colours = [[40, 160, 60], [200, 40, 90], [30, 60, 200], [240, 200, 30]]
        // A header that claims 2^32-1 tags; an mft2 whose 255-point grid would take 100 MB
        // its 60 bytes do not hold; a curve of 2^31 entries: each taken as sRGB.
        let hostile = [
            "fc.prophoto()[:128] + b'\\xff\\xff\\xff\\xff' + fc.prophoto()[132:]",
            "fc.icc([(b'desc', fc.desc_v2('huge grid')), (b'A2B0', b'mft2' + bytes(4)"
                + " + bytes([3, 3, 255, 0]) + bytes(36) + bytes([0, 2, 0, 2]))], 0x02100000, pcs=b'Lab ')",
            "fc.icc([(b'rTRC', b'curv' + bytes(4) + bytes([0x80, 0, 0, 0]))], 0x02100000)",
        ]
        for (i, profile) in hostile.enumerated() {
            quadrants("h\(i).png", profile: profile, colours: colours)
            let info = run(["info", "h\(i).png"])
            assertSuccess(info)
            XCTAssertTrue(info.stdout.contains(", colour unreadable ICC profile (taken as sRGB),"), info.stdout)
            assertSuccess(run(["thumbnail", "h\(i).png", "t\(i).png"]))
            XCTAssertEqual(pillowPixel("t\(i).png", 16, 12), colours[0], "taken as sRGB: unchanged")
        }
    }

    func testInfoReadsTheColourOfAFileTooLargeToDecodeFromItsHeader() {
        quadrants("p3.png", profile: "fc.display_p3_v4()")
        pillow(
            """
            import zlib, struct
            png = open('p3.png', 'rb').read()
            data = bytes(40 << 20)  # past the decode budget of 64×48 pixels (8 B a pixel + 32 MiB)
            chunk = struct.pack('>I', len(data)) + b'zzZz' + data + struct.pack('>I', zlib.crc32(b'zzZz' + data))
            open('big.png', 'wb').write(png[:-12] + chunk + png[-12:])
            """)
        let r = run(["info", "big.png"])
        assertSuccess(r)
        XCTAssertTrue(r.stdout.contains(", colour Display P3 (test, v4 para) (ICC),"), r.stdout)
        assertFailure(run(["thumbnail", "big.png", "t.png"]), 3, stderrContains: ["too large to decode"])
    }
}
