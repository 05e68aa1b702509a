import ImageDecoding
import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// The `--max-bytes` search with a stand-in encoder whose size is known for every quality and size, so
/// the answer it must find is known: the highest quality that fits, within 8 encodes.
final class ExportEncodingTests: XCTestCase {
    /// Bytes grow with the quality (faster near the top, as a JPEG's do) and with the pixels.
    private static func size(_ raster: Raster, _ quality: Int) -> Int {
        let q = Double(quality)
        return Int(Double(raster.width * raster.height) * (0.05 + 0.6 * q * q / 10_000) + 200)
    }

    private func picture(_ width: Int, _ height: Int) throws -> Raster {
        try Raster(width: width, height: height, hasAlpha: false)
    }

    private let encode: JPEGEncode = { raster, settings in
        [UInt8](repeating: UInt8(settings.quality), count: ExportEncodingTests.size(raster, settings.quality))
    }

    func testTheHighestQualityThatFitsWithinEightEncodes() throws {
        let photo = try picture(400, 300)
        var counts: [Int: Int] = [:]
        for q in 50...85 {
            // A limit just above quality q's size: q fits, q + 1 does not.
            let limit = Self.size(photo, q) + (q == 85 ? 0 : (Self.size(photo, q + 1) - Self.size(photo, q)) / 2)
            let found = try ExportEncoding.jpeg(photo, quality: 85, maxBytes: limit, metadata: .init(), encode: encode)
            XCTAssertEqual(found.quality, q, "limit \(limit)")
            XCTAssertEqual(found.bytes.count, Self.size(photo, q))
            XCTAssertEqual(found.shrinkSteps, 0)
            XCTAssertLessThanOrEqual(found.encodes, ExportEncoding.encodeBudget, "quality \(q)")
            counts[found.encodes, default: 0] += 1
        }
        print(
            "--max-bytes search, stand-in encoder, 36 limits: encodes → how often \(counts.sorted { $0.key < $1.key })")
        XCTAssertEqual(
            try ExportEncoding.jpeg(photo, quality: 85, maxBytes: nil, metadata: .init(), encode: encode).encodes, 1)
    }

    func testBelowQuality50ThePictureShrinksBySqrt2StepsThenSearchesAgain() throws {
        let photo = try picture(1000, 1000)
        let limit = Self.size(photo, 50) / 3
        let found = try ExportEncoding.jpeg(photo, quality: 85, maxBytes: limit, metadata: .init(), encode: encode)
        XCTAssertLessThanOrEqual(found.bytes.count, limit)
        XCTAssertGreaterThan(found.shrinkSteps, 0)
        XCTAssertEqual(found.width, ExportEncoding.size(photo, steps: found.shrinkSteps).width)
        // One step less would not have fitted even at 50.
        let larger = ExportEncoding.shrunk(photo, steps: found.shrinkSteps - 1)
        XCTAssertGreaterThan(Self.size(larger, 50), limit)
        // After a shrink the quality search has what is left of the budget, so the quality is the best
        // found, not always the highest: it fits, and is no lower than 50.
        XCTAssertGreaterThanOrEqual(found.quality ?? 0, 50)
        print(
            "--max-bytes search, shrunk \(found.shrinkSteps) steps to \(found.width)×\(found.height): "
                + "\(found.encodes) encodes"
        )
        let again = try ExportEncoding.jpeg(photo, quality: 85, maxBytes: limit, metadata: .init(), encode: encode)
        XCTAssertEqual(again, found, "the same picture gives the same bytes")
    }

    func testAShrunkPictureTakesAtMostEightEncodes() throws {
        let photo = try picture(1200, 900)
        var counts: [Int: Int] = [:]
        // Limits from just under q50's size down to a fortieth of it: one shrink to several steps.
        for divisor in stride(from: 1.05, through: 40, by: 0.37) {
            let limit = Int(Double(Self.size(photo, 50)) / divisor)
            let found = try ExportEncoding.jpeg(photo, quality: 85, maxBytes: limit, metadata: .init(), encode: encode)
            XCTAssertLessThanOrEqual(found.bytes.count, limit)
            XCTAssertLessThanOrEqual(found.encodes, ExportEncoding.encodeBudget, "limit \(limit)")
            let larger = ExportEncoding.shrunk(photo, steps: found.shrinkSteps - 1)
            XCTAssertGreaterThan(Self.size(larger, 50), limit, "not shrunk past the first size that fits")
            counts[found.encodes, default: 0] += 1
        }
        let often = counts.sorted { $0.key < $1.key }
        print("--max-bytes search after a shrink, stand-in encoder: encodes → how often \(often)")
    }

    func testAPictureThatDoesNotFitAt64x64IsRefused() throws {
        let photo = try picture(300, 200)
        XCTAssertThrowsError(
            try ExportEncoding.jpeg(photo, quality: 85, maxBytes: 100, metadata: .init(), encode: encode)
        ) { error in
            guard let error = error as? ExportEncoding.DoesNotFit else { return XCTFail("\(error)") }
            XCTAssertLessThanOrEqual(max(error.width, error.height), 64)
            XCTAssertGreaterThan(max(error.width, error.height), 45, "the first size within 64×64, not smaller")
        }
        XCTAssertThrowsError(try ExportEncoding.png(photo, maxBytes: 10, metadata: .init()))
    }

    func testPNGShrinksUntilItFits() throws {
        var noisy = try picture(256, 256)
        var state: UInt32 = 1
        for i in 0..<noisy.pixels.count where i % 4 != 3 {
            state = state &* 1_664_525 &+ 1_013_904_223
            noisy.pixels[i] = UInt8(state >> 24)
        }
        let whole = try ExportEncoding.png(noisy, maxBytes: nil, metadata: .init())
        let found = try ExportEncoding.png(noisy, maxBytes: whole.bytes.count / 3, metadata: .init())
        XCTAssertLessThanOrEqual(found.bytes.count, whole.bytes.count / 3)
        XCTAssertLessThan(found.width, 256)
        XCTAssertNil(found.quality)
    }

    func testATransparentPictureBecomesAJPEGOverWhite() throws {
        var raster = try Raster(width: 1, height: 1, hasAlpha: true)
        raster.pixels = [0, 0, 0, 0]
        XCTAssertEqual(ExportPicture.flattened(raster).pixels, [255, 255, 255, 255])
        raster.pixels = [0, 0, 0, 255]
        XCTAssertEqual(ExportPicture.flattened(raster).pixels, [0, 0, 0, 255])
    }
}

/// The same search with imgsel's own JPEG encoder on a photo-like picture (a gradient with noise and
/// edges): the quality it finds is the highest that fits, and what it cost.
final class ExportEncodingRealEncoderTests: XCTestCase {
    private let encode: JPEGEncode = { raster, settings in
        JPEGEncoder.encode(raster, options: JPEGEncoder.Options(quality: settings.quality))
    }

    private func photo(_ width: Int, _ height: Int) throws -> Raster {
        var raster = try Raster(width: width, height: height, hasAlpha: false)
        var state: UInt32 = 7
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int(state >> 28) - 8
                let i = (y * width + x) * 4
                let edge = (x / 37 + y / 23) % 2 == 0 ? 40 : 0
                raster.pixels[i] = UInt8(clamping: x * 255 / width + noise + edge)
                raster.pixels[i + 1] = UInt8(clamping: y * 255 / height + noise)
                raster.pixels[i + 2] = UInt8(clamping: 128 + noise - edge)
            }
        }
        return raster
    }

    func testTheHighestFittingQualityAndItsCost() throws {
        let picture = try photo(192, 144)
        let at85 = encode(picture, JPEGSettings(quality: 85)).count
        let at50 = encode(picture, JPEGSettings(quality: 50)).count
        var counts: [Int] = []
        for step in 1...9 {
            let limit = at50 + (at85 - at50) * step / 10
            let found = try ExportEncoding.jpeg(
                picture, quality: 85, maxBytes: limit, metadata: .init(), encode: encode)
            let q = try XCTUnwrap(found.quality)
            XCTAssertLessThanOrEqual(found.bytes.count, limit)
            XCTAssertEqual(found.shrinkSteps, 0)
            if q < 85 {
                XCTAssertGreaterThan(encode(picture, JPEGSettings(quality: q + 1)).count, limit, "q\(q) is the highest")
            }
            XCTAssertLessThanOrEqual(found.encodes, ExportEncoding.encodeBudget)
            counts.append(found.encodes)
        }
        print("--max-bytes search, imgsel's JPEG encoder, 9 limits between q50 and q85: encodes \(counts)")
    }

    func testAShrinkWithTheRealEncoderKeepsWithinEightEncodes() throws {
        let picture = try photo(384, 288)
        let at50 = encode(picture, JPEGSettings(quality: 50)).count
        var counts: [Int] = []
        for divisor in [1.3, 1.9, 2.7, 4.0] {
            let limit = Int(Double(at50) / divisor)
            let found = try ExportEncoding.jpeg(
                picture, quality: 85, maxBytes: limit, metadata: .init(), encode: encode)
            XCTAssertLessThanOrEqual(found.bytes.count, limit)
            XCTAssertGreaterThan(found.shrinkSteps, 0)
            XCTAssertLessThanOrEqual(found.encodes, ExportEncoding.encodeBudget, "limit \(limit)")
            // The size before would not have fitted even at 50: no step skipped that could have.
            let larger = ExportEncoding.shrunk(picture, steps: found.shrinkSteps - 1)
            XCTAssertGreaterThan(encode(larger, JPEGSettings(quality: 50)).count, limit)
            counts.append(found.encodes)
        }
        print("--max-bytes search after a shrink, imgsel's JPEG encoder, 4 limits under q50: encodes \(counts)")
    }
}
