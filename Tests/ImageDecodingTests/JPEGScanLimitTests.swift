import ImageDecoding
import JPEGCodec
import XCTest

/// The limits on a progressive JPEG's scans (issue 20, item 13b): a file of 883 scans, valid and
/// decoded by Pillow and djpeg, decodes; past the limits the message says it is a limit against
/// hostile files, not that the file is wrong.
final class JPEGScanLimitTests: XCTestCase {
    /// A progressive greyscale file, its DC scan done (every DC difference 0), then `scans` AC scans
    /// of one coefficient and one bit each, every block in one end-of-band run: the script of a
    /// 14-bit successive approximation of every band, cut at `scans`.
    static func manyScans(side: Int, scans: Int) -> [UInt8] {
        var file = JPEGTestFile()
        file.quantization()
        file.frame(0xC2, width: side, height: side, components: [(1, 1, 1, 0)])
        file.standardTestTables()
        file.scan([(1, 0, 0)], ss: 0, se: 0)
        let blocks = ((side + 7) / 8) * ((side + 7) / 8)
        file.append([UInt8](repeating: 0, count: (blocks * 4 + 7) / 8))
        var run = JPEGBitWriter()
        run.symbol(0xE0, in: .ac)
        run.write(0x3FFF, bits: 14)
        let endOfBand = run.finish()
        var written = 1
        bands: for band in 1...63 {
            for al in stride(from: 13, through: 0, by: -1) {
                guard written < scans else { break bands }
                file.scan([(1, 0, 0)], ss: band, se: band, ah: al == 13 ? 0 : al + 1, al: al)
                file.append(endOfBand)
                written += 1
            }
        }
        file.end()
        return file.bytes
    }

    func testAFileOf883ScansDecodes() throws {
        let bytes = Self.manyScans(side: 1024, scans: 883)
        let raster = try JPEGDecoder.decode(bytes, scale: 8)
        XCTAssertEqual([raster.width, raster.height], [128, 128])
        XCTAssertTrue(raster.pixel(x: 127, y: 127) == (128, 128, 128, 255))
    }
}
