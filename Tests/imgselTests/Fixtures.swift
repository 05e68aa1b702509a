import Foundation

/// Tiny, valid image files built byte by byte, so the tests need no binary fixtures.
enum Fixtures {
    // MARK: - PNG

    /// A valid PNG of `width`×`height` truecolour pixels; `seed` goes into a tEXt
    /// chunk so that two images of one size still differ in content; `orientation`
    /// adds an eXIf chunk with that EXIF orientation (1–8).
    static func png(width: Int, height: Int, seed: Int = 0, orientation: Int? = nil) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Data()
        ihdr.append(be32(width))
        ihdr.append(be32(height))
        ihdr.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit, truecolour, deflate, no filter, no interlace
        data.append(chunk("IHDR", ihdr))
        data.append(chunk("tEXt", Data("Comment".utf8) + Data([0]) + Data("imgsel test seed \(seed)".utf8)))
        if let orientation { data.append(chunk("eXIf", exifOrientation(orientation))) }
        // Raw scanlines: a filter byte (0) and RGB pixels, a colour derived from the seed.
        var raw = Data()
        raw.reserveCapacity(height * (1 + width * 3))
        for _ in 0..<height {
            raw.append(0)
            for x in 0..<width {
                raw.append(contentsOf: [UInt8(truncatingIfNeeded: seed &* 37 &+ x), UInt8(truncatingIfNeeded: seed), 0x80])
            }
        }
        data.append(chunk("IDAT", zlibStored(raw)))
        data.append(chunk("IEND", Data()))
        return data
    }

    /// A big-endian TIFF header and one IFD holding only Orientation (0x0112, SHORT).
    static func exifOrientation(_ value: Int) -> Data {
        var tiff = Data([0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08])
        tiff.append(contentsOf: [0x00, 0x01])  // one entry
        tiff.append(contentsOf: [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01])
        tiff.append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF), 0x00, 0x00])
        tiff.append(contentsOf: [0x00, 0x00, 0x00, 0x00])  // no next IFD
        return tiff
    }

    static func chunk(_ type: String, _ body: Data) -> Data {
        var out = be32(body.count)
        let typeAndBody = Data(type.utf8) + body
        out.append(typeAndBody)
        out.append(be32(Int(crc32(typeAndBody))))
        return out
    }

    /// zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ raw: Data) -> Data {
        var out = Data([0x78, 0x01])
        let bytes = [UInt8](raw)
        var offset = 0
        repeat {
            let n = min(65535, bytes.count - offset)
            let final: UInt8 = offset + n >= bytes.count ? 1 : 0
            out.append(final)
            out.append(contentsOf: [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)])
            out.append(contentsOf: bytes[offset..<(offset + n)])
            offset += n
        } while offset < bytes.count
        out.append(be32(Int(adler32(bytes))))
        return out
    }

    static func be32(_ v: Int) -> Data {
        Data([UInt8((v >> 24) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)])
    }

    static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ data: Data) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in data { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    // MARK: - GIF

    /// A GIF89a with a `width`×`height` logical screen and `frames` 1×1 frames,
    /// `seed` in a comment extension.
    static func gif(width: Int, height: Int, frames: Int = 1, seed: Int = 0) -> Data {
        var data = Data("GIF89a".utf8)
        data.append(contentsOf: [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)])
        data.append(contentsOf: [0x80, 0x00, 0x00])  // global colour table of 2 entries
        data.append(contentsOf: [0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00])
        if frames > 1 {
            // NETSCAPE2.0 loop forever.
            data.append(contentsOf: [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00])
        }
        let comment = Array("imgsel test seed \(seed)".utf8)
        data.append(contentsOf: [0x21, 0xFE, UInt8(comment.count)] + comment + [0x00])
        for _ in 0..<max(frames, 1) {
            data.append(contentsOf: [0x21, 0xF9, 0x04, 0x04, 0x0A, 0x00, 0x00, 0x00])  // graphic control: 0.1 s
            data.append(contentsOf: [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00])  // image descriptor 1×1 at 0,0
            data.append(contentsOf: [0x02, 0x02, 0x44, 0x01, 0x00])  // LZW: clear, pixel 0, end
        }
        data.append(0x3B)
        return data
    }

    // MARK: - Not images

    static let pdf = Data("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".utf8)
    static let text = Data("just some words, not an image\n".utf8)
}

extension ImgselTestCase {
    /// Writes a PNG (distinct bytes unless `seed` is given) and returns its path relative to `dir`.
    @discardableResult
    func png(_ name: String, width: Int = 4, height: Int = 3, seed: Int? = nil, orientation: Int? = nil) -> String {
        seedCounter += 1
        _ = write(Fixtures.png(width: width, height: height, seed: seed ?? seedCounter, orientation: orientation), to: name)
        return name
    }

    @discardableResult
    func gif(_ name: String, width: Int = 5, height: Int = 7, frames: Int = 1, seed: Int? = nil) -> String {
        seedCounter += 1
        _ = write(Fixtures.gif(width: width, height: height, frames: frames, seed: seed ?? seedCounter), to: name)
        return name
    }

    /// `count` distinct PNGs named img1.png, img2.png…
    func pngs(_ count: Int, prefix: String = "img") -> [String] {
        (1...max(count, 1)).prefix(count).map { png("\(prefix)\($0).png") }
    }

    /// Adds `count` fresh PNGs to the default selection and checks it worked.
    @discardableResult
    func seed(_ count: Int, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let names = pngs(count)
        let result = run(["add"] + names)
        assertSuccess(result, file: file, line: line)
        return names
    }

    func copy(_ from: String, to: String) {
        _ = write((try? Data(contentsOf: url(from))) ?? Data(), to: to)
    }

    func bytes(_ relative: String) -> Data? { try? Data(contentsOf: url(relative)) }
}
