import ImageDecoding
import XCTest

/// Fixtures/jpeg holds small JPEGs made once from one 61×43 picture (Pillow's linear and radial
/// gradients as R, G, B, eight seeded random rectangles and a yellow ring), written as PPM and then:
///   seq-61x43-HxV…      cjpeg -quality 85 -sample HxV,1x1,1x1 (or the listed factors per component)
///   prog-61x43-4x2      the same with -progressive
///   pil-61x43-420       Pillow quality=90 (4:2:0); pil-61x43-444-prog: quality=95, subsampling=0, progressive
///   prog-restart1-…     jpegtran -progressive -restart 1 of pil-61x43-420
///   seq-restart3B-…     jpegtran -restart 3B of pil-61x43-420
///   prog-script-…       jpegtran -scans with DC successive approximation and split AC bands
///   multiscan-seq-…     jpegtran -scans "0; 1; 2;" (sequential, one scan per component)
///   nonint-prog-…-4x4…  cjpeg -sample 4x4,1x1,1x1 -scans (non-interleaved progressive: 16 luma blocks an MCU)
///   gray-…-prog         Pillow "L" progressive; gray-…-2x2: cjpeg -grayscale -sample 2x2
///   cmyk-61x43          Pillow "CMYK" (Adobe APP14, transform 0, inverted)
///   ycck-61x43-420      TurboJPEG tjCompress2 of CMYK pixels (Adobe transform 2)
///   rgb-61x43           cjpeg -rgb (Adobe transform 0, ids 'R' 'G' 'B')
///   arith-17x9          cjpeg -arithmetic of a 17×9 picture made the same way
/// The digests are FNV-1a 64 of Pillow 13 (libjpeg-turbo 3.2) `convert("RGB")` bytes, at full size and
/// after `draft("RGB", (w//s, h//s))` for s = 2, 4, 8: the decoder must give the same bytes.
final class JPEGPillowFixtureTests: XCTestCase {
    static let pillowDigests: [(String, [UInt64])] = [
        ("cmyk-61x43", [0xEF48DC695B5195EF, 0x21E286C4D57C0DFA, 0x159A40A8096CB94D, 0xEB7E28F4DD151937]),
        ("gray-61x43-2x2", [0x231B3FEBCE746D01, 0xAF7D32CF6327C9E0, 0x8D240222A66A4B48, 0x693A2DBD7C89612F]),
        ("gray-61x43-prog", [0x1B3BFF608D4CD6D9, 0x73D129576D551400, 0xC3C418DC6E019288, 0x1B2FE4DCCDE4028F]),
        ("multiscan-seq-61x43", [0xDD93E6F123BBF008, 0xF9C54194AD659CE0, 0xDBFD21C286F89647, 0xB514F2D1797FDF2F]),
        ("nonint-prog-61x43-4x4_1x1_1x1",
         [0x0EED0163F44CB747, 0x6379A679BCCEF345, 0xF1ED70EC22F77865, 0xDA8EE679ED788A04]),
        ("pil-61x43-420", [0xDD93E6F123BBF008, 0xF9C54194AD659CE0, 0xDBFD21C286F89647, 0xB514F2D1797FDF2F]),
        ("pil-61x43-444-prog", [0x5DC2DA0E03180E7B, 0xFE89E36003C1F537, 0x61572AE072F0736C, 0xEB405BE185222FD9]),
        ("prog-61x43-4x2", [0x54591C900CF61B7C, 0x97E92329646A0495, 0x63E69A8E8AD9DA5E, 0x3DB7790420EB239C]),
        ("prog-restart1-61x43", [0xDD93E6F123BBF008, 0xF9C54194AD659CE0, 0xDBFD21C286F89647, 0xB514F2D1797FDF2F]),
        ("prog-script-61x43", [0xDD93E6F123BBF008, 0xF9C54194AD659CE0, 0xDBFD21C286F89647, 0xB514F2D1797FDF2F]),
        ("rgb-61x43", [0x246A950AEC8F66D3, 0x03A3AF0D76B0DCD0, 0x608B41B91B775AAF, 0xADDC55B7F4EB5213]),
        ("seq-61x43-1x1_2x2_2x2", [0xA8FCB8D99D433028, 0x5EB25916E35234F1, 0x00C134C2ACE9A7C8, 0x1AA66689F3CC0D1C]),
        ("seq-61x43-1x2", [0xEEF73AC1CA5953FF, 0x0F6639B5F111663D, 0x2A3FA39491FDA5CA, 0x315B29842A50BA4A]),
        ("seq-61x43-2x1", [0x13A021EBC70C33A9, 0x84DF370041E34A03, 0x24C3BAAD4392BED5, 0xC141BC362305B9A7]),
        ("seq-61x43-2x2", [0x68547182B7B37D43, 0x0731FAB46F55D7A0, 0x2D075812BBC97CEF, 0x1175CC82C46DE30B]),
        ("seq-61x43-2x2_1x2_2x1", [0xE54AF6DE0BFD8D4B, 0x3239AC9C63AA2180, 0xC7128CBB6723DEDB, 0x8D3EAA612826619A]),
        ("seq-61x43-3x2", [0x496C94D08B94B215, 0x9255B286A0D05300, 0xEFC77A56B4278E3B, 0x2B63864DD76A7385]),
        ("seq-61x43-4x1", [0x7D6866D19D645406, 0xB142481135949E09, 0x7DBFC6C80CA66941, 0x1F2C4948B35089B1]),
        ("seq-restart3B-61x43", [0xDD93E6F123BBF008, 0xF9C54194AD659CE0, 0xDBFD21C286F89647, 0xB514F2D1797FDF2F]),
        ("ycck-61x43-420", [0x8DB5E37E45CD3A6F, 0x6FF2D84223773B9D, 0x5BE53ABC266C8C65, 0xEC32669A74FCAE65]),
    ]

    /// FNV-1a 64 of the RGB bytes (alpha dropped, as Pillow's RGB).
    static func rgbDigest(_ raster: Raster) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for (i, byte) in raster.pixels.enumerated() where i % 4 != 3 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Every fixture at every scale is Pillow's decode to the byte: islow IDCT, the reduced IDCTs,
    /// fancy and plain upsampling, the colour conversions, restarts and scan scripts.
    func testEveryFixtureAtEveryScaleMatchesPillowExactly() throws {
        for (name, digests) in Self.pillowDigests {
            let bytes = try JPEGTestFixtures.bytes(name + ".jpg")
            for (scale, expected) in zip([1, 2, 4, 8], digests) {
                let raster = try JPEGDecoder.decode(bytes, scale: scale)
                XCTAssertEqual(raster.width, (61 + scale - 1) / scale, "\(name) at 1/\(scale)")
                XCTAssertEqual(raster.height, (43 + scale - 1) / scale, "\(name) at 1/\(scale)")
                XCTAssertFalse(raster.hasAlpha)
                XCTAssertEqual(Self.rgbDigest(raster), expected, "\(name) at 1/\(scale) differs from Pillow")
            }
        }
    }

    /// Progressive files cut short (after the first, DC-only scan; inside the third; inside the last)
    /// against Pillow with ImageFile.LOAD_TRUNCATED_IMAGES, at full size and 1/8: the scans read so far,
    /// with libjpeg-turbo's block smoothing estimating the low AC coefficients not yet known (and,
    /// with only DC data, smoothing the DC too). Digests as above.
    static let truncatedDigests: [(String, Int, [UInt64])] = [
        ("pil-61x43-444-prog", 427, [0xC024EEEA9366B0B8, 0x46DAF581905D12C9]),
        ("pil-61x43-444-prog", 860, [0x5A0BA12724C520E5, 0x93D8F381C682A603]),
        ("pil-61x43-444-prog", 3043, [0x72ED27AD93695408, 0xEB405BE185222FD9]),
        ("prog-restart1-61x43", 362, [0xD4CBF7E1AD16BC20, 0xE8EDB13195DCFF62]),
        ("prog-restart1-61x43", 626, [0x35F6A6D9E11EED6B, 0xC7D09FCC3E940996]),
        ("prog-restart1-61x43", 1803, [0x71DD76FDC6FAFC3A, 0xB514F2D1797FDF2F]),
    ]

    func testTruncatedProgressiveFilesAreSmoothedAsPillowShowsThem() throws {
        for (name, length, digests) in Self.truncatedDigests {
            let bytes = Array(try JPEGTestFixtures.bytes(name + ".jpg")[0..<length])
            for (scale, expected) in zip([1, 8], digests) {
                let raster = try JPEGDecoder.decode(bytes, scale: scale)
                XCTAssertEqual(Self.rgbDigest(raster), expected, "\(name) cut at \(length), 1/\(scale)")
            }
        }
    }

    func testArithmeticCodingIsRefusedByName() throws {
        let bytes = try JPEGTestFixtures.bytes("arith-17x9.jpg")
        XCTAssertThrowsError(try JPEGDecoder.decode(bytes)) { error in
            XCTAssertEqual(error as? DecodeError, .unsupported("arithmetic-coded JPEG"))
        }
    }

    /// A Motion-JPEG frame leaves out the Huffman tables; libjpeg-turbo (and so Pillow) assumes the
    /// standard ones. Pillow's own files use exactly those, so stripping its DHT segments changes nothing.
    func testMissingHuffmanTablesDefaultToTheStandardOnes() throws {
        let bytes = try JPEGTestFixtures.bytes("pil-61x43-420.jpg")
        var stripped: [UInt8] = Array(bytes[0..<2])
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF, bytes[i + 1] != 0xDA {
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if bytes[i + 1] != 0xC4 { stripped += bytes[i..<(i + 2 + length)] }
            i += 2 + length
        }
        stripped += bytes[i...]
        XCTAssertLessThan(stripped.count, bytes.count)
        XCTAssertEqual(try JPEGDecoder.decode(stripped), try JPEGDecoder.decode(bytes))
    }
}
