import ImageDecoding
import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// The JPEG encoder read back by our own decoder: pixels close to the source at each quality,
/// sampling by quality, odd and hostile sizes, grey, determinism, libjpeg's tables, metadata
/// segments. (Decoders we did not write read it in JPEGEncoderCompatibilityTests.)
final class JPEGEncoderTests: XCTestCase {
    typealias Samples = JPEGEncoderSamples

    func testDecodedPixelsAreCloseToTheSourceAtEachQuality() throws {
        let source = Samples.photo(96, 64)
        // Measured 2026-12-01 on this raster, where cjpeg's PSNR is ours within 0.2 dB: q50 26.8 dB,
        // q75 28.1, q85 28.8 (4:2:0 blurs the hard red and blue edges), q95 41.1 and q100 51.5 at 4:4:4.
        for (quality, bound) in [(50, 25.5), (75, 27.0), (85, 27.8), (95, 39.5), (100, 49.5)] {
            for progressive in [true, false] {
                let file = JPEGEncoder.encode(source, options: .init(quality: quality, progressive: progressive))
                let decoded = try JPEGDecoder.decode(file)
                let psnr = Samples.psnr(source, decoded)
                XCTAssertGreaterThan(psnr, bound, "q\(quality) progressive \(progressive)")
            }
        }
    }

    func testHigherQualityCostsBytesAndBuysFidelity() throws {
        let source = Samples.photo(96, 64)
        let files = [30, 60, 85, 95].map { JPEGEncoder.encode(source, options: .init(quality: $0)) }
        XCTAssertEqual(files.map(\.count), files.map(\.count).sorted(), "bytes rise with quality")
        let psnrs = try files.map { Samples.psnr(source, try JPEGDecoder.decode($0)) }
        XCTAssertEqual(psnrs, psnrs.sorted())
    }

    func testChromaIsHalvedBelowQuality90AndFullFrom90() {
        let source = Samples.photo(40, 30)
        XCTAssertEqual(
            Samples.sampling(JPEGEncoder.encode(source, options: .init(quality: 89))), ["2x2", "1x1", "1x1"])
        XCTAssertEqual(
            Samples.sampling(JPEGEncoder.encode(source, options: .init(quality: 90))), ["1x1", "1x1", "1x1"])
    }

    func testGreyPixelsMakeAOneComponentFile() throws {
        let source = Samples.photo(37, 21, grey: true)
        let file = JPEGEncoder.encode(source, options: .init(quality: 80))
        XCTAssertEqual(Samples.sampling(file), ["1x1"])
        XCTAssertGreaterThan(Samples.psnr(source, try JPEGDecoder.decode(file)), 33)
        // One coloured pixel is enough to keep three components.
        var tinted = source
        tinted.pixels[0] = tinted.pixels[1] &+ 9
        XCTAssertEqual(Samples.sampling(JPEGEncoder.encode(tinted, options: .init(quality: 80))).count, 3)
    }

    func testOddSizesDecodeToTheirOwnSize() throws {
        for (w, h) in [(1, 1), (17, 9), (9, 17), (33, 17), (15, 1), (1, 31), (16, 16), (8, 8)] {
            let source = Samples.photo(w, h, smooth: true)
            for quality in [75, 95] {
                for progressive in [true, false] {
                    let file = JPEGEncoder.encode(source, options: .init(quality: quality, progressive: progressive))
                    let decoded = try JPEGDecoder.decode(file)
                    XCTAssertEqual([decoded.width, decoded.height], [w, h])
                    XCTAssertGreaterThan(Samples.psnr(source, decoded), 30, "\(w)×\(h) q\(quality) \(progressive)")
                }
            }
        }
    }

    func testHostileSidesOneByMany() throws {
        // Up to the decoder's own limit of 16 384 a side; 65 535 is read back by Pillow in the compatibility tests.
        for (w, h) in [(16384, 1), (1, 16384), (16383, 3)] {
            let file = JPEGEncoder.encode(Samples.photo(w, h), options: .init(quality: 70))
            let decoded = try JPEGDecoder.decode(file)
            XCTAssertEqual([decoded.width, decoded.height], [w, h])
        }
    }

    func testTheSameRasterGivesTheSameBytes() {
        let source = Samples.photo(70, 50)
        for progressive in [true, false] {
            let options = JPEGEncoder.Options(quality: 85, progressive: progressive)
            XCTAssertEqual(JPEGEncoder.encode(source, options: options), JPEGEncoder.encode(source, options: options))
        }
    }

    func testAlphaIsIgnored() {
        var source = Samples.photo(20, 20)
        let opaque = JPEGEncoder.encode(source, options: .init())
        for i in stride(from: 3, to: source.pixels.count, by: 4) { source.pixels[i] = 7 }
        source.hasAlpha = true
        XCTAssertEqual(JPEGEncoder.encode(source, options: .init()), opaque)
    }

    func testQuantisationTablesFollowLibjpegsQualityScale() {
        // libjpeg: scale 5000/q below 50, else 200 - 2q; (base × scale + 50) / 100 within 1...255; zigzag
        // order; chroma's base mozjpeg's PSNR-HVS table (9, 10, 11, 12, ... in zigzag order), luma's the
        // same tilted but for the DC (at q85 by -0.7: 9, 16, 16, 19, ...).
        let q85 = JPEGEncoder.QuantTables(quality: 85)
        XCTAssertEqual(Array(q85.luma.prefix(8)), [3, 5, 5, 5, 5, 5, 6, 6])
        XCTAssertEqual(Array(q85.chroma.prefix(8)), [3, 3, 3, 4, 4, 4, 4, 4])
        XCTAssertEqual(JPEGEncoder.QuantTables(quality: 50).luma[0], 9)
        XCTAssertEqual(JPEGEncoder.QuantTables(quality: 50).chroma[0], 9)
        XCTAssertEqual(JPEGEncoder.QuantTables(quality: 100).luma, [UInt16](repeating: 1, count: 64))
        XCTAssertEqual(JPEGEncoder.QuantTables(quality: 1).luma.max(), 255)
        XCTAssertEqual(JPEGEncoder.QuantTables(quality: 10).luma[0], 45)
    }

    func testTheLumaTiltCoarsensLowFrequenciesAndRefinesHighOnes() {
        let base = JPEGEncoder.QuantTables.base, luma = JPEGEncoder.QuantTables.lumaBase(quality: 75)
        XCTAssertEqual(luma[0], 9)  // the DC untilted (the tilt alone gives 9 × 1.35)
        XCTAssertEqual(luma[1], 13)  // 10 × (1 + 0.35 · 6/7)
        XCTAssertEqual(luma[63], 64)  // 98 × 0.65
        for n in 0..<64 where n % 8 + n / 8 == 7 { XCTAssertEqual(luma[n], Int(base[n])) }
        for n in 0..<64 where n % 8 + n / 8 < 7 { XCTAssertGreaterThanOrEqual(luma[n], Int(base[n])) }
        for n in 0..<64 where n % 8 + n / 8 > 7 { XCTAssertLessThanOrEqual(luma[n], Int(base[n])) }
        XCTAssertEqual(JPEGEncoder.QuantTables.tilted([UInt16](repeating: 1, count: 64), by: 0.9).min(), 1)
    }

    /// The tilt is -0.35 to q75 and steepens to -0.7 by q85; the DC stays 9 throughout.
    func testTheLumaTiltSteepensFromQuality75To85() {
        let tilts = [1, 50, 75, 80, 85, 90, 100].map { JPEGEncoder.QuantTables.lumaTilt(quality: $0) }
        for (tilt, expected) in zip(tilts, [-0.35, -0.35, -0.35, -0.525, -0.7, -0.7, -0.7]) {
            XCTAssertEqual(tilt, expected, accuracy: 1e-9)
        }
        let q85 = JPEGEncoder.QuantTables.lumaBase(quality: 85)
        XCTAssertEqual([q85[0], q85[1], q85[63]], [9, 16, 29])  // 9; 10 × (1 + 0.7 · 6/7); 98 × 0.3
        XCTAssertEqual(JPEGEncoder.QuantTables.lumaBase(quality: 60), JPEGEncoder.QuantTables.lumaBase(quality: 75))
        // The grey table's from -0.6 to -0.9.
        XCTAssertEqual(JPEGEncoder.QuantTables.greyBase(quality: 85)[1], 18)  // 10 × (1 + 0.9 · 6/7 + 0.15 · 0.4014)
        XCTAssertEqual(JPEGEncoder.QuantTables.greyBase(quality: 80)[63], 34)  // 98 × (1 - 0.75 + 0.15 · 2/3), midway
        XCTAssertEqual(JPEGEncoder.QuantTables.greyBase(quality: 60), JPEGEncoder.QuantTables.greyBase(quality: 75))
    }

    /// A grey raster's DQT holds the grey table alone; a colour one luma's and chroma's, as before.
    func testAGreyRasterGetsTheGreyTableInItsDQT() {
        for quality in [40, 75, 85, 95] {
            let grey = Samples.segments(
                JPEGEncoder.encode(Samples.photo(40, 30, grey: true), options: .init(quality: quality)))
            let colour = Samples.segments(JPEGEncoder.encode(Samples.photo(40, 30), options: .init(quality: quality)))
            let tables = JPEGEncoder.QuantTables(quality: quality, grey: true)
            let colourTables = JPEGEncoder.QuantTables(quality: quality)
            XCTAssertEqual(grey.filter { $0.marker == 0xDB }.map(\.payload), [[0] + tables.luma.map { UInt8($0) }])
            XCTAssertEqual(
                colour.filter { $0.marker == 0xDB }.map(\.payload),
                [[0] + colourTables.luma.map { UInt8($0) } + [1] + colourTables.chroma.map { UInt8($0) }])
            XCTAssertNotEqual(tables.luma, colourTables.luma, "q\(quality)")
        }
    }

    func testTheGreyTableIsLumasSteeper() {
        let grey = JPEGEncoder.QuantTables.greyBase(quality: 75), luma = JPEGEncoder.QuantTables.lumaBase(quality: 75)
        XCTAssertEqual(grey[0], 9)  // the DC untilted
        XCTAssertEqual(grey[1], 16)  // 10 × (1 + 0.6 · 6/7 + 0.15 · (36/49 - 1/3))
        XCTAssertEqual(grey[63], 49)  // 98 × (1 - 0.6 + 0.15 · 2/3)
        for n in 1..<64 where n % 8 + n / 8 < 5 { XCTAssertGreaterThan(grey[n], luma[n], "n \(n)") }
        for n in 0..<64 where n % 8 + n / 8 > 8 { XCTAssertLessThan(grey[n], luma[n], "n \(n)") }
    }

    func testMetadataSegmentsComeAfterJFIFInOrder() throws {
        let exif = Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 0]
        let xmp = Array("<x:xmpmeta/>".utf8)
        let icc = (0..<150_000).map { UInt8($0 % 251) }
        let file = JPEGEncoder.encode(
            Samples.photo(16, 16), options: .init(iccProfile: icc, exif: exif, xmp: xmp))
        let segments = Samples.segments(file)
        XCTAssertEqual(segments.map(\.marker).prefix(6), [0xE0, 0xE1, 0xE1, 0xE2, 0xE2, 0xE2])
        XCTAssertEqual(segments[1].payload, exif)
        XCTAssertEqual(segments[2].payload, JPEGEncoder.Markers.xmpHeader + xmp)
        let chunks = segments.filter { $0.marker == 0xE2 }
        XCTAssertEqual(chunks.map { $0.payload[12] }, [1, 2, 3])
        XCTAssertEqual(chunks.map { $0.payload[13] }, [3, 3, 3])
        XCTAssertEqual(chunks.flatMap { $0.payload[14...] }, icc)
        XCTAssertNoThrow(try JPEGDecoder.decode(file))
    }

    func testOversizedExifIsLeftOutRatherThanSplit() {
        let exif = Array("Exif".utf8) + [0, 0] + [UInt8](repeating: 1, count: 70_000)
        let file = JPEGEncoder.encode(Samples.photo(8, 8), options: .init(exif: exif))
        XCTAssertFalse(Samples.segments(file).contains { $0.marker == 0xE1 })
    }
}
