import AV1Codec
import HEIFPictures
import ImageCore
import XCTest

/// AVIF on the HEIF item model: av01 items configured by av1C, decoded by whatever the caller
/// plugs in (a fake here, until the AV1 decoder's pixels are bit-exact).
final class AVIFItemTests: XCTestCase {
    /// A fake AV1 decoder: a flat 3×2 4:2:0 picture (chroma 2×1), whatever the bytes.
    static let flat: HEIFCodec = .av1 { (_, _) throws(DecodeError) in
        HEVCPicture(
            width: 3, height: 2, bitDepthLuma: 8, bitDepthChroma: 8, chroma: .yuv420,
            luma: [UInt16](repeating: 100, count: 6), cb: [UInt16](repeating: 128, count: 2),
            cr: [UInt16](repeating: 128, count: 2))
    }

    func testPrimaryItemAndConfiguration() throws {
        let item = try HEIFCodedItems.primaryItem(AV1Samples.pillow3x2, codec: Self.flat)
        XCTAssertEqual(Array(item.configuration.prefix(4)), [0x81, 0x00, 0x0C, 0x00])
        let headers = try AV1Decoder.headers(item.data)
        XCTAssertEqual(headers.width, 3)
        XCTAssertEqual(headers.height, 2)
        XCTAssertEqual(headers.bitDepth, 8)
        XCTAssertEqual(headers.sampling, "4:2:0")
    }

    func testAnAV1ItemDecodesThroughItsCodec() throws {
        let raster = try HEIFDecoder.decode(AV1Samples.pillow3x2, codecs: [Self.flat])
        XCTAssertEqual(raster.width, 3)
        XCTAssertEqual(raster.height, 2)
        let planes = try HEIFCodedItems.primaryPlanes(AV1Samples.pillow3x2, codecs: [Self.flat])
        XCTAssertEqual(planes.luma, [UInt16](repeating: 100, count: 6))
    }

    func testWithoutTheAV1CodecTheItemIsRefusedByName() {
        XCTAssertThrowsError(try HEIFDecoder.decode(AV1Samples.pillow3x2, codecs: [])) {
            XCTAssertEqual($0 as? DecodeError, .unsupported("HEIF item of type 'av01'"))
        }
    }

    func testSamplingsNotYetDecodedAreRefusedByName() {
        var file = AV1Samples.pillow3x2
        guard let at = Self.offset(of: [0x81, 0x00, 0x0C, 0x00], in: file) else { return XCTFail("no av1C") }
        file[at + 2] = 0x00  // subsampling 0, 0: 4:4:4
        XCTAssertThrowsError(try HEIFDecoder.decode(file, codecs: [Self.flat])) {
            XCTAssertEqual($0 as? DecodeError, .unsupported("AV1 4:4:4"))
        }
        file[at] = 0x80
        XCTAssertThrowsError(try HEIFDecoder.decode(file, codecs: [Self.flat])) {
            XCTAssertEqual($0 as? DecodeError, .corrupt("AV1 configuration (av1C) of marker and version 128"))
        }
    }

    /// The real decoder, plugged in, decodes Pillow's 3×2 (deblocked) to dav1d's samples.
    func testTheRealDecoderDecodesPillowsFlatColour() throws {
        let codec = HEIFCodec.av1 { (config, data) throws(DecodeError) in
            try AV1Decoder.decode(configuration: config, data: data)
        }
        let picture = try HEIFCodedItems.primaryPlanes(AV1Samples.pillow3x2, codecs: [codec])
        XCTAssertEqual(picture.luma, [85, 85, 85, 85, 85, 85])
        XCTAssertEqual([picture.cb, picture.cr], [[114, 114], [209, 209]])
    }

    static func offset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<$0 + needle.count]) == needle }
    }
}
