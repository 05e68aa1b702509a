import ImageDecoding
import JPEGCodec
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
        ("cmyk-61x43", [0xEF48_DC69_5B51_95EF, 0x21E2_86C4_D57C_0DFA, 0x159A_40A8_096C_B94D, 0xEB7E_28F4_DD15_1937]),
        (
            "gray-61x43-2x2",
            [0x231B_3FEB_CE74_6D01, 0xAF7D_32CF_6327_C9E0, 0x8D24_0222_A66A_4B48, 0x693A_2DBD_7C89_612F]
        ),
        (
            "gray-61x43-prog",
            [0x1B3B_FF60_8D4C_D6D9, 0x73D1_2957_6D55_1400, 0xC3C4_18DC_6E01_9288, 0x1B2F_E4DC_CDE4_028F]
        ),
        (
            "multiscan-seq-61x43",
            [0xDD93_E6F1_23BB_F008, 0xF9C5_4194_AD65_9CE0, 0xDBFD_21C2_86F8_9647, 0xB514_F2D1_797F_DF2F]
        ),
        (
            "nonint-prog-61x43-4x4_1x1_1x1",
            [0x0EED_0163_F44C_B747, 0x6379_A679_BCCE_F345, 0xF1ED_70EC_22F7_7865, 0xDA8E_E679_ED78_8A04]
        ),
        (
            "pil-61x43-420",
            [0xDD93_E6F1_23BB_F008, 0xF9C5_4194_AD65_9CE0, 0xDBFD_21C2_86F8_9647, 0xB514_F2D1_797F_DF2F]
        ),
        (
            "pil-61x43-444-prog",
            [0x5DC2_DA0E_0318_0E7B, 0xFE89_E360_03C1_F537, 0x6157_2AE0_72F0_736C, 0xEB40_5BE1_8522_2FD9]
        ),
        (
            "prog-61x43-4x2",
            [0x5459_1C90_0CF6_1B7C, 0x97E9_2329_646A_0495, 0x63E6_9A8E_8AD9_DA5E, 0x3DB7_7904_20EB_239C]
        ),
        (
            "prog-restart1-61x43",
            [0xDD93_E6F1_23BB_F008, 0xF9C5_4194_AD65_9CE0, 0xDBFD_21C2_86F8_9647, 0xB514_F2D1_797F_DF2F]
        ),
        (
            "prog-script-61x43",
            [0xDD93_E6F1_23BB_F008, 0xF9C5_4194_AD65_9CE0, 0xDBFD_21C2_86F8_9647, 0xB514_F2D1_797F_DF2F]
        ),
        ("rgb-61x43", [0x246A_950A_EC8F_66D3, 0x03A3_AF0D_76B0_DCD0, 0x608B_41B9_1B77_5AAF, 0xADDC_55B7_F4EB_5213]),
        (
            "seq-61x43-1x1_2x2_2x2",
            [0xA8FC_B8D9_9D43_3028, 0x5EB2_5916_E352_34F1, 0x00C1_34C2_ACE9_A7C8, 0x1AA6_6689_F3CC_0D1C]
        ),
        (
            "seq-61x43-1x2",
            [0xEEF7_3AC1_CA59_53FF, 0x0F66_39B5_F111_663D, 0x2A3F_A394_91FD_A5CA, 0x315B_2984_2A50_BA4A]
        ),
        (
            "seq-61x43-2x1",
            [0x13A0_21EB_C70C_33A9, 0x84DF_3700_41E3_4A03, 0x24C3_BAAD_4392_BED5, 0xC141_BC36_2305_B9A7]
        ),
        (
            "seq-61x43-2x2",
            [0x6854_7182_B7B3_7D43, 0x0731_FAB4_6F55_D7A0, 0x2D07_5812_BBC9_7CEF, 0x1175_CC82_C46D_E30B]
        ),
        (
            "seq-61x43-2x2_1x2_2x1",
            [0xE54A_F6DE_0BFD_8D4B, 0x3239_AC9C_63AA_2180, 0xC712_8CBB_6723_DEDB, 0x8D3E_AA61_2826_619A]
        ),
        (
            "seq-61x43-3x2",
            [0x496C_94D0_8B94_B215, 0x9255_B286_A0D0_5300, 0xEFC7_7A56_B427_8E3B, 0x2B63_864D_D76A_7385]
        ),
        (
            "seq-61x43-4x1",
            [0x7D68_66D1_9D64_5406, 0xB142_4811_3594_9E09, 0x7DBF_C6C8_0CA6_6941, 0x1F2C_4948_B350_89B1]
        ),
        (
            "seq-restart3B-61x43",
            [0xDD93_E6F1_23BB_F008, 0xF9C5_4194_AD65_9CE0, 0xDBFD_21C2_86F8_9647, 0xB514_F2D1_797F_DF2F]
        ),
        (
            "ycck-61x43-420",
            [0x8DB5_E37E_45CD_3A6F, 0x6FF2_D842_2377_3B9D, 0x5BE5_3ABC_266C_8C65, 0xEC32_669A_74FC_AE65]
        ),
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
        ("pil-61x43-444-prog", 427, [0xC024_EEEA_9366_B0B8, 0x46DA_F581_905D_12C9]),
        ("pil-61x43-444-prog", 860, [0x5A0B_A127_24C5_20E5, 0x93D8_F381_C682_A603]),
        ("pil-61x43-444-prog", 3043, [0x72ED_27AD_9369_5408, 0xEB40_5BE1_8522_2FD9]),
        ("prog-restart1-61x43", 362, [0xD4CB_F7E1_AD16_BC20, 0xE8ED_B131_95DC_FF62]),
        ("prog-restart1-61x43", 626, [0x35F6_A6D9_E11E_ED6B, 0xC7D0_9FCC_3E94_0996]),
        ("prog-restart1-61x43", 1803, [0x71DD_76FD_C6FA_FC3A, 0xB514_F2D1_797F_DF2F]),
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
