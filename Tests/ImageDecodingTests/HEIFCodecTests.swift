import ImageHeaders
import XCTest

@testable import HEIFPictures
@testable import ImageDecoding

/// The item model is generic over the coded item: a codec of its own four-cc ("fake", its
/// configuration "fakC" giving the size, its coded data the raw 8-bit grey samples) plugs into
/// grids, irot and clap, alpha and thumbnails as hvc1 does, with no HEVC anywhere.
final class HEIFCodecTests: XCTestCase {
    typealias F = HEIFTestFile

    /// Monochrome 8-bit samples, stored raw; fakC holds width and height (16 bits each).
    static let fake = HEIFCodec(
        itemType: "fake", configurationType: "fakC", name: "fake",
        format: { _ throws(DecodeError) in HEIFCodedFormat(chroma: .monochrome, bitDepthLuma: 8, bitDepthChroma: 8) },
        decode: { configuration, data, _ throws(DecodeError) in
            guard configuration.count == 4 else { throw .corrupt("fakC") }
            let w = Int(configuration[0]) << 8 | Int(configuration[1])
            let h = Int(configuration[2]) << 8 | Int(configuration[3])
            guard data.count == w * h else { throw .corrupt("fake data of \(data.count) bytes") }
            return HEVCPicture(
                width: w, height: h, bitDepthLuma: 8, bitDepthChroma: 8, chroma: .monochrome,
                luma: data.map(UInt16.init), cb: [], cr: [])
        })

    static func fakC(_ w: Int, _ h: Int) -> [UInt8] { F.box("fakC", F.be16(w) + F.be16(h)) }

    static func item(_ id: Int, _ w: Int, _ h: Int, extra: [[UInt8]] = [], sample: (Int, Int) -> Int) -> F.Item {
        let data = (0..<w * h).map { UInt8(sample($0 % w, $0 / w)) }
        return F.Item(id: id, type: "fake", data: data, properties: [fakC(w, h), F.ispe(w, h)] + extra)
    }

    /// A 5×4 grid of four 3×2 fake tiles (cut from 6×4), turned a quarter (irot) and then cut by
    /// a clap of 2×3 centred in the turned frame; a 5×4 fake alpha plane beside it.
    func testAFakeCodecsGridWithAlphaRotationAndCleanAperture() throws {
        var file = F()
        file.brand = "mif1"
        file.items = [
            .init(
                id: 1, type: "grid", data: F.gridData(rows: 2, columns: 2, width: 5, height: 4),
                properties: [F.ispe(5, 4), F.irot(1), F.clap(width: 2, height: 3)], inIdat: true),
            Self.item(5, 5, 4, extra: [F.auxC("urn:mpeg:mpegB:cicp:systems:auxiliary:alpha")]) { x, y in
                100 + x + 10 * y
            },
        ]
        for i in 0..<4 {
            file.items.append(Self.item(10 + i, 3, 2) { x, y in 40 + 20 * i + x + y })
        }
        file.references = [("dimg", 1, [10, 11, 12, 13]), ("auxl", 5, [1])]
        let bytes = file.bytes()

        let raster = try HEIFDecoder.decode(bytes, codecs: [Self.fake])
        // The clap's 2×3 in the turned 4×5 frame starts at (1, 1); turned back, columns 1..<4 and
        // rows 1..<3 of the stored picture. The turn itself is the probe's orientation (8).
        XCTAssertEqual([raster.width, raster.height], [3, 2])
        XCTAssertTrue(raster.hasAlpha)
        for y in 0..<2 {
            for x in 0..<3 {
                let (gx, gy) = (x + 1, y + 1)
                let grey = 40 + 20 * (gy / 2 * 2 + gx / 3) + gx % 3 + gy % 2
                let px = raster.pixel(x: x, y: y)
                XCTAssertEqual([Int(px.r), Int(px.g), Int(px.b), Int(px.a)], [grey, grey, grey, 100 + gx + 10 * gy])
            }
        }
        let facts = try ImageProbe.probe(MemoryByteSource(bytes))
        XCTAssertEqual([facts.width, facts.height, facts.orientation], [3, 2, 8])

        // Without the codec, the same file is refused by the fake's name, as an av01 file is today.
        XCTAssertThrowsError(try HEIFDecoder.decode(bytes, tiles: FakeHEVC.decode)) {
            XCTAssertEqual(($0 as? DecodeError)?.message, "cannot decode HEIF item of type 'fake'")
        }
    }

    /// A thumbnail item of the fake codec stands in for a fake primary when it covers the size.
    func testAFakeThumbnailStandsInForItsPrimary() throws {
        var file = F()
        file.items = [Self.item(1, 40, 30) { _, _ in 200 }, Self.item(2, 8, 6) { _, _ in 50 }]
        file.references = [("thmb", 2, [1])]
        let small = try HEIFDecoder.decode(file.bytes(), covering: (4, 3), codecs: [Self.fake])
        XCTAssertEqual([small.width, small.height, Int(small.pixel(x: 0, y: 0).r)], [8, 6, 50])
        let whole = try HEIFDecoder.decode(file.bytes(), covering: (20, 15), codecs: [Self.fake])
        XCTAssertEqual([whole.width, whole.height, Int(whole.pixel(x: 0, y: 0).r)], [40, 30, 200])
    }
}
