import Foundation
import ImageDecoding
import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// The encoder's files read by decoders we did not write (Pillow, libjpeg's djpeg, ImageMagick;
/// Chromium in JPEGEncoderBrowserTests): each opens every kind we write (progressive, baseline,
/// 4:2:0, 4:4:4, grey, odd sizes, metadata) at its size and with pixels close to the source; and
/// a quality is libjpeg's in form: cjpeg's scaling of the same base table.
final class JPEGEncoderCompatibilityTests: XCTestCase {
    typealias Samples = JPEGEncoderSamples
    private var tools: JPEGTools!

    override func setUpWithError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        tools = JPEGTools(folder: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: tools.folder)
    }

    /// (name, source, options, least PSNR): every kind of file the encoder writes.
    static func cases() -> [(String, Raster, JPEGEncoder.Options, Double)] {
        let photo = Samples.photo(96, 64)
        return [
            ("progressive-q85", photo, .init(quality: 85), 27.8),
            ("baseline-q85", photo, .init(quality: 85, progressive: false), 27.8),
            ("progressive-q95-444", photo, .init(quality: 95), 39.5),
            ("baseline-q100", photo, .init(quality: 100, progressive: false), 49.5),
            ("progressive-q30", photo, .init(quality: 30), 24.0),
            ("grey-q80", Samples.photo(37, 21, grey: true), .init(quality: 80), 33),
            ("odd-17x9-420", Samples.photo(17, 9, smooth: true), .init(quality: 75), 30),
            ("odd-33x17-420-baseline", Samples.photo(33, 17, smooth: true), .init(quality: 80, progressive: false), 30),
            ("one-pixel", Samples.photo(1, 1, smooth: true), .init(quality: 85), 30),
            (
                "metadata", Samples.photo(24, 24, smooth: true),
                .init(iccProfile: Self.iccProfile, exif: Self.exif, xmp: Array("<x:xmpmeta/>".utf8)), 30
            ),
        ]
    }

    /// A real sRGB-sized profile is not needed: Pillow hands back the bytes, whatever they hold.
    static let iccProfile = (0..<70_000).map { UInt8($0 % 253) }
    /// Exif with one IFD entry: Make = "imgsel".
    static let exif: [UInt8] =
        Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [
            0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x0F, 0, 2, 0, 0, 0, 7, 0, 0, 0, 26,
        ]
        + [0, 0, 0, 0] + Array("imgsel".utf8) + [0]

    private func check(
        _ decoder: String, _ decode: (String) throws -> (width: Int, height: Int, rgb: [UInt8])
    ) throws {
        for (name, source, options, bound) in Self.cases() {
            let path = try tools.write(JPEGEncoder.encode(source, options: options), "\(name).jpg")
            let decoded = try decode(path)
            XCTAssertEqual([decoded.width, decoded.height], [source.width, source.height], "\(decoder): \(name)")
            guard decoded.rgb.count == source.width * source.height * 3 else { continue }
            let psnr = Samples.psnr(rgb: Samples.rgb(source), decoded.rgb)
            XCTAssertGreaterThan(psnr, bound, "\(decoder): \(name)")
        }
    }

    func testPillowOpensEveryKind() throws { try check("Pillow", tools.pillow) }

    func testDjpegOpensEveryKind() throws { try check("djpeg", tools.djpeg) }

    func testImageMagickOpensEveryKind() throws { try check("ImageMagick", tools.imageMagick) }

    func testPillowReportsLibjpegsTablesAtEveryQuality() throws {
        let source = Samples.photo(48, 32)
        let ppm = try tools.writePPM(source, "source.ppm")
        let cjpeg = try JPEGTools.path("cjpeg", package: "libjpeg-turbo-progs")
        // cjpeg -qtables: the base tables at that quality (luma's, then chroma's, natural order), scaled
        // by -quality as libjpeg scales Annex K's.
        var ours: [String] = [], theirs: [String] = []
        for quality in [1, 10, 25, 50, 75, 80, 85, 90, 95, 100] {
            let base = tools.folder.appendingPathComponent("base-q\(quality).txt").path
            let tables = [
                JPEGEncoder.QuantTables.lumaBase(quality: quality), JPEGEncoder.QuantTables.base.map(Int.init),
            ]
            try tables.map { $0.map(String.init).joined(separator: " ") }.joined(separator: "\n").write(
                toFile: base, atomically: true, encoding: .utf8)
            ours.append(
                try tools.write(JPEGEncoder.encode(source, options: .init(quality: quality)), "q\(quality).jpg"))
            let path = tools.folder.appendingPathComponent("cjpeg-q\(quality).jpg").path
            // -baseline: 8-bit tables (entries capped at 255), as Pillow's own encoder has them and as a
            // baseline decoder needs; cjpeg's default would write 16-bit tables below quality 25.
            try tools.run([
                cjpeg, "-quality", "\(quality)", "-baseline", "-qtables", base, "-qslots", "0,1,1", "-outfile", path,
                ppm,
            ])
            theirs.append(path)
        }
        // Luma and chroma: libjpeg's scaling of our base tables at each quality.
        let oursTables = try tools.pillowTables(ours), theirsTables = try tools.pillowTables(theirs)
        XCTAssertEqual(oursTables.map { $0[0] }, theirsTables.map { $0[0] })
        XCTAssertEqual(oursTables.map { $0[1] }, theirsTables.map { $0[1] })
    }

    /// A grey raster's one table is libjpeg's scaling of the grey base (cjpeg given a PGM and that base).
    func testPillowReportsLibjpegsScalingOfTheGreyTable() throws {
        let source = Samples.photo(48, 32, grey: true)
        let pgm = try tools.write(
            Array("P5\n48 32\n255\n".utf8) + stride(from: 0, to: source.pixels.count, by: 4).map { source.pixels[$0] },
            "source.pgm")
        let cjpeg = try JPEGTools.path("cjpeg", package: "libjpeg-turbo-progs")
        var ours: [String] = [], theirs: [String] = []
        for quality in [1, 25, 50, 75, 80, 85, 95, 100] {
            let base = tools.folder.appendingPathComponent("grey-base-q\(quality).txt").path
            try JPEGEncoder.QuantTables.greyBase(quality: quality).map(String.init).joined(separator: " ").write(
                toFile: base, atomically: true, encoding: .utf8)
            ours.append(
                try tools.write(JPEGEncoder.encode(source, options: .init(quality: quality)), "grey-q\(quality).jpg"))
            let path = tools.folder.appendingPathComponent("cjpeg-grey-q\(quality).jpg").path
            try tools.run([cjpeg, "-quality", "\(quality)", "-baseline", "-qtables", base, "-outfile", path, pgm])
            theirs.append(path)
        }
        let oursTables = try tools.pillowTables(ours), theirsTables = try tools.pillowTables(theirs)
        XCTAssertEqual(oursTables.map(\.count), [Int](repeating: 1, count: 8), "one table each")
        XCTAssertEqual(oursTables, theirsTables)
    }

    /// Our pixels at a quality are at least as close to the source as cjpeg's (both 4:2:0, both
    /// baseline: the same luma table, the same rounding, finer chroma), for at most 20 % more bytes.
    func testAQualityMeansWhatItMeansToCjpeg() throws {
        let source = Samples.photo(160, 120)
        let ppm = try tools.writePPM(source, "source.ppm")
        let cjpeg = try JPEGTools.path("cjpeg", package: "libjpeg-turbo-progs")
        for quality in [50, 75, 85] {
            let ours = JPEGEncoder.encode(source, options: .init(quality: quality, progressive: false))
            let oursPath = try tools.write(ours, "ours-q\(quality).jpg")
            let theirsPath = tools.folder.appendingPathComponent("cjpeg-q\(quality).jpg").path
            try tools.run([cjpeg, "-quality", "\(quality)", "-optimize", "-outfile", theirsPath, ppm])
            let theirs = [UInt8](try Data(contentsOf: URL(fileURLWithPath: theirsPath)))
            let oursPSNR = Samples.psnr(rgb: Samples.rgb(source), try tools.pillow(oursPath).rgb)
            let theirsPSNR = Samples.psnr(rgb: Samples.rgb(source), try tools.pillow(theirsPath).rgb)
            XCTAssertGreaterThan(oursPSNR, theirsPSNR - 0.2, "q\(quality)")
            // Finer chroma steps than Annex K's cost bytes at the same quality and buy their fidelity: on
            // this strongly coloured raster (measured) +16 % and +1.0 dB at q50, +12 % and +0.4 dB at q85.
            XCTAssertLessThan(Double(ours.count), Double(theirs.count) * 1.2, "q\(quality)")
        }
    }

    func testPillowReadsTheMetadataBack() throws {
        let path = try tools.write(
            JPEGEncoder.encode(
                Samples.photo(24, 24),
                options: .init(iccProfile: Self.iccProfile, exif: Self.exif, xmp: Array("<x/>".utf8))),
            "metadata.jpg")
        let python = try JPEGTools.path("python3", package: "python3 (pip install pillow)")
        let script = """
            import sys, zlib
            from PIL import Image
            im = Image.open(sys.argv[1])
            print(len(im.info["icc_profile"]), zlib.crc32(im.info["icc_profile"]), im.getexif().get(0x010F), \
            im.info.get("xmp", b"").decode())
            """
        let line = try tools.run([python, "-c", script, path]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(line, "70000 \(CRC32Reference.crc(Self.iccProfile)) imgsel <x/>")
    }

    /// The longest sides the encoder takes (libjpeg's limit, 65 500), past our decoder's 16 384: Pillow opens them.
    func testPillowOpensTheLongestSides() throws {
        for (w, h) in [(65500, 1), (1, 65500)] {
            let path = try tools.write(
                JPEGEncoder.encode(Samples.photo(w, h, smooth: true), options: .init(quality: 60)), "\(w)x\(h).jpg")
            let decoded = try tools.pillow(path)
            XCTAssertEqual([decoded.width, decoded.height], [w, h])
        }
    }
}

/// zlib's CRC-32, to compare with Python's `zlib.crc32`.
enum CRC32Reference {
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
