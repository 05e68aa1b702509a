import Foundation
import TestImages
import XCTest

@testable import ImageDecoding

/// Shared by the GIF, BMP, TIFF, orientation and shrink tests: fixtures beside this file, a whole-raster hash
/// to compare with a hash Pillow gave, and the truncated-at-every-byte loop.
enum LegacyFormatFixtures {
    static func bytes(_ name: String, file: StaticString = #filePath) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent("Fixtures/\(name)")))
    }

    /// FNV-1a 64 over the RGBA bytes; the expected values come from Pillow:
    /// `fnv1a64(Image.open(f).convert("RGBA").tobytes())`.
    static func fnv(_ bytes: [UInt8]) -> UInt64 { TestBytes.fnv(bytes) }

    static func error(_ body: () throws -> Raster) -> DecodeError? {
        do { _ = try body(); return nil } catch { return error as? DecodeError }
    }

    /// Every prefix of `bytes` decodes or throws a DecodeError; a decoded raster keeps its invariants.
    static func assertEveryPrefixSafe(
        _ bytes: [UInt8], _ decode: ([UInt8]) throws(DecodeError) -> Raster,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for length in 0..<bytes.count {
            do {
                let raster = try decode(Array(bytes[0..<length]))
                XCTAssertEqual(raster.pixels.count, raster.width * raster.height * 4, file: file, line: line)
            } catch {
                _ = error.message
            }
        }
    }

    /// The first channel of every pixel.
    static func reds(_ raster: Raster) -> [UInt8] {
        stride(from: 0, to: raster.pixels.count, by: 4).map { raster.pixels[$0] }
    }

    static func u16le(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
    static func u32le(_ v: Int) -> [UInt8] { u16le(v & 0xFFFF) + u16le(v >> 16 & 0xFFFF) }
}
