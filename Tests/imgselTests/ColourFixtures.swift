import Foundation
import XCTest

/// Pictures with a colour description, made by Pillow with the profiles `tools/colour/files_check.py`
/// writes byte by byte (ProPhoto, Display P3, a gamma table, a LUT), and what LittleCMS (Pillow's
/// ImageCms, the reference) makes of their colours in sRGB: the oracle the colour tests hold imgsel to.
extension ImgselTestCase {
    /// Runs `script` under Pillow with the profile writers importable as `fc`.
    @discardableResult
    func colourScript(_ script: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let tools = ManPageTests.repository.appendingPathComponent("tools/colour").path
        return pillow(
            "import io\nsys.path.insert(0, '\(tools)')\nimport files_check as fc\n" + script, file: file, line: line)
    }

    /// Four flat quadrants of `colours` (top left, top right, bottom left, bottom right) saved as
    /// `name` with the profile `profile` (a Python expression, `None` for none); Pillow's `save`
    /// arguments `extra`. Returns LittleCMS's sRGB of each quadrant, as Pillow decodes the file.
    @discardableResult
    func quadrants(
        _ name: String, profile: String,
        colours: [[Int]] = [[40, 160, 60], [200, 40, 90], [30, 60, 200], [240, 200, 30]],
        size: (Int, Int) = (64, 48), extra: String = "", file: StaticString = #filePath, line: UInt = #line
    ) -> [[Int]] {
        let out = colourScript(
            """
            colours = \(colours)
            w, h = \(size.0), \(size.1)
            im = Image.new('RGB', (w, h))
            for i, c in enumerate(colours):
                im.paste(tuple(c), ((i % 2) * w // 2, (i // 2) * h // 2, (i % 2 + 1) * w // 2, (i // 2 + 1) * h // 2))
            profile = \(profile)
            kw = {} if profile is None else {'icc_profile': profile}
            im.save('\(name)', **kw\(extra.isEmpty ? "" : ", " + extra))
            back = Image.open('\(name)').convert('RGB')
            try:  # a profile LittleCMS refuses is no reference: the numbers as they are
                back = ImageCms.profileToProfile(back, ImageCms.ImageCmsProfile(io.BytesIO(profile)),
                    ImageCms.createProfile('sRGB'), outputMode='RGB') if profile is not None else back
            except (ImageCms.PyCMSError, OSError):
                pass
            print(json.dumps([list(back.getpixel(((i % 2) * w // 2 + w // 4, (i // 2) * h // 2 + h // 4)))
                for i in range(4)]))
            """, file: file, line: line)
        return (try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[Int]]) ?? []
    }

    /// Pixel (x, y) of a picture file as Pillow reads it, RGB.
    func pillowPixel(
        _ relative: String, _ x: Int, _ y: Int, file: StaticString = #filePath, line: UInt = #line
    )
        -> [Int]
    {
        let out = pillow(
            "print(json.dumps(list(Image.open('\(relative)').convert('RGB').getpixel((\(x), \(y))))))",
            file: file, line: line)
        return (try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [Int]) ?? []
    }

    /// Each channel of `got` within `tolerance` of `expected`.
    func assertColour(
        _ got: [Int], _ expected: [Int], tolerance: Int = 2, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(got.count, 3, "no colour: \(message)", file: file, line: line)
        XCTAssertEqual(expected.count, 3, "no reference colour: \(message)", file: file, line: line)
        guard got.count == 3, expected.count == 3 else { return }
        let off = zip(got, expected).map { abs($0 - $1) }.max() ?? 0
        XCTAssertLessThanOrEqual(
            off, tolerance, "\(got) against LittleCMS's \(expected): \(message)", file: file, line: line)
    }
}
