import Foundation
import XCTest

/// HEIC photos through the command line: `thumbnail` and `sheet` draw them (they were a
/// placeholder and a refusal before imgsel decoded HEVC), as pillow-heif decodes them; the files
/// and pillow-heif's PNGs are ImageDecodingTests' Fixtures/heic (see HEIFPillowFixtureTests),
/// and ImageMagick reads what imgsel wrote.
final class HEICEndToEndTests: ImgselTestCase {
    private func copyFixture(_ name: String, file: String = #filePath) throws {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ImageDecodingTests/Fixtures/heic/\(name)")
        _ = write(try Data(contentsOf: url), to: name)
    }

    private func psnr(_ a: MagickPicture, _ b: MagickPicture) -> (rgb: Double, alpha: Int) {
        var squares = 0, alpha = 0
        for i in 0..<a.pixels.count {
            let d = Int(a.pixels[i]) - Int(b.pixels[i])
            if i % 4 == 3 { alpha = max(alpha, abs(d)) } else { squares += d * d }
        }
        let mean = Double(squares) / Double(a.width * a.height * 3)
        return (mean == 0 ? .infinity : 10 * log10(255 * 255 / mean), alpha)
    }

    func testThumbnailOfAHEICIsThePictureAsPillowHeifDecodesIt() throws {
        for name in ["photo", "grid-alpha"] {
            try copyFixture("\(name).heic")
            try copyFixture("\(name).png")
            assertSuccess(run(["thumbnail", "\(name).heic", "\(name)-t.png", "--size", "150"]))
            let mine = try XCTUnwrap(magickPicture("\(name)-t.png"))
            let reference = try XCTUnwrap(magickPicture("\(name).png"))
            XCTAssertEqual([mine.width, mine.height], [reference.width, reference.height], name)
            XCTAssertEqual(mine.colourType, name == "photo" ? 2 : 6, "\(name): RGB, or RGBA for alpha")
            let (rgb, alpha) = psnr(mine, reference)
            XCTAssertGreaterThan(rgb, 50, "\(name): RGB PSNR against pillow-heif")
            XCTAssertLessThanOrEqual(alpha, 1, name)
        }
    }

    /// A sheet's HEIC cell holds its thumbnail, not a grey placeholder.
    func testSheetDrawsHEICPhotos() throws {
        try copyFixture("photo.heic")
        try copyFixture("grid-alpha.heic")
        assertSuccess(run(["add", "photo.heic", "grid-alpha.heic"]))
        assertSuccess(run(["sheet", "s.png", "--size", "64", "--no-labels"]))
        assertSuccess(run(["thumbnail", "photo.heic", "t.png", "--size", "64"]))
        let sheet = try XCTUnwrap(magickPicture("s.png"))
        let thumb = try XCTUnwrap(magickPicture("t.png"))
        XCTAssertEqual([thumb.width, thumb.height], [64, 43])
        // Cell 0 at (8, 8): the thumbnail centred in it, rows 10 to 52.
        let top = 8 + (64 - 43) / 2
        var same = 0
        for y in 0..<43 {
            for x in 0..<64 where sheet.pixel(8 + x, top + y) == thumb.pixel(x, y) { same += 1 }
        }
        XCTAssertEqual(same, 64 * 43, "the photo's thumbnail in its cell")
        // Cell 1: the turned grid, 43×64, over white where it is transparent; no placeholder grey.
        let greys = (8..<72).flatMap { y in (80..<144).map { sheet.pixel($0, y) } }.filter {
            $0 == [224, 224, 224, 255]
        }
        XCTAssertLessThan(greys.count, 20, "no placeholder")
    }
}
