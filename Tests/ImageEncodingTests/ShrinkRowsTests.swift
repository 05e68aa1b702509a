import TestImages
import XCTest

@testable import ImageDecoding
@testable import ImageEncoding

/// The streaming shrink against the whole-raster one: the same bytes for every size, box, area and
/// alpha, in both pass orders (each counted, so a test that only ever took one order fails).
final class ShrinkRowsTests: XCTestCase {
    /// Random pixels; `alpha` mixes opaque, clear and partial pixels, otherwise all are opaque.
    func picture(_ width: Int, _ height: Int, alpha: Bool, _ random: inout SplitMix64) -> Raster {
        var pixels = random.bytes(width * height * 4)
        for i in stride(from: 3, to: pixels.count, by: 4) {
            pixels[i] = !alpha ? 255 : [0, 255, pixels[i]][random.below(3)]
        }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: alpha)
    }

    func streamed(_ raster: Raster, into sink: ShrinkRows) throws -> Raster {
        try sink.begin(width: raster.width, height: raster.height, hasAlpha: raster.hasAlpha)
        raster.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<raster.height {
                XCTAssertNil(sink.raster(), "no picture before the last row")
                sink.row(y, pixels.baseAddress! + y * raster.width * 4)
            }
        }
        return try XCTUnwrap(sink.raster())
    }

    func testEverySizeAndAreaGivesWhatTheWholeShrinkGivesInBothOrders() throws {
        var random = SplitMix64(seed: 23)
        var orders = [false: 0, true: 0]
        var areas = 0
        for _ in 0..<600 {
            let width = 1 + random.below(70), height = 1 + random.below(70)
            let alpha = random.below(2) == 0
            let source = picture(width, height, alpha: alpha, &random)
            let toWidth = 1 + random.below(width), toHeight = 1 + random.below(height)
            var area: ShrinkArea?
            if random.below(3) == 0 {
                let x = Float(random.below(width * 4)) / 8, y = Float(random.below(height * 4)) / 8
                area = ShrinkArea(
                    x: x, y: y, width: max(0.25, (Float(width) - x) * Float(1 + random.below(8)) / 8),
                    height: max(0.25, (Float(height) - y) * Float(1 + random.below(8)) / 8))
            }
            let expected = source.shrunk(toWidth: toWidth, height: toHeight, area: area)
            let got = try streamed(source, into: ShrinkRows(toWidth: toWidth, height: toHeight, area: area))
            XCTAssertEqual(
                got, expected, "\(width)×\(height) → \(toWidth)×\(toHeight) over \(String(describing: area))")
            if let plan = ShrinkPlan(
                width: width, height: height, hasAlpha: alpha, toWidth: toWidth, toHeight: toHeight, area: area)
            {
                orders[plan.verticalFirst, default: 0] += 1
                if area?.within(width: width, height: height) != nil { areas += 1 }
            }
        }
        XCTAssertGreaterThan(orders[true]!, 100, "vertical first is exercised")
        XCTAssertGreaterThan(orders[false]!, 100, "horizontal first is exercised")
        XCTAssertGreaterThan(areas, 50, "areas inside the picture are exercised")
    }

    /// Photo-like ratios, the thumbnail's own rule: fitting a box from the decoder's size.
    func testFittingABoxIsTheThumbnailersShrink() throws {
        var random = SplitMix64(seed: 7)
        var orders = [false: 0, true: 0]
        for _ in 0..<150 {
            let width = 1 + random.below(400), height = 1 + random.below(400)
            let box = 1 + random.below(120)
            let alpha = random.below(2) == 0
            let source = picture(width, height, alpha: alpha, &random)
            let fitted = ThumbnailSize.fitting(width: width, height: height, within: box)
            let expected = source.shrunk(toWidth: fitted.width, height: fitted.height)
            XCTAssertEqual(
                try streamed(source, into: ShrinkRows { ThumbnailSize.fitting(width: $0, height: $1, within: box) }),
                expected, "\(width)×\(height) in \(box)")
            if let plan = ShrinkPlan(
                width: width, height: height, hasAlpha: alpha, toWidth: fitted.width, toHeight: fitted.height,
                area: nil)
            {
                orders[plan.verticalFirst, default: 0] += 1
            }
        }
        XCTAssertGreaterThan(orders[true]!, 10)
        XCTAssertGreaterThan(orders[false]!, 10)
    }

    func testAPictureWithinTheBoxIsKeptWhole() throws {
        var random = SplitMix64(seed: 1)
        let source = picture(30, 20, alpha: true, &random)
        XCTAssertEqual(try streamed(source, into: ShrinkRows { ($0, $1) }), source)
        XCTAssertEqual(try streamed(source, into: ShrinkRows(toWidth: 40, height: 25)), source)
    }

    /// An output row may take no source row at all (an area thinner than a pixel between two centres):
    /// it is still handed on, as the whole shrink makes it.
    func testAnAreaThinnerThanAPixelStillGivesEveryRow() throws {
        var random = SplitMix64(seed: 3)
        let source = picture(9, 9, alpha: false, &random)
        for area in [
            ShrinkArea(x: 2.1, y: 2.1, width: 0.3, height: 6), ShrinkArea(x: 0, y: 8.6, width: 9, height: 0.4),
        ] {
            let expected = source.shrunk(toWidth: 3, height: 5, area: area)
            XCTAssertEqual(try streamed(source, into: ShrinkRows(toWidth: 3, height: 5, area: area)), expected)
        }
    }

    func testNoPictureUntilTheLastRowAndASizeOverTheLimitsIsRefused() throws {
        let sink = ShrinkRows { _, _ in (4, 4) }
        XCTAssertNil(sink.raster(), "nothing before begin")
        XCTAssertThrowsError(try ShrinkRows { _, _ in (4, 4) }.begin(width: 16385, height: 2, hasAlpha: false))
        try sink.begin(width: 8, height: 8, hasAlpha: false)
        [UInt8](repeating: 9, count: 32).withUnsafeBufferPointer { sink.row(0, $0.baseAddress!) }
        XCTAssertNil(sink.raster(), "seven rows are missing")
    }
}
