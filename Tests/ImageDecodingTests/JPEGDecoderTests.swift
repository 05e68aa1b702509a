import ImageDecoding
import JPEGCodec
import XCTest

/// What the decoder makes of files built in the test: known DC levels give known samples
/// (a quantization value of 8 turns DC coefficient d into sample 128 + d).
final class JPEGDecoderTests: XCTestCase {
    /// A baseline greyscale file whose blocks hold only these DC differences, left to right, top to bottom.
    static func greyFile(
        width: Int, height: Int, differences: [Int], restartEvery: Int = 0,
        restartMarkers: [UInt8]? = nil
    ) -> [UInt8] {
        var file = JPEGTestFile()
        file.quantization()
        file.frame(width: width, height: height, components: [(1, 1, 1, 0)])
        file.standardTestTables()
        if restartEvery > 0 { file.restartInterval(restartEvery) }
        file.scan([(1, 0, 0)])
        var writer = JPEGBitWriter()
        for (i, difference) in differences.enumerated() {
            if restartEvery > 0, i > 0, i % restartEvery == 0 {
                file.append(writer.finish())
                writer = JPEGBitWriter()
                if let markers = restartMarkers {
                    let marker = markers[(i / restartEvery - 1) % markers.count]
                    if marker != 0 { file.append([0xFF, marker]) }
                } else {
                    file.append([0xFF, UInt8(0xD0 + (i / restartEvery - 1) % 8)])
                }
            }
            writer.dcOnlyBlock(difference: difference)
        }
        file.append(writer.finish())
        file.end()
        return file.bytes
    }

    func testSolidGreyBlockDecodesToItsDCLevel() throws {
        let raster = try JPEGDecoder.decode(Self.greyFile(width: 8, height: 8, differences: [40]))
        XCTAssertEqual(raster.width, 8)
        XCTAssertEqual(raster.height, 8)
        XCTAssertFalse(raster.hasAlpha)
        for y in 0..<8 {
            for x in 0..<8 { XCTAssertTrue(raster.pixel(x: x, y: y) == (168, 168, 168, 255), "(\(x), \(y))") }
        }
    }

    /// DC values are coded as differences from the block before.
    func testTwoBlocksSplitLeftDarkRightLight() throws {
        let raster = try JPEGDecoder.decode(Self.greyFile(width: 16, height: 8, differences: [-64, 128]))
        XCTAssertTrue(raster.pixel(x: 0, y: 0) == (64, 64, 64, 255))
        XCTAssertTrue(raster.pixel(x: 7, y: 7) == (64, 64, 64, 255))
        XCTAssertTrue(raster.pixel(x: 8, y: 0) == (192, 192, 192, 255))
        XCTAssertTrue(raster.pixel(x: 15, y: 7) == (192, 192, 192, 255))
    }

    /// 4:2:0 with Y 76, Cb 85, Cr 255: libjpeg's fixed-point conversion gives (254, 0, 0), as Pillow shows.
    func testSolidColourThroughYCbCr420() throws {
        var file = JPEGTestFile()
        file.quantization()
        file.frame(width: 16, height: 16, components: [(1, 2, 2, 0), (2, 1, 1, 0), (3, 1, 1, 0)])
        file.standardTestTables()
        file.scan([(1, 0, 0), (2, 0, 0), (3, 0, 0)])
        var writer = JPEGBitWriter()
        for difference in [-52, 0, 0, 0, -43, 127] { writer.dcOnlyBlock(difference: difference) }
        file.append(writer.finish())
        file.end()
        for scale in [1, 2, 4, 8] {
            let raster = try JPEGDecoder.decode(file.bytes, scale: scale)
            XCTAssertEqual(raster.width, 16 / scale)
            for y in 0..<raster.height {
                for x in 0..<raster.width {
                    XCTAssertTrue(raster.pixel(x: x, y: y) == (254, 0, 0, 255), "(\(x), \(y)) at 1/\(scale)")
                }
            }
        }
    }

    /// Output is ceil(W/scale)×ceil(H/scale), as libjpeg's scaled decode.
    func testOutputSizeAtEachScaleRoundsUp() throws {
        let file = Self.greyFile(width: 37, height: 23, differences: Array(repeating: 0, count: 15))
        for (scale, width, height) in [(1, 37, 23), (2, 19, 12), (4, 10, 6), (8, 5, 3)] {
            let raster = try JPEGDecoder.decode(file, scale: scale)
            XCTAssertEqual(raster.width, width)
            XCTAssertEqual(raster.height, height)
            XCTAssertEqual(raster.pixels.count, width * height * 4)
            XCTAssertTrue(raster.pixel(x: width - 1, y: height - 1) == (128, 128, 128, 255))
        }
        XCTAssertThrowsError(try JPEGDecoder.decode(file, scale: 3)) { error in
            XCTAssertEqual(error as? DecodeError, .unsupported("JPEG decoding at 1/3 scale"))
        }
    }

    /// With a restart interval of one block, every block's prediction starts again from zero.
    func testRestartMarkersResetTheDCPrediction() throws {
        let raster = try JPEGDecoder.decode(
            Self.greyFile(width: 32, height: 8, differences: [10, 10, 10, 10], restartEvery: 1))
        for x in stride(from: 0, to: 32, by: 8) { XCTAssertEqual(raster.pixel(x: x, y: 0).r, 138) }
        let unrestarted = try JPEGDecoder.decode(Self.greyFile(width: 32, height: 8, differences: [10, 10, 10, 10]))
        XCTAssertEqual(unrestarted.pixel(x: 24, y: 0).r, 168)
    }

    /// A restart marker with the wrong number is taken as libjpeg's resync does: one too far off is
    /// accepted, so decoding goes on.
    func testGarbledRestartMarkerNumberIsResynced() throws {
        let file = Self.greyFile(
            width: 32, height: 8, differences: [10, 20, 30, 40], restartEvery: 1,
            restartMarkers: [0xD0, 0xD5, 0xD2])
        let raster = try JPEGDecoder.decode(file)
        XCTAssertEqual(raster.pixel(x: 0, y: 0).r, 138)
        XCTAssertEqual(raster.pixel(x: 8, y: 0).r, 148)
        XCTAssertEqual(raster.pixel(x: 16, y: 0).r, 158)
    }

    /// Restart markers left out: after the first interval the data has run out (the next marker is
    /// EOI), so the rest is mid-grey, as libjpeg leaves it; nothing traps or hangs.
    func testMissingRestartMarkersLeaveTheRestMidGrey() throws {
        let file = Self.greyFile(
            width: 32, height: 8, differences: [10, 20, 30, 40], restartEvery: 1,
            restartMarkers: [0])
        let raster = try JPEGDecoder.decode(file)
        XCTAssertEqual(raster.pixel(x: 0, y: 0).r, 138)
        XCTAssertEqual(raster.pixel(x: 31, y: 7).r, 128)
    }

    func testFillBytesBeforeMarkersAreSkipped() throws {
        var bytes = Self.greyFile(width: 8, height: 8, differences: [40])
        bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF], at: 2)
        XCTAssertEqual(try JPEGDecoder.decode(bytes).pixel(x: 3, y: 3).r, 168)
    }

    func testUnsupportedKindsAreRefusedByName() {
        func file(_ marker: UInt8, precision: UInt8 = 8, height: Int = 8, components: Int = 1) -> [UInt8] {
            var file = JPEGTestFile()
            file.quantization()
            file.frame(
                marker, width: 8, height: height, precision: precision,
                components: (1...components).map { ($0, 1, 1, 0) })
            file.end()
            return file.bytes
        }
        let cases: [([UInt8], DecodeError)] = [
            (file(0xC9), .unsupported("arithmetic-coded JPEG")),
            (file(0xCA), .unsupported("arithmetic-coded JPEG")),
            (file(0xC0, precision: 12), .unsupported("12-bit JPEG")),
            (file(0xC3), .unsupported("lossless JPEG")),
            (file(0xC5), .unsupported("hierarchical JPEG")),
            (file(0xC0, height: 0), .unsupported("JPEG whose height is left to a DNL marker")),
            (file(0xC0, components: 2), .unsupported("JPEG with 2 colour components")),
        ]
        for (bytes, expected) in cases {
            XCTAssertThrowsError(try JPEGDecoder.decode(bytes)) { XCTAssertEqual($0 as? DecodeError, expected) }
        }
    }

    func testNotAJPEGAndEmptyInput() {
        XCTAssertThrowsError(try JPEGDecoder.decode([])) { error in
            XCTAssertEqual(error as? DecodeError, .truncated(section: "before the start-of-image marker"))
        }
        XCTAssertThrowsError(try JPEGDecoder.decode(Array("GIF89a".utf8))) { error in
            XCTAssertEqual(error as? DecodeError, .corrupt("not a JPEG: no start-of-image marker"))
        }
    }
}
