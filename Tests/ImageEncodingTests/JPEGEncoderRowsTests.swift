import ImageDecoding
import XCTest

@testable import JPEGCodec

/// The encoder fed a row at a time (JPEGPixelRows, what `jpeg-encode` streams a BMP or PPM through) writes
/// the bytes it writes from the whole raster: colour and grey, 4:2:0 and 4:4:4, progressive and baseline,
/// sides that leave partial blocks and MCUs.
final class JPEGEncoderRowsTests: XCTestCase {
    /// A raster's rows handed over one at a time, as a reader of a file would.
    private struct RowsOf: JPEGPixelRows {
        let raster: Raster
        var width: Int { raster.width }
        var height: Int { raster.height }

        func row(_ y: Int, into line: UnsafeMutablePointer<UInt8>) {
            raster.pixels.withUnsafeBufferPointer { pixels in
                line.update(from: pixels.baseAddress! + y * width * 4, count: width * 4)
            }
        }
    }

    func testRowsGiveTheRastersBytes() {
        for (width, height) in [(1, 1), (9, 7), (45, 37), (130, 67)] {
            for grey in [false, true] {
                let raster = JPEGEncoderSamples.photo(width, height, grey: grey)
                for quality in [50, 85, 95] {
                    for progressive in [true, false] {
                        let options = JPEGEncoder.Options(quality: quality, progressive: progressive)
                        XCTAssertEqual(
                            JPEGEncoder.encode(rows: RowsOf(raster: raster), options: options),
                            JPEGEncoder.encode(raster, options: options),
                            "\(width)×\(height) grey \(grey) q\(quality) progressive \(progressive)")
                    }
                }
            }
        }
    }
}
