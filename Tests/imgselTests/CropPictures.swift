import Foundation
import TestImages
import XCTest

/// Pictures for the crop tests, and Pillow (a decoder we did not write) reading back what
/// imgsel drew.
enum CropPictures {
    static let red: [UInt8] = [255, 0, 0], green: [UInt8] = [0, 255, 0], blue: [UInt8] = [0, 0, 255]
    static let yellow: [UInt8] = [255, 255, 0], white: [UInt8] = [255, 255, 255]
    /// Runs the `python3` on PATH, the one pip installs Pillow for (`.ci/run`).
    static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// A PNG whose upright picture is `width`×`height` in four quadrants: red, green / blue,
    /// yellow. With `orientation` 6 it is stored turned (height×width), so that a viewer applying
    /// EXIF 6 shows the same quadrants.
    static func quadrantsPNG(width: Int, height: Int, orientation: Int? = nil) -> [UInt8] {
        func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
            let c = [red, green, blue, yellow][(x >= width / 2 ? 1 : 0) + (y >= height / 2 ? 2 : 0)]
            return (c[0], c[1], c[2], 255)
        }
        guard orientation == 6 else {
            return ImageBytes.paintedPNG(width: width, height: height, orientation: orientation, paint: colour)
        }
        // EXIF 6 shows stored (sx, sy) at upright (storedHeight - 1 - sy, sx).
        return ImageBytes.paintedPNG(width: height, height: width, orientation: 6) { sx, sy in
            colour(width - 1 - sy, sx)
        }
    }
}

extension ImgselTestCase {
    /// The colours (RGB) Pillow reads in `box` (left, top, right, bottom) of a picture in the
    /// test's folder, each with its count; fails the test when Pillow is not installed.
    func pillowColours(
        _ relative: String, box: (Int, Int, Int, Int), file: StaticString = #filePath, line: UInt = #line
    ) -> [[UInt8]: Int] {
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1]).convert("RGB")
            box = tuple(int(v) for v in sys.argv[2:6])
            counts = {}
            part = im.crop(box)
            for y in range(part.height):
                for x in range(part.width):
                    p = part.getpixel((x, y))
                    counts[p] = counts.get(p, 0) + 1
            for p, n in sorted(counts.items()):
                print(p[0], p[1], p[2], n)
            """
        let result = run(
            [
                "python3", "-c", script, dir.appendingPathComponent(relative).path, "\(box.0)", "\(box.1)", "\(box.2)",
                "\(box.3)",
            ],
            program: CropPictures.env)
        guard result.status == 0 else {
            XCTFail(
                "Pillow could not read \(relative) (pip install pillow): \(result.transcript)", file: file, line: line)
            return [:]
        }
        var colours: [[UInt8]: Int] = [:]
        for row in result.stdout.split(separator: "\n") {
            let numbers = row.split(separator: " ").compactMap { Int($0) }
            guard numbers.count == 4 else { continue }
            colours[numbers[0..<3].map { UInt8($0) }] = numbers[3]
        }
        return colours
    }

    /// Makes `relative` with Pillow: a JPEG whose upright picture shows `quadrantsPNG`'s
    /// quadrants, stored turned with EXIF orientation 6. Fails the test without Pillow.
    func pillowTurnedQuadrantsJPEG(
        _ relative: String, width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let script = """
            import sys
            from PIL import Image
            w, h = int(sys.argv[2]), int(sys.argv[3])
            up = Image.new("RGB", (w, h))
            quadrants = [
                ((0, 0, w // 2, h // 2), (255, 0, 0)), ((w // 2, 0, w, h // 2), (0, 255, 0)),
                ((0, h // 2, w // 2, h), (0, 0, 255)), ((w // 2, h // 2, w, h), (255, 255, 0)),
            ]
            for box, colour in quadrants:
                up.paste(colour, box)
            stored = up.transpose(Image.Transpose.ROTATE_90)
            exif = Image.Exif()
            exif[0x0112] = 6
            stored.save(sys.argv[1], quality=95, subsampling=0, exif=exif.tobytes())
            """
        let result = run(
            ["python3", "-c", script, dir.appendingPathComponent(relative).path, "\(width)", "\(height)"],
            program: CropPictures.env)
        if result.status != 0 {
            XCTFail("Pillow could not write \(relative): \(result.transcript)", file: file, line: line)
        }
    }
}
