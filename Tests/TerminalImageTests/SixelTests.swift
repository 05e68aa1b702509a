import ImageDecoding
import XCTest

@testable import TerminalImage

final class SixelTests: XCTestCase {
    func testAFlatImageIsOneColourInRuns() throws {
        let out = Sixel.draw(TestRasters.flat(width: 12, height: 12, 51, 102, 204))
        let text = TestEscapes.text(out)
        XCTAssertEqual(text, "\u{1B}P0;1;0q\"1;1;12;12#0;2;20;40;80#0!12~-#0!12~\u{1B}\\")
        let sixel = try XCTUnwrap(TestSixel(out))
        XCTAssertEqual(sixel.palette.count, 1)
    }

    func testTheLastBandMayBeShort() throws {
        let raster = TestRasters.flat(width: 5, height: 8, 255, 255, 255)
        XCTAssertEqual(
            TestEscapes.text(Sixel.draw(raster)),
            "\u{1B}P0;1;0q\"1;1;5;8#0;2;100;100;100#0!5~-#0!5B\u{1B}\\")
    }

    func testColumnsBeforeAColourStartAreSkippedAsARun() throws {
        // Left 10 columns black, right 10 white, 6 rows: white starts at column 10.
        let raster = TestRasters.make(width: 20, height: 6) { x, _ in x < 10 ? (0, 0, 0, 255) : (255, 255, 255, 255) }
        let out = Sixel.draw(raster)
        let sixel = try XCTUnwrap(TestSixel(out))
        XCTAssertEqual(sixel.palette.count, 2)
        XCTAssertTrue(TestEscapes.text(out).contains("!10?!10~"), TestEscapes.text(out))
        for x in 0..<20 {
            XCTAssertEqual(sixel.colour(x: x, y: 3), x < 10 ? RGB(0, 0, 0) : RGB(255, 255, 255))
        }
    }

    func testEveryPixelIsPaintedOnceWithItsNearestColour() throws {
        let raster = TestRasters.make(width: 37, height: 23) { x, y in
            let colours: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 128, 0), (0, 0, 255), (255, 255, 0), (51, 51, 51)]
            let c = colours[(x / 5 + y / 4) % colours.count]
            return (c.0, c.1, c.2, 255)
        }
        let sixel = try XCTUnwrap(TestSixel(Sixel.draw(raster)))
        XCTAssertEqual(sixel.palette.count, 5)
        XCTAssertEqual(sixel.bands, 4)
        for y in 0..<23 {
            for x in 0..<37 {
                let p = raster.pixel(x: x, y: y)
                XCTAssertEqual(sixel.colour(x: x, y: y), RGB(p.r, p.g, p.b), "at \(x), \(y)")
            }
        }
    }

    func testAGreyRampGetsAColourForEveryPercentStep() throws {
        let raster = TestRasters.make(width: 256, height: 6) { x, _ in (UInt8(x), UInt8(x), UInt8(x), 255) }
        let sixel = try XCTUnwrap(TestSixel(Sixel.draw(raster, options: .init(dithering: .none))))
        // 256 levels fall on 101 percent steps: all of them, where a 6×6×6 cube has 6.
        XCTAssertEqual(sixel.palette.count, 101)
        // Each pixel gets the nearest percent step: never more than half a step (1.3) away.
        for x in 0..<256 {
            let shown = try XCTUnwrap(sixel.colour(x: x, y: 0))
            XCTAssertLessThanOrEqual(abs(Int(shown.red) - x), 1, "at \(x)")
        }
    }

    func testASmoothColourGradientUsesTheWholePalette() throws {
        let raster = TestRasters.photoLike(width: 300, height: 200, noise: 0)
        let sixel = try XCTUnwrap(TestSixel(Sixel.draw(raster)))
        XCTAssertEqual(sixel.palette.count, 256)
        XCTAssertGreaterThan(sixel.repeats, 0)
    }

    func testFewerColoursWhenAsked() throws {
        let raster = TestRasters.photoLike(width: 64, height: 64)
        let sixel = try XCTUnwrap(TestSixel(Sixel.draw(raster, options: .init(maximumColours: 16))))
        XCTAssertLessThanOrEqual(sixel.palette.count, 16)
    }

    func testTransparentPixelsAreLeftUnpaintedAndPartialOnesComposed() throws {
        let raster = TestRasters.make(width: 8, height: 7, hasAlpha: true) { x, _ in
            x < 3 ? (255, 0, 0, 0) : x < 6 ? (255, 255, 255, 255) : (255, 255, 255, 128)
        }
        let background = RGB(0, 0, 255)
        let sixel = try XCTUnwrap(TestSixel(Sixel.draw(raster, options: .init(background: background))))
        for y in 0..<7 {
            XCTAssertNil(sixel.colour(x: 1, y: y), "unpainted: the terminal's own background shows (P2=1)")
            XCTAssertEqual(sixel.colour(x: 4, y: y), RGB(255, 255, 255))
            // White at alpha 128 over blue is (128, 128, 255); 50 % is 128 back.
            XCTAssertEqual(sixel.colour(x: 7, y: y), RGB(128, 128, 255))
        }
        let painted = try XCTUnwrap(
            TestSixel(
                Sixel.draw(
                    raster,
                    options: .init(
                        background: background,
                        keepTransparent: false))))
        XCTAssertEqual(painted.colour(x: 1, y: 3), background)
    }

    func testAFullyTransparentImageHasNoPaletteAndNoPixels() throws {
        let raster = TestRasters.make(width: 4, height: 4, hasAlpha: true) { _, _ in (1, 2, 3, 0) }
        let sixel = try XCTUnwrap(TestSixel(Sixel.draw(raster)))
        XCTAssertTrue(sixel.palette.isEmpty)
        XCTAssertTrue(sixel.registers.allSatisfy { $0 == nil })
    }

    func testAnEmptyRasterIsAnEmptyImage() {
        let raster = Raster(width: 0, height: 0, pixels: [], hasAlpha: false)
        XCTAssertEqual(TestEscapes.text(Sixel.draw(raster)), "\u{1B}P0;1;0q\"1;1;0;0\u{1B}\\")
    }

    func testInsideTmuxTheWholeImageIsOnePassthrough() throws {
        let raster = TestRasters.flat(width: 4, height: 4, 0, 0, 0)
        let wrapped = Sixel.draw(raster, passthrough: .tmux)
        XCTAssertEqual(TestEscapes.unwrapTmux(wrapped), Sixel.draw(raster))
    }

    func testDitheringKeepsAFlatAreaFlat() throws {
        // 129 is not a whole percent (50.6 %, shown as 130): its error must not
        // pile up into stray pixels of the other colour.
        let raster = TestRasters.make(width: 200, height: 60) { x, _ in
            x < 100 ? (129, 129, 129, 255) : (10, 200, 10, 255)
        }
        let sixel = try XCTUnwrap(TestSixel(Sixel.draw(raster, options: .init(dithering: .floydSteinberg))))
        for y in 0..<60 {
            for x in 0..<98 { XCTAssertEqual(sixel.colour(x: x, y: y), RGB(130, 130, 130), "at \(x), \(y)") }
        }
    }

    /// Random small images of every awkward size: the output parses, paints
    /// every pixel once, and (undithered) gives each pixel the nearest colour
    /// of the palette sent, checked against a search of the whole palette.
    func testRandomImagesGetTheNearestPaletteColourEverywhere() throws {
        var seed: UInt32 = 7
        func random() -> UInt8 {
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        for (width, height) in [(1, 1), (1, 7), (7, 1), (13, 11), (40, 25)] {
            let raster = TestRasters.make(width: width, height: height) { _, _ in (random(), random(), random(), 255) }
            let sixel = try XCTUnwrap(
                TestSixel(
                    Sixel.draw(
                        raster,
                        options: .init(
                            dithering: .none,
                            maximumColours: 64))))
            XCTAssertEqual(sixel.width, width)
            XCTAssertEqual(sixel.height, height)
            let shown = sixel.palette.values.map { p in
                (0..<3).map { c in ([p.0, p.1, p.2][c] * 255 + 50) / 100 }
            }
            for y in 0..<height {
                for x in 0..<width {
                    let got = try XCTUnwrap(sixel.colour(x: x, y: y), "unpainted at \(x), \(y)")
                    let p = raster.pixel(x: x, y: y)
                    let want = [Int(p.r), Int(p.g), Int(p.b)]
                    func distance(_ c: [Int]) -> Int {
                        (0..<3).map { (c[$0] - want[$0]) * (c[$0] - want[$0]) }.reduce(0, +)
                    }
                    let best = shown.map(distance).min()!
                    XCTAssertEqual(
                        distance([Int(got.red), Int(got.green), Int(got.blue)]), best,
                        "\(width)×\(height) at \(x), \(y)")
                }
            }
        }
    }
}
