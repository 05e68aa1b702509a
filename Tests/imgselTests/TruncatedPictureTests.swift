import Foundation
import XCTest

/// Where pixels are written (`thumbnail`, `sheet`), a file missing any pixel it describes is
/// exit 3 naming it, never a picture that is half grey; one whose every pixel decoded and only
/// trailing bytes are cut (a JPEG's EOI) passes. Terminal views may show what decoded (SPEC,
/// "Pictures"). Each format's checked-in fixtures are cut at points from 10 % to 99.9 % and in
/// their last bytes.
final class TruncatedPictureTests: ImgselTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ImageDecodingTests/Fixtures")

    /// Baseline, progressive, restarts and one scan a component for JPEG; every other decoded type.
    static let files = [
        "jpeg/pil-61x43-420.jpg", "jpeg/pil-61x43-444-prog.jpg", "jpeg/prog-61x43-4x2.jpg",
        "jpeg/seq-restart3B-61x43.jpg", "jpeg/prog-restart1-61x43.jpg", "jpeg/multiscan-seq-61x43.jpg",
        "jpeg/gray-61x43-prog.jpg", "jpeg/pil-150x103-prog.jpg",
        "png/pillow-rgba-37x23.png", "png/pypng-rgb-interlaced-13x11.png",
        "bmp/im-33x17-rle8.bmp", "bmp/im-33x17-565.bmp",
        "gif/pil-97x61-c256-interlaced.gif",
        "webp/lossless-37x23.webp", "webp/lossy-37x23-simple.webp", "webp/lossy-alpha-29x17.webp",
        "tiff/im-45x29-LZW-pred2-tiles.tif", "tiff/pil-45x29-P-packbits.tif",
    ]
    static let fractions = [0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999]

    private func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: Self.fixtures.appendingPathComponent(path))
    }

    /// At full size and at a size that decodes a JPEG at 1/4 in the DCT: exit 3 naming the file, or
    /// exactly the picture the whole file gives.
    func testEveryFormatCutAnywhereIsRefusedOrGivesTheWholePicture() throws {
        for path in Self.files {
            let whole = try fixture(path)
            let name = (path as NSString).lastPathComponent
            _ = write(whole, to: name)
            var cuts = Self.fractions.map { Int(Double(whole.count) * $0) }
            cuts += [whole.count - 2, whole.count - 1]
            for size in ["256", "12"] {
                let full = run(["thumbnail", name, "-", "--size", size])
                assertSuccess(full)
                for cut in Set(cuts).sorted() {
                    let cutName = "cut-\(cut)-\(name)"
                    _ = write(whole.prefix(cut), to: cutName)
                    let result = run(["thumbnail", cutName, "-", "--size", size])
                    if result.status == 0 {
                        XCTAssertEqual(
                            result.stdoutData, full.stdoutData,
                            "\(path) cut to \(cut) of \(whole.count) bytes at --size \(size): "
                                + "exit 0 with another picture"
                        )
                    } else {
                        assertExit(result, 3)
                        XCTAssertTrue(result.stderr.contains(cutName + ": "), result.transcript)
                        XCTAssertEqual(result.stdoutData.count, 0, result.transcript)
                    }
                }
            }
        }
    }

    /// A JPEG cut in its scan data names the damage; cut only of its EOI it is whole.
    func testAJPEGCutInItsScanIsRefusedAndOneMissingOnlyItsEOIPasses() throws {
        for path in ["jpeg/pil-61x43-420.jpg", "jpeg/pil-61x43-444-prog.jpg", "jpeg/multiscan-seq-61x43.jpg"] {
            let whole = try fixture(path)
            XCTAssertEqual(Array(whole.suffix(2)), [0xFF, 0xD9], path)
            _ = write(whole, to: "whole.jpg")
            _ = write(whole.prefix(whole.count / 2), to: "half.jpg")
            _ = write(whole.prefix(whole.count - 2), to: "no-eoi.jpg")
            let half = run(["thumbnail", "half.jpg", "half.png"])
            assertExit(half, 3)
            XCTAssertTrue(half.stderr.hasPrefix("imgsel: half.jpg: truncated "), half.transcript)
            XCTAssertFalse(FileManager.default.fileExists(atPath: url("half.png").path), "nothing is written")
            let full = run(["thumbnail", "whole.jpg", "-"])
            let noEOI = run(["thumbnail", "no-eoi.jpg", "-"])
            assertSuccess(noEOI)
            XCTAssertEqual(noEOI.stdoutData, full.stdoutData, path)
        }
    }

    /// The case: a sheet with a cut JPEG in it is refused naming the entry's file.
    func testASheetWithACutJPEGIsRefusedNamingIt() throws {
        let whole = try fixture("jpeg/pil-150x103-prog.jpg")
        _ = write(whole.prefix(whole.count * 6 / 10), to: "cut.jpg")
        _ = write(try fixture("png/pillow-rgba-37x23.png"), to: "fine.png")
        assertSuccess(run(["add", "fine.png", "cut.jpg"]))
        let sheet = run(["sheet", "sheet.png"])
        assertExit(sheet, 3)
        XCTAssertTrue(sheet.stderr.hasPrefix("imgsel: cut.jpg: truncated in scan "), sheet.transcript)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("sheet.png").path))
    }

    /// A terminal view still shows what decoded of the same file, and its text line says `damaged`.
    func testATerminalViewShowsWhatDecodedMarkedDamaged() throws {
        let whole = try fixture("jpeg/pil-61x43-420.jpg")
        _ = write(whole.prefix(whole.count / 2), to: "cut.jpg")
        _ = write(whole, to: "whole.jpg")
        assertSuccess(run(["add", "cut.jpg", "whole.jpg"]))
        let env = ["COLUMNS": "40", "LINES": "20"]
        let cut = run(["view", "1", "--image", "--graphics", "blocks"], env: env)
        assertSuccess(cut)
        XCTAssertTrue(cut.stdoutLines.first?.hasSuffix(" JPEG 984 B  damaged") == true, cut.transcript)
        XCTAssertTrue(cut.stdout.contains("▀"), cut.transcript)
        let fine = run(["view", "2", "--image", "--graphics", "blocks"], env: env)
        XCTAssertTrue(fine.stdoutLines.first?.hasSuffix(" JPEG 1.9 KB") == true, fine.transcript)
        // Without a picture nothing is decoded, so nothing is said.
        XCTAssertFalse(run(["view", "1"]).stdout.contains("damaged"))
    }

    /// list --grid draws what decoded and says `damaged` under it, beside the size.
    func testTheGridShowsWhatDecodedMarkedDamaged() throws {
        let whole = try fixture("jpeg/pil-61x43-420.jpg")
        _ = write(whole.prefix(whole.count / 2), to: "cut.jpg")
        _ = write(whole, to: "whole.jpg")
        assertSuccess(run(["add", "cut.jpg", "whole.jpg"]))
        let grid = runOnTerminal(["list", "--grid"])
        XCTAssertEqual(grid.status, 0, grid.transcript)
        let sizes = RunResult.lines(grid.text).filter { $0.contains("61×43") }
        XCTAssertEqual(sizes.count, 1, grid.transcript)
        let cells = sizes.first?.components(separatedBy: "│") ?? []
        XCTAssertTrue(cells.count > 2 && cells[1].contains("61×43 damaged"), grid.transcript)
        XCTAssertTrue(cells.count > 2 && !cells[2].contains("damaged"), grid.transcript)
        XCTAssertTrue(grid.text.contains("▀"), "the pictures are drawn: \(grid.transcript)")
    }
}
