import ImageDecoding
import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// The 4:2:0 filter: each chroma sample is (5, −1) / 8 each way over the 4 × 4 full-resolution
/// samples around it, edges repeated, the same in every MCU row as over the whole picture (the rows
/// past a strip's own come from the picture, not from its padding); a flat colour stays flat.
final class JPEGStripTests: XCTestCase {
    typealias E = JPEGEncoder

    /// Cb of every pixel, as the strip converts it (Float, the same formula).
    private func cb(_ raster: Raster, _ x: Int, _ y: Int) -> Float {
        let i = (min(y, raster.height - 1) * raster.width + min(x, raster.width - 1)) * 4
        let (r, g, b) = (Float(raster.pixels[i]), Float(raster.pixels[i + 1]), Float(raster.pixels[i + 2]))
        return -0.168_735_89 * r - 0.331_264_1 * g + 0.5 * b
    }

    func testChromaIsTheSharpenedFilterOverThePictureInEveryStrip() {
        // 45 × 37: partial MCUs both ways, three MCU rows.
        let raster = JPEGEncoderSamples.photo(45, 37)
        let frame = E.Frame(width: raster.width, height: raster.height, components: 3, subsampled: true)
        let strip = E.Strip(frame: frame)
        let taps: [Float] = [-0.15, 0.65, 0.65, -0.15]
        let halfWidth = frame.mcusWide * 8
        raster.pixels.withUnsafeBufferPointer { pixels in
            for mcuRow in 0..<frame.mcusHigh {
                strip.convert(pixels, width: raster.width, height: raster.height, mcuRow: mcuRow)
                let samples = strip.samples(of: 1)
                for r in 0..<8 {
                    for x in 0..<halfWidth {
                        var expected: Float = 0
                        for dy in 0..<4 {
                            let y = max(2 * (mcuRow * 8 + r) - 1 + dy, 0)
                            for dx in 0..<4 {
                                let sx = min(max(2 * x - 1 + dx, 0), halfWidth * 2 - 1)
                                expected += taps[dy] * taps[dx] * cb(raster, sx, y)
                            }
                        }
                        XCTAssertEqual(
                            samples[r * halfWidth + x], expected, accuracy: 1e-3, "row \(mcuRow), \(x), \(r)")
                    }
                }
            }
        }
    }

    func testAFlatColourStaysFlat() {
        let pixels = [UInt8]((0..<(20 * 18)).flatMap { _ in [200, 30, 90, 255] as [UInt8] })
        let raster = Raster(width: 20, height: 18, pixels: pixels, hasAlpha: false)
        let frame = E.Frame(width: 20, height: 18, components: 3, subsampled: true)
        let strip = E.Strip(frame: frame)
        let expected = cb(raster, 0, 0)
        raster.pixels.withUnsafeBufferPointer { p in
            for mcuRow in 0..<frame.mcusHigh {
                strip.convert(p, width: 20, height: 18, mcuRow: mcuRow)
                for i in 0..<(8 * frame.mcusWide * 8) {
                    XCTAssertEqual(strip.samples(of: 1)[i], expected, accuracy: 1e-3)
                }
            }
        }
    }
}
