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

    /// av1C's sampling is what the planes are laid out by: a stream that decodes to another is
    /// corrupt, and 4:4:0 (no AV1 sampling) is refused as the configuration is read.
    func testTheConfigurationsSamplingMustBeTheStreams() {
        var file = AV1Samples.pillow3x2
        guard let at = Self.offset(of: [0x81, 0x00, 0x0C, 0x00], in: file) else { return XCTFail("no av1C") }
        file[at + 2] = 0x00  // subsampling 0, 0: 4:4:4, but the (fake) stream is 4:2:0
        XCTAssertThrowsError(try HEIFDecoder.decode(file, codecs: [Self.flat])) {
            XCTAssertEqual(
                $0 as? DecodeError,
                .corrupt("AV1 item whose sequence header's sampling or bit depth is not its configuration's (av1C)"))
        }
        file[at + 2] = 0x04  // subsampling 0, 1: 4:4:0
        XCTAssertThrowsError(try HEIFDecoder.decode(file, codecs: [Self.flat])) {
            XCTAssertEqual($0 as? DecodeError, .corrupt("AV1 configuration (av1C) of 4:4:0 sampling"))
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

/// 4:4:4 at 10 bits and alpha through the HEIF item model with the real AV1 decoder: the
/// colour item's planes are dav1d's, and the alpha item (an auxiliary monochrome AV1 item)
/// becomes the raster's alpha, exactly the PNG's since it was coded losslessly.
final class AVIFSamplingAndAlphaTests: XCTestCase {
    static let codec = HEIFCodec.av1 { (config, data) throws(DecodeError) in
        try AV1Decoder.decode(configuration: config, data: data)
    }

    func testFourFourFourTenBitColourIsDav1ds() throws {
        let picture = try HEIFCodedItems.primaryPlanes(AV1Samples.avifencAlpha444, codecs: [Self.codec])
        XCTAssertEqual(picture.chroma, .yuv444)
        XCTAssertEqual([picture.width, picture.height, picture.bitDepthLuma], [8, 6, 10])
        // dav1d --filmgrain 0 -o x.yuv of the colour item's OBUs (tools/avif/avif_items.py), FNV-1a 64.
        let yuv = (picture.luma + picture.cb + picture.cr).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(AV1OracleTests.fnv1a(yuv), 0xdb53_f41f_e016_9a91)
    }

    func testTheAlphaItemIsTheRastersAlpha() throws {
        let alpha = try XCTUnwrap(HEIFCodedItems.alphaPlanes(AV1Samples.avifencAlpha444, codecs: [Self.codec]))
        XCTAssertEqual(alpha.chroma, .monochrome)
        XCTAssertEqual(alpha.bitDepthLuma, 10)
        XCTAssertEqual(alpha.luma, AV1Samples.avifencAlpha444Alpha.map { UInt16((Int($0) * 1023 + 127) / 255) })
        let raster = try HEIFDecoder.decode(AV1Samples.avifencAlpha444, codecs: [Self.codec])
        XCTAssertTrue(raster.hasAlpha)
        let alphas = stride(from: 3, to: raster.pixels.count, by: 4).map { raster.pixels[$0] }
        XCTAssertEqual(alphas, AV1Samples.avifencAlpha444Alpha)
        XCTAssertNil(try HEIFCodedItems.alphaPlanes(AV1Samples.pillow3x2, codecs: [Self.codec]))
    }
}
