import XCTest

@testable import HEIFPictures
@testable import ImageDecoding

/// One coded item through the HEIF decoder with the fake HEVC decoder: what hvcC hands the
/// decoder, colr's matrix and range, Main 10 to 8 bits, 4:2:0 upsampling, the alpha plane.
final class HEIFDecoderTests: XCTestCase {
    private typealias F = HEIFTestFile

    static func single(_ p: HEVCPicture, extra: [[UInt8]] = [], hvcC: [UInt8]? = nil) -> HEIFTestFile {
        var file = HEIFTestFile()
        file.items = [
            .init(
                id: 1, type: "hvc1", data: FakeHEVC.coded(p),
                properties: [hvcC ?? F.hvcC(bitDepth: p.bitDepthLuma), F.ispe(p.width, p.height)] + extra)
        ]
        return file
    }

    /// RGB of one YCbCr sample by the textbook formula, in floating point: the reference the
    /// integer conversion is held to (within one level).
    static func reference(
        y: Double, cb: Double, cr: Double, kr: Double, kb: Double, full: Bool, depth: Int = 8
    ) -> [Int] {
        let scale = Double(1 << (depth - 8))
        let yn = full ? y / Double((1 << depth) - 1) : (y - 16 * scale) / (219 * scale)
        let cmax = full ? Double((1 << depth) - 1) : 224 * scale
        let (pb, pr) = ((cb - 128 * scale) / cmax, (cr - 128 * scale) / cmax)
        let r = yn + 2 * (1 - kr) * pr, b = yn + 2 * (1 - kb) * pb
        let g = (yn - kr * r - kb * b) / (1 - kr - kb)
        return [r, g, b].map { max(0, min(255, Int(($0 * 255).rounded()))) }
    }

    private func assertClose(
        _ got: [UInt8], _ want: [Int], _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(got.count, want.count, what, file: file, line: line)
        for (g, w) in zip(got, want) where abs(Int(g) - w) > 1 {
            XCTFail("\(what): \(got) is not \(want)", file: file, line: line)
            return
        }
    }

    func testFullRangeBT601AsPillowHeifWritesIt() throws {
        let p = FakeHEVC.picture(2, 2, cb: 90, cr: 200) { x, y in UInt16(60 + 50 * x + 100 * y) }
        let file = Self.single(p, extra: [F.nclx(matrix: 6, fullRange: true)])
        let raster = try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode)
        XCTAssertEqual([raster.width, raster.height], [2, 2])
        XCTAssertFalse(raster.hasAlpha)
        for y in 0..<2 {
            for x in 0..<2 {
                let px = raster.pixel(x: x, y: y)
                let want = Self.reference(
                    y: Double(60 + 50 * x + 100 * y), cb: 90, cr: 200, kr: 0.299, kb: 0.114, full: true)
                assertClose([px.r, px.g, px.b], want, "pixel \(x),\(y)")
                XCTAssertEqual(px.a, 255)
            }
        }
    }

    func testLimitedRangeBT709AndBT2020() throws {
        for (matrix, kr, kb) in [(1, 0.2126, 0.0722), (9, 0.2627, 0.0593)] {
            let p = FakeHEVC.picture(2, 2, cb: 160, cr: 70) { x, _ in x == 0 ? 16 : 180 }
            let raster = try HEIFDecoder.decode(
                Self.single(p, extra: [F.nclx(matrix: matrix, fullRange: false)]).bytes(), tiles: FakeHEVC.decode)
            for x in 0..<2 {
                let px = raster.pixel(x: x, y: 1)
                let want = Self.reference(y: x == 0 ? 16 : 180, cb: 160, cr: 70, kr: kr, kb: kb, full: false)
                assertClose([px.r, px.g, px.b], want, "matrix \(matrix) pixel \(x)")
            }
        }
    }

    /// Without colr: BT.601, full range (as libheif takes it): Y 16 stays 16.
    func testNoColrIsBT601FullRange() throws {
        let p = FakeHEVC.picture(2, 1, cb: 128, cr: 128) { x, _ in x == 0 ? 16 : 235 }
        let raster = try HEIFDecoder.decode(Self.single(p).bytes(), tiles: FakeHEVC.decode)
        XCTAssertEqual(raster.pixels, [16, 16, 16, 255, 235, 235, 235, 255])
        let tinted = FakeHEVC.picture(2, 1, cb: 100, cr: 180) { _, _ in 120 }
        let px = try HEIFDecoder.decode(Self.single(tinted).bytes(), tiles: FakeHEVC.decode).pixel(x: 0, y: 0)
        assertClose(
            [px.r, px.g, px.b], Self.reference(y: 120, cb: 100, cr: 180, kr: 0.299, kb: 0.114, full: true), "tint")
    }

    /// A coded picture larger than its ispe (an encoder's padding) is cut to the ispe.
    func testPictureIsCutToItsIspe() throws {
        let p = FakeHEVC.picture(4, 4) { x, y in UInt16(10 * x + 50 * y) }
        var file = Self.single(p, extra: [F.nclx(matrix: 6, fullRange: true)])
        file.items[0].properties[1] = F.ispe(3, 2)
        let raster = try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode)
        XCTAssertEqual([raster.width, raster.height], [3, 2])
        XCTAssertEqual((0..<3).map { raster.pixel(x: $0, y: 1).g }, [50, 60, 70])
    }

    func testMain10IsTakenToEightBits() throws {
        let p = FakeHEVC.picture(3, 1, bitDepth: 10, cb: 512, cr: 512) { x, _ in [0, 512, 1023][x] }
        let file = Self.single(p, extra: [F.nclx(matrix: 6, fullRange: true)])
        let raster = try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode)
        XCTAssertEqual((0..<3).map { raster.pixel(x: $0, y: 0).g }, [0, 128, 255])
        let tinted = FakeHEVC.picture(1, 1, bitDepth: 10, cb: 300, cr: 800) { _, _ in 400 }
        let px = try HEIFDecoder.decode(
            Self.single(tinted, extra: [F.nclx(matrix: 1, fullRange: false)]).bytes(), tiles: FakeHEVC.decode
        ).pixel(x: 0, y: 0)
        let want = Self.reference(y: 400, cb: 300, cr: 800, kr: 0.2126, kb: 0.0722, full: false, depth: 10)
        assertClose([px.r, px.g, px.b], want, "10-bit limited BT.709")
    }

    /// 4:2:0 chroma repeated over its 2×2 luma samples (libheif's default upsampling), the
    /// last column and row of an odd size taking the last chroma sample.
    func testChromaIsRepeatedOverItsLumaSamples() throws {
        var p = FakeHEVC.picture(5, 3) { _, _ in 128 }
        p.cr = [100, 150, 200, 110, 160, 210]  // 3 × 2 chroma samples
        let raster = try HEIFDecoder.decode(
            Self.single(p, extra: [F.nclx(matrix: 6, fullRange: true)]).bytes(), tiles: FakeHEVC.decode)
        for y in 0..<3 {
            for x in 0..<5 {
                let px = raster.pixel(x: x, y: y)
                let cr = Double(p.cr[y / 2 * 3 + x / 2])
                let want = Self.reference(y: 128, cb: 128, cr: cr, kr: 0.299, kb: 0.114, full: true)
                assertClose([px.r, px.g, px.b], want, "pixel \(x),\(y)")
            }
        }
    }

    func testMonochromeIsGrey() throws {
        let p = HEVCPicture(
            width: 2, height: 1, bitDepthLuma: 8, bitDepthChroma: 8, chroma: .monochrome, luma: [0, 200], cb: [], cr: []
        )
        let file = Self.single(p, extra: [F.nclx(matrix: 6, fullRange: true)], hvcC: F.hvcC(chroma: 0))
        XCTAssertEqual(
            try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode).pixels, [0, 0, 0, 255, 200, 200, 200, 255])
    }

    /// hvcC's NAL units and length size, and lsel's layer, are what the HEVC decoder is given.
    func testDecoderGetsParameterSetsLengthSizeAndLayer() throws {
        let p = FakeHEVC.picture(2, 2) { _, _ in 100 }
        let calls = FakeHEVC.Calls()
        let file = Self.single(p, extra: [F.lsel(1)], hvcC: F.hvcC(lengthSize: 2, nal: [0x40, 0x01, 9, 9]))
        _ = try HEIFDecoder.decode(file.bytes(), tiles: calls.recording(FakeHEVC.decode))
        XCTAssertEqual(calls.all.count, 1)
        XCTAssertEqual(calls.all.first?.parameterSets, [[0x40, 0x01, 9, 9]])
        XCTAssertEqual(calls.all.first?.lengthSize, 2)
        XCTAssertEqual(calls.all.first?.layer, 1)
    }

    func testAlphaAuxiliaryImageBecomesAlpha() throws {
        for urn in HEIFDecoder.alphaTypes.sorted() {
            let colour = FakeHEVC.picture(2, 1) { _, _ in 128 }
            let alpha = FakeHEVC.picture(2, 1, bitDepth: 10) { x, _ in x == 0 ? 0 : 1023 }
            var file = Self.single(colour)
            file.items.append(
                .init(
                    id: 2, type: "hvc1", data: FakeHEVC.coded(alpha),
                    properties: [F.hvcC(bitDepth: 10), F.ispe(2, 1), F.auxC(urn)]))
            file.references = [("auxl", 2, [1])]
            let raster = try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode)
            XCTAssertTrue(raster.hasAlpha, urn)
            XCTAssertEqual([raster.pixel(x: 0, y: 0).a, raster.pixel(x: 1, y: 0).a], [0, 255], urn)
            // A depth map is no alpha.
            file.items[1].properties[2] = F.auxC("urn:mpeg:hevc:2015:auxid:2")
            XCTAssertFalse(try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode).hasAlpha)
            // An alpha plane of another size is corrupt.
            file.items[1] = .init(
                id: 2, type: "hvc1", data: FakeHEVC.coded(FakeHEVC.picture(1, 1) { _, _ in 0 }),
                properties: [F.hvcC(), F.ispe(1, 1), F.auxC(urn)])
            XCTAssertThrowsError(try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode)) {
                XCTAssertEqual(($0 as? DecodeError)?.message, "corrupt: HEIF alpha image of 1×1 for a 2×1 image")
            }
        }
    }

    /// The item's data read from the meta box's idat (construction method 1), as from the file.
    func testItemDataInIdat() throws {
        let p = FakeHEVC.picture(2, 2) { x, y in UInt16(20 * x + 40 * y + 16) }
        var file = Self.single(p)
        let fromFile = try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode)
        file.items[0].inIdat = true
        XCTAssertEqual(try HEIFDecoder.decode(file.bytes(), tiles: FakeHEVC.decode), fromFile)
    }
}
