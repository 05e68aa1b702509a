import XCTest

@testable import HEIFPictures
@testable import ImageDecoding

/// 4:2:2 and 4:4:4 planes (AV1's profiles 1 and 2) converted to RGB the way 4:2:0 always was:
/// each chroma sample repeated over the luma samples it spans (2×2, 2×1, 1×1), then the same
/// matrix and range. So a picture converts exactly as its chroma spread out to 4:4:4 does, at
/// every bit depth and from a window that starts at an odd pixel.
final class HEIFSamplingConversionTests: XCTestCase {
    private static let (width, height) = (7, 5)

    /// A picture of `chroma` whose samples all differ (so a chroma sample read from the wrong
    /// place shows).
    private static func picture(_ chroma: YCbCrPlanes.Chroma, bitDepth: Int) -> YCbCrPlanes {
        let top = (1 << bitDepth) - 1
        let size = chroma.chromaSize(width: width, height: height)
        let n = size.width * size.height
        return YCbCrPlanes(
            width: width, height: height, bitDepthLuma: bitDepth, bitDepthChroma: bitDepth, chroma: chroma,
            luma: (0..<width * height).map { UInt16((30 + 7 * $0) % 256 * top / 255) },
            cb: (0..<n).map { UInt16((60 + 31 * $0) % 256 * top / 255) },
            cr: (0..<n).map { UInt16((200 + 13 * $0) % 256 * top / 255) })
    }

    /// `p`'s chroma repeated over the luma samples each spans: the same picture in 4:4:4.
    private static func spreadOut(_ p: YCbCrPlanes) -> YCbCrPlanes {
        let (sx, sy) = p.chroma.shift
        let cw = p.chromaSize.width
        let at = (0..<p.width * p.height).map { (($0 / p.width) >> sy) * cw + (($0 % p.width) >> sx) }
        return YCbCrPlanes(
            width: p.width, height: p.height, bitDepthLuma: p.bitDepthLuma, bitDepthChroma: p.bitDepthChroma,
            chroma: .yuv444, luma: p.luma, cb: at.map { p.cb[$0] }, cr: at.map { p.cr[$0] })
    }

    private static func rgba(_ p: YCbCrPlanes, window: HEIFRect, colour: HEIFColourInfo) throws -> [UInt8] {
        var raster = try Raster(width: window.width, height: window.height, hasAlpha: false)
        try HEIFPixels.convert(p, window: window, colour: colour, into: &raster)
        return raster.pixels
    }

    func testEverySamplingConvertsAsItsChromaSpreadOut() throws {
        let colours = [
            HEIFColourInfo(primaries: 1, matrix: 1, fullRange: false), HEIFColourInfo.absent,
        ]
        let windows = [
            HEIFRect(x: 0, y: 0, width: Self.width, height: Self.height), HEIFRect(x: 1, y: 1, width: 5, height: 3),
        ]
        for chroma in [YCbCrPlanes.Chroma.yuv420, .yuv422, .yuv444] {
            for bitDepth in [8, 10, 12] {
                let p = Self.picture(chroma, bitDepth: bitDepth)
                try HEIFPixels.checkPlanes(p, what: "test")
                for colour in colours {
                    for window in windows {
                        XCTAssertEqual(
                            try Self.rgba(p, window: window, colour: colour),
                            try Self.rgba(Self.spreadOut(p), window: window, colour: colour),
                            "\(chroma) \(bitDepth) bits, \(colour), \(window)")
                    }
                }
            }
        }
    }

    /// 4:4:4 pixel by pixel through the matrix, and the planes' sizes each sampling needs.
    func testFourFourFourIsThePixelsOwnChromaAndPlaneSizesAreChecked() throws {
        let p = Self.picture(.yuv444, bitDepth: 8)
        let colour = HEIFColourInfo.absent
        let m = try HEIFColourMatrix(colour, bitDepthLuma: 8, bitDepthChroma: 8)
        let whole = HEIFRect(x: 0, y: 0, width: Self.width, height: Self.height)
        let pixels = try Self.rgba(p, window: whole, colour: colour)
        for i in 0..<p.luma.count {
            let (r, g, b) = m.rgb(Int(p.luma[i]), Int(p.cb[i]), Int(p.cr[i]))
            XCTAssertEqual(Array(pixels[i * 4..<i * 4 + 4]), [r, g, b, 255])
        }
        XCTAssertEqual(YCbCrPlanes.Chroma.yuv422.chromaSize(width: 7, height: 5).width, 4)
        XCTAssertEqual(YCbCrPlanes.Chroma.yuv422.chromaSize(width: 7, height: 5).height, 5)
        var short = Self.picture(.yuv422, bitDepth: 8)
        short.cb.removeLast()
        XCTAssertThrowsError(try HEIFPixels.checkPlanes(short, what: "test")) {
            XCTAssertEqual($0 as? DecodeError, .corrupt("test decoded with bad chroma planes"))
        }
    }
}
