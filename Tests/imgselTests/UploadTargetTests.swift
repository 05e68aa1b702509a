import Foundation
import TestImages
import XCTest

/// Screenshots against an App Store target, end to end (spawned, as the binary a CI job runs):
/// real screenshot-sized PNGs of right and wrong sizes, with and without alpha, refused only where
/// export cannot mend them, and what export writes read back by Pillow.
final class UploadTargetTests: ImgselTestCase {
    private let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A screenshot-like PNG: a dark bar on a background with a blue ramp across, `alpha` half
    /// transparent in its top half. Rows repeat, so it is made a row at a time.
    private func screenshot(_ name: String, _ width: Int, _ height: Int, alpha: Bool = false) -> String {
        func row(_ bar: Bool, _ opacity: UInt8) -> [UInt8] {
            var bytes: [UInt8] = [0]
            for x in 0..<width {
                let blue = UInt8(x * 255 / max(width - 1, 1))
                bytes += [bar ? 20 : 200, bar ? 20 : 40, blue] + (alpha ? [opacity] : [])
            }
            return bytes
        }
        let (barRow, topRow, bottomRow) = (row(true, 128), row(false, 128), row(false, 255))
        var raw: [UInt8] = []
        raw.reserveCapacity(height * barRow.count)
        for y in 0..<height { raw += y < height / 10 ? barRow : y < height / 2 ? topRow : bottomRow }
        let header = ImageBytes.be32(width) + ImageBytes.be32(height) + [8, alpha ? 6 : 2, 0, 0, 0]
        let png =
            ImageBytes.pngSignature + ImageBytes.pngChunk("IHDR", header)
            + ImageBytes.pngChunk("IDAT", ImageBytes.zlibStored(raw)) + ImageBytes.pngChunk("IEND", [])
        _ = write(Data(png), to: name)
        return name
    }

    func testAnAppStoreSetTakesExactSizesAndExportFlattensAlphaAndShrinksToASize() throws {
        assertSuccess(run(["-q", "init", "--target", "app-store-iphone-6.9"]))
        XCTAssertEqual(run(["rules"]).stdoutLines.first, "--target app-store-iphone-6.9")
        let shot = screenshot("shot.png", 1320, 2868)
        let clear = screenshot("clear.png", 1320, 2868, alpha: true)
        let large = screenshot("large.png", 1386, 3011)  // 5 % larger, of the aspect within 1 %
        let add = run(["add", shot, clear, large])
        assertExit(add, 0)
        XCTAssertEqual(
            add.stderrLines,
            [
                // One screenshot three times over: alike (issue 43), warned of and added.
                "imgsel: warning: clear.png: looks like entry 1 (shot.png), distance 0",
                "imgsel: warning: large.png: looks like entry 1 (shot.png), distance 0",
                "imgsel: note: clear.png: export flattens its alpha over white (--no-alpha)",
                "imgsel: note: large.png: export shrinks it to 1320×2868"
                    + " (--sizes 1260x2736,2736x1260,1290x2796,2796x1290,1320x2868,2868x1320)",
            ])
        // Smaller than every size of its aspect, or of no listed aspect: refused, the file as it was.
        let before = selectionData()
        let small = screenshot("small.png", 1170, 2532)
        let square = screenshot("square.png", 1400, 1400)
        let refused = run(["--json", "add", small, square])
        assertExit(refused, 1)
        XCTAssertEqual(selectionData(), before)
        XCTAssertTrue(refused.stderr.contains(#""code":"rule-broken""#), refused.transcript)
        XCTAssertTrue(refused.stderr.contains("every one of its aspect is larger"), refused.transcript)
        XCTAssertTrue(refused.stderr.contains("none is of its aspect"), refused.transcript)
        // check: the alpha looked up in the file, noted as mended.
        let check = run(["--json", "check"])
        assertExit(check, 0)
        XCTAssertTrue(check.stdout.contains(#""rules":["no-alpha"]"#), check.transcript)

        let export = run(["export", "up"])
        assertExit(export, 0)
        // Each line without its byte count.
        XCTAssertEqual(
            export.stdoutLines.map {
                $0.components(separatedBy: "  ").enumerated().filter { $0.offset != 3 }.map(\.element)
            },
            [
                ["up/01-shot.png", "1320×2868", "PNG", "copied"],
                ["up/02-clear.png", "1320×2868", "PNG", "re-encoded, flattened, metadata removed"],
                ["up/03-large.png", "1386×3011 → 1320×2868", "PNG", "shrunk, re-encoded, metadata removed"],
            ])
        for name in ["01-shot.png", "02-clear.png", "03-large.png"] {
            XCTAssertEqual(pillow("up/" + name), "RGB 1320 2868", name)
        }
        // Half transparent (200, 40, b) laid over white: (227, 147, …); opaque below stays as it was.
        let flat = pillowColours("up/02-clear.png", box: (0, 1000, 1, 1001))
        XCTAssertEqual(flat.keys.map { Array($0.prefix(2)) }, [[227, 147]])
        let opaque = pillowColours("up/02-clear.png", box: (0, 2000, 1, 2001))
        XCTAssertEqual(opaque.keys.map { Array($0.prefix(2)) }, [[200, 40]])
    }

    func testAsIsRefusesAlphaAndAnySizeNotListed() {
        assertSuccess(run(["-q", "init", "--target", "app-store-iphone-6.5", "--as-is"]))
        let before = selectionData()
        let result = run(["add", screenshot("a.png", 1284, 2778, alpha: true), screenshot("b.png", 1285, 2778)])
        assertFailure(
            result, 1,
            stderrContains: [
                "a.png: has an alpha channel or transparency, and this selection takes none (--no-alpha)",
                "b.png: 1285×2778 is not one of this selection's sizes",
            ])
        XCTAssertEqual(selectionData(), before)
        assertSuccess(run(["-q", "add", screenshot("c.png", 1284, 2778)]))
    }

    func testTargetsAreListedAndBadNamesAndSizesAreUsageErrors() {
        let list = run(["rules", "--targets"])
        assertExit(list, 0)
        XCTAssertTrue(list.stdoutLines.contains("app-store-iphone-6.9  App Store screenshots, 6.9-inch iPhone"))
        XCTAssertTrue(list.stdout.contains("checked 2026-12-06: https://"), "works without a selection")
        assertUsage(
            run(["init", "--target", "mastodom"]),
            stderrContains: ["init: --target: no target 'mastodom' (did you mean 'mastodon'?)"])
        assertUsage(
            run(["init", "--sizes", "12x"]),
            stderrContains: ["--sizes must be sizes WxH in pixels separated by commas (1320x2868,2868x1320), not '12x'"]
        )
        assertUsage(run(["rules", "--targets", "--max-bytes", "5MB"]), stderrContains: ["--targets"])
        XCTAssertNil(selectionData(), "no selection made")
    }

    func testExportRefusesAnEntryForcedInThatNoSizeFitsAndWritesNothing() {
        png("a.png", width: 4, height: 3)
        assertSuccess(run(["-q", "add", "a.png"]))
        assertExit(run(["rules", "--sizes", "8x6"]), 1)
        assertSuccess(run(["-q", "rules", "--sizes", "8x6,4x3", "--no-alpha"]))
        assertSuccess(run(["-q", "rules", "--sizes", "8x6", "--force"]))
        let export = run(["export", "up"])
        assertFailure(
            export, 1,
            stderrContains: [
                "entry 1 (a.png): 4×3 is not one of this selection's sizes 8×6 (--sizes); every one of its aspect"
                    + " is larger, and export never enlarges"
            ])
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("up").path))
    }

    /// The README's table and the man page name every target with its date, page and note, as `rules --targets`
    /// does (`tools/targets-table.py` writes both from it).
    func testTheREADMEAndTheManPageListEveryTargetWithItsDateAndPage() throws {
        let listed = try XCTUnwrap(parseJSON(run(["--json", "rules", "--targets"]).stdout) as? [[String: Any]])
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let man = try String(contentsOf: packageRoot.appendingPathComponent("man/imgsel.1"), encoding: .utf8)
        XCTAssertGreaterThanOrEqual(listed.count, 12)
        for target in listed {
            let name = try XCTUnwrap(target["name"] as? String), source = try XCTUnwrap(target["source"] as? String)
            let checked = try XCTUnwrap(target["checked"] as? String)
            XCTAssertTrue(readme.contains("| `\(name)` | \(target["capacity"] ?? "") |"), name)
            XCTAssertTrue(readme.contains("| \(checked) | <\(source)> |"), name)
            let note = try XCTUnwrap(target["note"] as? String)
            XCTAssertTrue(
                readme.contains("| \(checked) | <\(source)> | \(note) |"), "\(name): python3 tools/targets-table.py")
            let roff = { (text: String) in text.replacingOccurrences(of: "-", with: "\\-") }
            XCTAssertTrue(man.contains("\\fB\(roff(name))\\fR (capacity"), name)
            XCTAssertTrue(man.contains("Checked \(checked): \(roff(source))"), name)
        }
    }

    /// Pillow's mode and size of a picture in the test's folder; fails without Pillow.
    private func pillow(_ relative: String) -> String {
        let script = "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1])\nprint(im.mode, *im.size)"
        let result = run(["python3", "-c", script, url(relative).path], program: CropPictures.env)
        XCTAssertEqual(result.status, 0, "Pillow could not read \(relative) (pip install pillow): \(result.transcript)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }
}
