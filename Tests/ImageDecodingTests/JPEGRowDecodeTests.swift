import Foundation
import ImageDecoding
import JPEGCodec
import XCTest

/// `JPEGDecoder.decodeRows` hands a sink the rows of `decodeReportingDamage`'s picture, pixel for pixel,
/// with the same damage, or throws what it throws: export shrinks a JPEG as its rows come (issue 44) and
/// must write the bytes it wrote from the whole picture.
final class JPEGRowDecodeTests: XCTestCase {
    /// The whole decode and the row decode into a sink that keeps every row, side by side.
    private func assertRowsMatchWhole(
        _ bytes: [UInt8], scale: Int, cmyk: CMYKToRGB? = nil, _ what: String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let whole = Result { () throws(DecodeError) in
            try JPEGDecoder.decodeReportingDamage(bytes, scale: scale, cmyk: cmyk)
        }
        let sink = RasterRows()
        let rows = Result { () throws(DecodeError) in
            try JPEGDecoder.decodeRows(bytes, scale: scale, cmyk: cmyk, into: sink)
        }
        switch (whole, rows) {
        case let (.success(whole), .success(damage)):
            XCTAssertEqual(damage, whole.damage, "\(what): damage", file: file, line: line)
            guard let raster = sink.raster() else { return XCTFail("\(what): rows missing", file: file, line: line) }
            XCTAssertEqual(raster, whole.raster, "\(what): pixels", file: file, line: line)
        case let (.failure(whole), .failure(rows)):
            XCTAssertEqual(rows, whole, "\(what): error", file: file, line: line)
        default:
            XCTFail("\(what): whole \(whole), rows \(rows)", file: file, line: line)
        }
    }

    /// Every fixture (baseline, progressive, restart intervals, every sampling, grey, RGB, CMYK, YCCK, the
    /// fuzzers' damaged files) at every scale, whole and cut at a dozen points (damage, early ends).
    func testEveryFixtureWholeAndCutDecodesTheSameRowsAtEveryScale() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: JPEGTestFixtures.directory.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        let fuzz = try FileManager.default.contentsOfDirectory(
            atPath: JPEGTestFixtures.directory.appendingPathComponent("fuzz").path
        ).filter { $0.hasSuffix(".jpg") }.map { "fuzz/" + $0 }
        XCTAssertGreaterThan(names.count, 20)
        for name in names + fuzz.sorted() {
            let bytes = try JPEGTestFixtures.bytes(name)
            for scale in [1, 2, 4, 8] {
                assertRowsMatchWhole(bytes, scale: scale, "\(name) 1/\(scale)")
                for cut in stride(from: bytes.count / 13, to: bytes.count, by: max(1, bytes.count / 13)) {
                    assertRowsMatchWhole(Array(bytes[0..<cut]), scale: scale, "\(name) cut at \(cut), 1/\(scale)")
                }
            }
        }
    }

    /// CMYK and YCCK through a profile's conversion (here a made-up one) come out the same both ways.
    func testCMYKThroughAConversionDecodesTheSameRows() throws {
        let invert = CMYKToRGB { cmyk, rgba, count in
            for i in 0..<count {
                for c in 0..<3 { rgba[i * 4 + c] = UInt8(255 - (Int(cmyk[i * 4 + c]) + Int(cmyk[i * 4 + 3])) / 2) }
                rgba[i * 4 + 3] = 255
            }
        }
        for name in ["cmyk-61x43.jpg", "ycck-61x43-420.jpg"] {
            let bytes = try JPEGTestFixtures.bytes(name)
            for scale in [1, 2, 4, 8] { assertRowsMatchWhole(bytes, scale: scale, cmyk: invert, "\(name) 1/\(scale)") }
        }
    }

    /// A picture of many MCU rows (the row assembler's ring wraps many times), baseline and progressive,
    /// as imgsel's own encoder writes them (4:2:0 below quality 90, 4:4:4 from it).
    func testManyMCURowsDecodeTheSameRows() throws {
        let (width, height) = (203, 317)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let i = (y * width + x) * 4
                pixels[i] = UInt8((x * 5 + y) & 255)
                pixels[i + 1] = UInt8((y * 3) & 255) ^ UInt8(truncatingIfNeeded: seed >> 27)
                pixels[i + 2] = UInt8(((x ^ y) * 2) & 255)
            }
        }
        let raster = Raster(width: width, height: height, pixels: pixels, hasAlpha: false)
        for progressive in [false, true] {
            for quality in [75, 95] {
                let bytes = JPEGEncoder.encode(raster, options: .init(quality: quality, progressive: progressive))
                for scale in [1, 2, 4, 8] {
                    assertRowsMatchWhole(bytes, scale: scale, "q\(quality) progressive \(progressive) 1/\(scale)")
                }
                let cut = Array(bytes[0..<(bytes.count * 2 / 3)])
                assertRowsMatchWhole(cut, scale: 1, "q\(quality) progressive \(progressive) cut")
            }
        }
    }

    /// What a row decode holds, as export counts it: a baseline file its few rows of rings, a progressive
    /// one (or one scan a component) its coefficients too, 131 bytes a block; nil for a file cut before
    /// its first scan.
    func testRowWorkingBytesCountTheCoefficientsOnlyWhereTheScansAreBuffered() throws {
        // 61×43 in 4:2:0 is 8×6 luma blocks and 4×3 of each chroma, stored: 72; in 4:4:4, 144.
        let baseline = JPEGDecoder.rowWorkingBytes(try JPEGTestFixtures.bytes("pil-61x43-420.jpg"), scale: 1)
        XCTAssertLessThan(try XCTUnwrap(baseline), 72 * 131, "the rings alone")
        for (name, blocks) in [("pil-61x43-444-prog.jpg", 144), ("multiscan-seq-61x43.jpg", 72)] {
            let buffered = try XCTUnwrap(JPEGDecoder.rowWorkingBytes(try JPEGTestFixtures.bytes(name), scale: 1))
            XCTAssertGreaterThan(buffered, blocks * 131, name)
            XCTAssertLessThan(buffered, blocks * 131 + 8000, name)
        }
        let cut = Array(try JPEGTestFixtures.bytes("pil-61x43-420.jpg").prefix(100))
        XCTAssertNil(JPEGDecoder.rowWorkingBytes(cut, scale: 1))
    }
}
