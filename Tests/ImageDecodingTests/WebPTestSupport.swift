import Foundation
import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// Helpers shared by the WebP and VP8 tests: fixtures, RIFF assembly, a VP8L
/// bit writer, and a digest of decoded pixels.
enum WebPTestSupport {
    static func fixture(_ name: String, file: String = #filePath) -> [UInt8] {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/webp").appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else {
            XCTFail("missing fixture \(name)")
            return []
        }
        return [UInt8](data)
    }

    /// FNV-1a (64 bits) of the pixels, to pin a decode to Pillow's bytes.
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// A fixture as Pillow decodes it: its name, size, whether it has alpha, and the digest of
    /// Pillow's RGBA bytes.
    struct PillowDecode {
        let name: String
        let width: Int
        let height: Int
        let alpha: Bool
        let digest: UInt64
    }

    /// Decodes each fixture and checks it against what Pillow made of it, byte for byte.
    static func assertDecodesLikePillow(
        _ cases: [PillowDecode], file: StaticString = #filePath, line: UInt = #line
    )
        throws
    {
        for expected in cases {
            let raster = try WebPDecoder.decode(fixture(expected.name))
            XCTAssertEqual(raster.width, expected.width, expected.name, file: file, line: line)
            XCTAssertEqual(raster.height, expected.height, expected.name, file: file, line: line)
            XCTAssertEqual(raster.hasAlpha, expected.alpha, expected.name, file: file, line: line)
            XCTAssertEqual(digest(raster.pixels), expected.digest, expected.name, file: file, line: line)
        }
    }

    static func le32(_ v: Int) -> [UInt8] {
        [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)]
    }
    static func le24(_ v: Int) -> [UInt8] { Array(le32(v).prefix(3)) }

    /// A chunk with its header and pad byte.
    static func chunk(_ tag: String, _ payload: [UInt8]) -> [UInt8] {
        Array(tag.utf8) + le32(payload.count) + payload + (payload.count & 1 == 1 ? [0] : [])
    }

    /// "RIFF", the size of what follows, "WEBP", the chunks.
    static func riff(_ chunks: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le32(chunks.count + 4) + Array("WEBP".utf8) + chunks
    }

    /// The payload of the first chunk with `tag` in a RIFF file (top level).
    static func payload(of tag: String, in file: [UInt8]) -> [UInt8]? {
        var at = 12
        while at + 8 <= file.count {
            let size = Int(file[at + 4]) | Int(file[at + 5]) << 8 | Int(file[at + 6]) << 16 | Int(file[at + 7]) << 24
            if String(decoding: file[at..<(at + 4)], as: UTF8.self) == tag {
                return Array(file[(at + 8)..<min(file.count, at + 8 + size)])
            }
            at += 8 + size + (size & 1)
        }
        return nil
    }

    static func vp8xHeader(flags: UInt8, width: Int, height: Int) -> [UInt8] {
        chunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    }
}

/// Writes a VP8L bit stream: fields least significant bit first, prefix
/// codes most significant bit first.
struct VP8LBitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func bits(_ value: Int, _ count: Int) {
        for i in 0..<count {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> i) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(1 << (bitCount % 8)) }
            bitCount += 1
        }
    }

    mutating func code(_ value: Int, length: Int) {
        for i in stride(from: length - 1, through: 0, by: -1) { bits((value >> i) & 1, 1) }
    }

    /// The 5-byte header: signature, size, alpha hint, version 0.
    mutating func header(width: Int, height: Int, alpha: Bool = true) {
        bits(0x2F, 8)
        bits(width - 1, 14)
        bits(height - 1, 14)
        bits(alpha ? 1 : 0, 1)
        bits(0, 3)
    }

    /// A simple prefix code of one 8-bit symbol (read with zero bits).
    mutating func singleSymbol(_ symbol: Int) {
        bits(1, 1)  // simple
        bits(0, 1)  // one symbol
        bits(1, 1)  // 8-bit symbol
        bits(symbol, 8)
    }

    /// A simple prefix code of two 8-bit symbols, each one bit (the smaller is 0).
    mutating func twoSymbols(_ a: Int, _ b: Int) {
        bits(1, 1)
        bits(1, 1)
        bits(1, 1)
        bits(a, 8)
        bits(b, 8)
    }

    /// A normal prefix code over `alphabetSize` symbols giving `a` and `b`
    /// (any symbols, such as length prefixes) one bit each, the smaller "0".
    mutating func normalTwoSymbols(_ a: Int, _ b: Int, alphabetSize: Int = 280) {
        bits(0, 1)  // normal
        bits(0, 4)  // four code-length code lengths, for 17, 18, 0, 1
        for length in [0, 0, 1, 1] { bits(length, 3) }  // code-length symbols 0: "0", 1: "1"
        bits(0, 1)  // a length for every symbol
        for symbol in 0..<alphabetSize { code(symbol == a || symbol == b ? 1 : 0, length: 1) }
    }

    /// A solid image stream: no transform, no cache, no entropy image, five one-symbol codes.
    mutating func solidImage(argb: (a: Int, r: Int, g: Int, b: Int), cacheBits: Int? = nil) {
        bits(0, 1)  // no transform
        if let cacheBits {
            bits(1, 1)
            bits(cacheBits, 4)
        } else {
            bits(0, 1)
        }
        bits(0, 1)  // no entropy image
        singleSymbol(argb.g)
        singleSymbol(argb.r)
        singleSymbol(argb.b)
        singleSymbol(argb.a)
        singleSymbol(0)
    }
}
