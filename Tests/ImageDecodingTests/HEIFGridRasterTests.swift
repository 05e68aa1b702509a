import XCTest

@testable import HEIFPictures
@testable import ImageDecoding

/// A grid is converted tile by tile straight into the raster (its planes are never put
/// together, to keep a 12-MP photo within the memory budget): the pixels must be byte for byte
/// those of the planes put together and converted, with chroma that differs sample by sample
/// (so a tile's chroma read from the wrong place shows), an output size that cuts the last row
/// and column of tiles, and a clean aperture that starts at an odd pixel.
final class HEIFGridRasterTests: XCTestCase {
    private typealias F = HEIFTestFile

    /// Tile i of 6×4 samples: luma, Cb and Cr all vary with the tile and the position.
    private static func tile(_ i: Int, bitDepth: Int, chroma: YCbCrPlanes.Chroma = .yuv420) -> YCbCrPlanes {
        let w = 6, h = 4
        let (cw, ch) = chroma.chromaSize(width: w, height: h)
        let top = (1 << bitDepth) - 1
        return YCbCrPlanes(
            width: w, height: h, bitDepthLuma: bitDepth, bitDepthChroma: bitDepth, chroma: chroma,
            luma: (0..<w * h).map { UInt16((40 + 17 * i + 5 * ($0 % w) + 9 * ($0 / w)) * top / 255) },
            cb: (0..<cw * ch).map { UInt16((60 + 23 * i + 31 * $0) % 256 * top / 255) },
            cr: (0..<cw * ch).map { UInt16((200 - 19 * i + 13 * $0) % 256 * top / 255) })
    }

    /// av1C for a sampling other than HEVC's: 4:2:2 (profile 2) or 4:4:4 (profile 1), 8 or 10 bits.
    private static func av1C(_ chroma: YCbCrPlanes.Chroma, bitDepth: Int) -> [UInt8] {
        let profile: UInt8 = chroma == .yuv444 ? 1 : 2
        let flags: UInt8 = (bitDepth > 8 ? 0x40 : 0) | (chroma == .yuv422 ? 0x08 : 0)
        return F.box("av1C", [0x81, profile << 5, flags, 0])
    }

    /// The fake decoder behind av01 tiles: the same "coded" pictures as the HEVC fake's.
    private static let fakeAV1 = HEIFCodec.av1 { (_, data) throws(DecodeError) in
        try FakeHEVC.decode([], data, 4, 0)
    }

    private static func grid(
        bitDepth: Int, clap: [UInt8]?, chroma: YCbCrPlanes.Chroma = .yuv420
    ) -> HEIFTestFile {
        var file = HEIFTestFile()
        var properties = [F.ispe(16, 7), F.nclx(matrix: 1, fullRange: false)]
        if let clap { properties.append(clap) }
        file.items = [
            .init(
                id: 1, type: "grid", data: F.gridData(rows: 2, columns: 3, width: 16, height: 7),
                properties: properties, inIdat: true)
        ]
        for i in 0..<6 {
            file.items.append(
                .init(
                    id: 10 + i, type: chroma == .yuv420 ? "hvc1" : "av01",
                    data: FakeHEVC.coded(tile(i, bitDepth: bitDepth, chroma: chroma)),
                    properties: [
                        chroma == .yuv420 ? F.hvcC(bitDepth: bitDepth) : av1C(chroma, bitDepth: bitDepth), F.ispe(6, 4),
                    ]))
        }
        file.references = [("dimg", 1, (10..<16).map { $0 })]
        return file
    }

    func testTileByTileConversionEqualsTheAssembledPlanesConverted() throws {
        let codecs = [HEIFCodec.hevc(FakeHEVC.decode), Self.fakeAV1]
        let formats: [(Int, YCbCrPlanes.Chroma)] = [(8, .yuv420), (10, .yuv420), (8, .yuv422), (10, .yuv444)]
        for (bitDepth, chroma) in formats {
            for clap in [nil, F.clap(width: 11, height: 5, horizontal: 1, vertical: 1)] {
                let bytes = Self.grid(bitDepth: bitDepth, clap: clap, chroma: chroma).bytes()
                let raster = try HEIFDecoder.decode(bytes, codecs: codecs)
                // The planes put together (the grid as a picture, as an alpha grid still is), then converted.
                let container = try HEIFContainer(bytes)
                let planes = try HEIFItemPictures(container: container, codecs: codecs).picture(of: 1)
                XCTAssertEqual(planes.chroma, chroma)
                let properties = try container.properties(of: 1)
                let window = HEIFGeometry.window(width: 16, height: 7, properties: properties)
                var expected = try Raster(width: window.width, height: window.height, hasAlpha: false)
                // HEVC's chroma repeated, AV1's filtered (the 4:2:0 tiles here are hvc1, the others av01).
                try HEIFPixels.convert(
                    planes, window: window, colour: try HEIFDecoder.colour(of: 1, container),
                    upsampling: chroma == .yuv420 ? .repeated : .bilinear, into: &expected)
                XCTAssertEqual([raster.width, raster.height], [window.width, window.height])
                XCTAssertEqual(raster.pixels, expected.pixels, "\(chroma) \(bitDepth) bits, clap \(clap != nil)")
                XCTAssertEqual(window.width, clap == nil ? 16 : 11)
            }
        }
    }
}
