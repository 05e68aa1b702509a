import Foundation
import XCTest

@testable import BMPCodec
@testable import GIFCodec
@testable import ImageDecoding
@testable import JPEGCodec
@testable import PNGCodec
@testable import TIFFCodec
@testable import WebPCodec

/// The budget (8 bytes a pixel plus 32 MiB) counts what a decode holds: the file, read whole, as
/// well as the raster and the decoder's tables (issue 20, item 1c). Before, only the decode was
/// counted, so a 4096² uncompressed 16-bit TIFF peaked at 207 MB against 168 MB allowed.
final class DecodeBudgetTests: XCTestCase {
    typealias Decode = ([UInt8]) throws -> Raster

    static func fixture(_ folder: String, _ name: String, file: String = #filePath) throws -> [UInt8] {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(folder)/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    static func decoders() throws -> [(String, [UInt8], Decode)] {
        [
            ("jpeg", try fixture("jpeg", "pil-61x43-420.jpg"), { try JPEGDecoder.decode($0) }),
            ("progressive jpeg", try fixture("jpeg", "pil-61x43-444-prog.jpg"), { try JPEGDecoder.decode($0) }),
            ("png", try fixture("png", "pillow-rgba-37x23.png"), { try PNGDecoder.decode($0) }),
            ("gif", try fixture("gif", "pil-40x24-c16-trans.gif"), { try GIFDecoder.decode($0) }),
            ("bmp", try fixture("bmp", "im-33x17-rle8.bmp"), { try BMPDecoder.decode($0) }),
            ("tiff", try fixture("tiff", "im-45x29-LZW-pred2-tiles.tif"), { try TIFFDecoder.decode($0) }),
            ("lossless webp", try fixture("webp", "lossless-37x23.webp"), { try WebPDecoder.decode($0) }),
            ("lossy webp", try fixture("webp", "lossy-alpha-29x17.webp"), { try WebPDecoder.decode($0) }),
        ]
    }

    /// A file padded (after its end, where every decoder ignores bytes) to just past what the budget
    /// leaves beside its raster is refused; one padded well within it decodes as before.
    func testTheFileReadWholeCountsAgainstTheBudget() throws {
        for (name, bytes, decode) in try Self.decoders() {
            let picture = try decode(bytes)
            let (width, height) = (picture.width, picture.height)
            let left = DecodeLimits.budget(width: width, height: height) - width * height * 4
            let within = bytes + [UInt8](repeating: 0, count: 16 << 20)
            XCTAssertEqual(try decode(within).pixels, picture.pixels, name)
            let past = bytes + [UInt8](repeating: 0, count: left - bytes.count + 1)
            XCTAssertLessThanOrEqual(
                past.count, DecodeLimits.budget(width: width, height: height), "the read is allowed")
            XCTAssertThrowsError(try decode(past), name) { error in
                XCTAssertEqual(error as? DecodeError, .tooLarge(width: width, height: height), name)
            }
        }
    }

    func testTheInputIsCountedWithTheRasterAndWorkingBytes() {
        let budget = DecodeLimits.budget(width: 100, height: 100)
        let raster = 100 * 100 * 4
        XCTAssertNoThrow(
            try DecodeLimits.check(width: 100, height: 100, workingBytes: 10, inputBytes: budget - raster - 10))
        XCTAssertThrowsError(
            try DecodeLimits.check(width: 100, height: 100, workingBytes: 10, inputBytes: budget - raster - 9))
        XCTAssertThrowsError(try DecodeLimits.check(width: 100, height: 100, workingBytes: Int.max, inputBytes: 1))
    }

    /// The TIFF of millions of 1×1 tiles: its offset and byte count tables are held as Ints
    /// (16 bytes a tile) with the file and the raster, and are counted before they are read.
    func testTileTablesCountAgainstTheBudget() throws {
        let side = 2048
        let tiles = side * side
        // Header, an IFD of 9 entries, then the offsets (all to one byte), the counts (all 1), the byte.
        let entries = 9
        let tablesAt = 8 + 2 + entries * 12 + 4
        let countsAt = tablesAt + 4 * tiles
        let dataAt = countsAt + 4 * tiles
        var file = [UInt8](repeating: 0, count: dataAt + 1)
        func put16(_ at: Int, _ v: Int) { file[at] = UInt8(v & 255); file[at + 1] = UInt8(v >> 8 & 255) }
        func put32(_ at: Int, _ v: Int) { put16(at, v & 0xFFFF); put16(at + 2, v >> 16) }
        file[0] = 0x49
        file[1] = 0x49
        put16(2, 42)
        put32(4, 8)
        put16(8, entries)
        let fields: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (256, 4, 1, side), (257, 4, 1, side), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
            (322, 4, 1, 1), (323, 4, 1, 1), (324, 4, tiles, tablesAt), (325, 4, tiles, countsAt),
        ]
        for (i, f) in fields.enumerated() {
            let at = 10 + 12 * i
            put16(at, f.tag)
            put16(at + 2, f.type)
            put32(at + 4, f.count)
            put32(at + 8, f.value)
        }
        file.withUnsafeMutableBytes { raw in
            for i in 0..<tiles {
                raw.storeBytes(of: UInt32(dataAt).littleEndian, toByteOffset: tablesAt + 4 * i, as: UInt32.self)
                raw.storeBytes(of: UInt32(1).littleEndian, toByteOffset: countsAt + 4 * i, as: UInt32.self)
            }
        }
        // The file and the raster alone are within the budget: the tables (64 MiB) are what passes it.
        let budget = DecodeLimits.budget(width: side, height: side)
        XCTAssertLessThan(file.count + tiles * 4, budget)
        XCTAssertGreaterThan(file.count + tiles * 4 + 16 * tiles, budget)
        XCTAssertThrowsError(try TIFFDecoder.decode(file)) { error in
            XCTAssertEqual(error as? DecodeError, .tooLarge(width: side, height: side))
        }
    }
}
