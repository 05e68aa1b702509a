import Foundation
import TestImages
import XCTest

/// `view` in 256-colour half blocks (xterm without COLORTERM) draws a photo of muted colours
/// recognisably (issue 22, item 7): each region's mean colour near that of Pillow's downscale
/// of the same photo to the same pixels, where the nearest palette colour alone (measured
/// here too, by Pillow's own quantiser onto the same palette) turned them to greys.
final class HalfBlockPhotoTests: ImgselTestCase {
    /// Pillow's BOX downscale of `png` to `width`×`height` and its nearest match onto the
    /// xterm colours 16–255 (no dither), as RGB bytes. Fails the test without Pillow.
    func pillow(_ png: String, width: Int, height: Int) -> (box: [UInt8], nearest: [UInt8])? {
        let script = """
            import sys, json
            from PIL import Image
            im = Image.open(sys.argv[1]).convert('RGB')
            box = im.resize((int(sys.argv[2]), int(sys.argv[3])), Image.Resampling.BOX)
            levels = [0, 95, 135, 175, 215, 255]
            palette = []
            for i in range(216):
                palette += [levels[i // 36], levels[i // 6 % 6], levels[i % 6]]
            for i in range(24):
                palette += [8 + 10 * i] * 3
            onto = Image.new('P', (1, 1))
            onto.putpalette(palette + palette[:3] * 16)
            nearest = box.quantize(palette=onto, dither=Image.Dither.NONE).convert('RGB')
            print(json.dumps({'box': list(box.tobytes()), 'nearest': list(nearest.tobytes())}))
            """
        let r = run(
            ["python3", "-c", script, png, "\(width)", "\(height)"], program: URL(fileURLWithPath: "/usr/bin/env"))
        guard r.status == 0,
            let object = try? JSONSerialization.jsonObject(with: r.stdoutData) as? [String: [Int]],
            let box = object["box"], let nearest = object["nearest"]
        else {
            XCTFail("python3 with Pillow is needed (pip install pillow, or apt-get install python3-pil): \(r.stderr)")
            return nil
        }
        return (box.map { UInt8($0) }, nearest.map { UInt8($0) })
    }

    func testAMutedPhotoInThe256ColoursIsNearPillowsDownscale() throws {
        let png = ImageBytes.mutedPhotoPNG(width: 480, height: 320)
        let path = write(Data(png), to: "photo.png").path
        assertSuccess(run(["add", "photo.png"]))
        let r = run(
            ["view", "--image", "--graphics", "blocks"],
            env: ["TERM": "xterm", "COLORTERM": "", "COLUMNS": "96", "LINES": "34"])
        assertSuccess(r)
        let picture = try XCTUnwrap(HalfBlockPicture(r.stdout), r.transcript)
        XCTAssertEqual(picture.width, 96, "as wide as the window")
        let pillow = try XCTUnwrap(pillow(path, width: picture.width, height: picture.height))
        let shown = RegionMeans(picture.rgb, width: picture.width, height: picture.height)
        let box = RegionMeans(pillow.box, width: picture.width, height: picture.height)
        let nearest = RegionMeans(pillow.nearest, width: picture.width, height: picture.height)
        let dithered = shown.error(against: box), plain = nearest.error(against: box)
        print("view, 256-colour half blocks vs Pillow's BOX downscale: region error \(dithered), nearest \(plain)")
        XCTAssertLessThan(dithered, 3, "8×8-region mean colour error: imgsel \(dithered), nearest-only \(plain)")
        XCTAssertLessThan(dithered, plain / 4, "imgsel \(dithered), nearest-only \(plain)")
        XCTAssertLessThan(
            shown.chromaError(against: box), nearest.chromaError(against: box) / 2, "muted colours stay colours")
    }
}

/// A half-block picture read back from `view`'s output: `ESC[38;5;N` / `48;5;M` then `▀`
/// (N over M) or a space (M over M), each row ending with `ESC[0m`.
struct HalfBlockPicture {
    let width: Int
    let height: Int
    /// RGB, rows top to bottom, two pixel rows a line of text.
    let rgb: [UInt8]

    init?(_ text: String) {
        var rows: [[(Int, Int)]] = []
        for line in text.components(separatedBy: "\n") where line.contains("\u{1B}[") {
            var foreground = -1, background = -1
            var cells: [(Int, Int)] = []
            let scalars = Array(line.unicodeScalars)
            var i = 0
            while i < scalars.count {
                if scalars[i] == "\u{1B}" {
                    var j = i + 2
                    while j < scalars.count, scalars[j] != "m" { j += 1 }
                    let codes = String(String.UnicodeScalarView(scalars[(i + 2)..<min(j, scalars.count)]))
                        .split(separator: ";").compactMap { Int($0) }
                    var k = 0
                    while k < codes.count {
                        if codes[k] == 38 || codes[k] == 48, k + 2 < codes.count, codes[k + 1] == 5 {
                            if codes[k] == 38 { foreground = codes[k + 2] } else { background = codes[k + 2] }
                            k += 3
                        } else {
                            k += 1
                        }
                    }
                    i = j + 1
                    continue
                }
                if scalars[i] == "▀" { cells.append((foreground, background)) }
                if scalars[i] == " " { cells.append((background, background)) }
                i += 1
            }
            if !cells.isEmpty { rows.append(cells) }
        }
        guard let width = rows.first?.count, rows.allSatisfy({ $0.count == width }) else { return nil }
        var rgb: [UInt8] = []
        for row in rows {
            for half in 0..<2 {
                for cell in row { rgb += Self.colour(half == 0 ? cell.0 : cell.1) }
            }
        }
        self.width = width
        height = rows.count * 2
        self.rgb = rgb
    }

    /// The xterm palette's colour of index 16–255.
    static func colour(_ index: Int) -> [UInt8] {
        let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
        if index >= 232 { return Array(repeating: UInt8(8 + 10 * (index - 232)), count: 3) }
        let n = max(0, index - 16)
        return [levels[n / 36], levels[n / 6 % 6], levels[n % 6]]
    }
}

/// Each 8×8 region's mean colour, to compare a picture with another of the same size.
struct RegionMeans {
    let means: [[Double]]

    init(_ rgb: [UInt8], width: Int, height: Int, region: Int = 8) {
        var means: [[Double]] = []
        for top in stride(from: 0, to: height, by: region) {
            for left in stride(from: 0, to: width, by: region) {
                var sum = [0.0, 0.0, 0.0], n = 0.0
                for y in top..<min(height, top + region) {
                    for x in left..<min(width, left + region) {
                        for c in 0..<3 { sum[c] += Double(rgb[(y * width + x) * 3 + c]) }
                        n += 1
                    }
                }
                means.append(sum.map { $0 / n })
            }
        }
        self.means = means
    }

    /// The mean distance between the two pictures' region means (RGB units, 0–255 a channel).
    func error(against other: RegionMeans) -> Double {
        let errors = zip(means, other.means).map { a, b in
            (0..<3).map { (a[$0] - b[$0]) * (a[$0] - b[$0]) }.reduce(0, +).squareRoot()
        }
        return errors.reduce(0, +) / Double(max(1, errors.count))
    }

    /// The mean difference of the regions' chroma (max − min channel): 0 when colours keep
    /// their colourfulness, large when they turned to greys.
    func chromaError(against other: RegionMeans) -> Double {
        func chroma(_ c: [Double]) -> Double { (c.max() ?? 0) - (c.min() ?? 0) }
        let errors = zip(means, other.means).map { abs(chroma($0) - chroma($1)) }
        return errors.reduce(0, +) / Double(max(1, errors.count))
    }
}
