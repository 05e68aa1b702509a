import XCTest
@testable import SelectionStore

/// Builders for minimal image files, byte by byte, so every test states exactly what it feeds the probe.
enum ImageBytes {
    static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    static func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v) }
    static func le16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
    static func le24(_ v: Int) -> [UInt8] { le16(v) + [UInt8(truncatingIfNeeded: v >> 16)] }
    static func le32(_ v: Int) -> [UInt8] { le16(v) + le16(v >> 16) }
    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) }

    // MARK: TIFF / EXIF

    struct Entry {
        var tag: Int, type: Int, value: Int
        init(_ tag: Int, _ type: Int, _ value: Int) { self.tag = tag; self.type = type; self.value = value }
    }

    /// Offset at which `trailer` lands in `tiff(...)`.
    static func tiffTrailerOffset(_ ifds: [[Entry]]) -> Int {
        8 + ifds.reduce(0) { $0 + 2 + 12 * $1.count + 4 }
    }

    /// A classic TIFF structure: header, IFDs chained in order (count-1 values inline), then `trailer`.
    static func tiff(littleEndian le: Bool, ifds: [[Entry]], trailer: [UInt8] = []) -> [UInt8] {
        let u16 = le ? le16 : be16
        let u32 = le ? le32 : be32
        var out: [UInt8] = le ? [0x49, 0x49] : [0x4D, 0x4D]
        out += u16(42) + u32(ifds.isEmpty ? 0 : 8)
        var offset = 8
        for (i, ifd) in ifds.enumerated() {
            out += u16(ifd.count)
            for e in ifd {
                out += u16(e.tag) + u16(e.type) + u32(1)
                out += e.type == 3 ? u16(e.value) + [0, 0] : u32(e.value)
            }
            offset += 2 + 12 * ifd.count + 4
            out += u32(i == ifds.count - 1 ? 0 : offset)
        }
        return out + trailer
    }

    /// EXIF TIFF blob (no "Exif\0\0" prefix) with IFD0 orientation, optionally an IFD1 thumbnail.
    static func exif(orientation: Int?, littleEndian: Bool = true, thumbnail: [UInt8]? = nil) -> [UInt8] {
        var ifd0 = [Entry(0x011A, 4, 72), Entry(0x0128, 3, 2)]
        if let o = orientation { ifd0.insert(Entry(0x0112, 3, o), at: 1) }
        guard let thumb = thumbnail else { return tiff(littleEndian: littleEndian, ifds: [ifd0]) }
        let ifd1 = [Entry(0x0201, 4, 0), Entry(0x0202, 4, thumb.count)]
        let at = tiffTrailerOffset([ifd0, ifd1])
        return tiff(littleEndian: littleEndian, ifds: [ifd0, [Entry(0x0201, 4, at), Entry(0x0202, 4, thumb.count)]], trailer: thumb)
    }

    static let exifPrefix: [UInt8] = ascii("Exif") + [0, 0]

    // MARK: JPEG

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(payload.count + 2) + payload
    }

    static func app1Exif(_ blob: [UInt8]) -> [UInt8] { segment(0xE1, exifPrefix + blob) }

    /// An APP2 Multi-Picture index: one MP entry per attribute (type code in the low 24 bits),
    /// `count` in the NumberOfImages tag (default: one per entry).
    static func mpf(_ attributes: [Int], count: Int? = nil, littleEndian le: Bool = false) -> [UInt8] {
        let u16 = le ? le16 : be16
        let u32 = le ? le32 : be32
        let entriesAt = 8 + 2 + 12 * 3 + 4
        var tiff: [UInt8] = (le ? ascii("II") : ascii("MM")) + u16(42) + u32(8) + u16(3)
        tiff += u16(0xB000) + u16(7) + u32(4) + ascii("0100")
        tiff += u16(0xB001) + u16(4) + u32(1) + u32(count ?? attributes.count)
        tiff += u16(0xB002) + u16(7) + u32(16 * attributes.count) + u32(entriesAt)
        tiff += u32(0)
        for (i, a) in attributes.enumerated() { tiff += u32(a) + u32(5000) + u32(i == 0 ? 0 : 9000 * i) + u16(0) + u16(0) }
        return segment(0xE2, ascii("MPF") + [0] + tiff)
    }

    static func xmp(_ packet: String) -> [UInt8] { segment(0xE1, ascii("http://ns.adobe.com/xap/1.0/") + [0] + ascii(packet)) }

    static func sof(_ marker: UInt8, width: Int, height: Int) -> [UInt8] {
        segment(marker, [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
    }

    /// SOI, optional APP1 EXIF, `before` segments, DQT, SOF, DHT, SOS, a little entropy data, EOI.
    static func jpeg(width: Int, height: Int, sofMarker: UInt8 = 0xC0, exif: [UInt8]? = nil,
                     before: [[UInt8]] = [], afterSOF: [[UInt8]] = []) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        if let exif { out += app1Exif(exif) }
        out += segment(0xE0, ascii("JFIF") + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        for s in before { out += s }
        out += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        out += sof(sofMarker, width: width, height: height)
        for s in afterSOF { out += s }
        out += segment(0xC4, [0] + [UInt8](repeating: 0, count: 16))
        out += segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
        out += [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD0, 0x78]
        out += [0xFF, 0xD9]
        return out
    }

    // MARK: PNG

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = ascii(type) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func acTL(frames: Int) -> [UInt8] { pngChunk("acTL", be32(frames) + be32(0)) }

    static func png(width: Int, height: Int, beforeIDAT: [[UInt8]] = [], afterIDAT: [[UInt8]] = [], idatCount: Int = 1) -> [UInt8] {
        var out = pngSignature + pngChunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        for c in beforeIDAT { out += c }
        for _ in 0..<idatCount { out += pngChunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]) }
        for c in afterIDAT { out += c }
        return out + pngChunk("IEND", [])
    }

    // MARK: GIF

    /// A GIF with `frames` image descriptors, each with a graphic control extension and a
    /// 255-byte data sub-block full of bytes that look like block introducers.
    static func gif(width: Int, height: Int, frames: Int, globalTable: Bool = true, localTables: Bool = false,
                    frameSize: (Int, Int)? = nil, trailer: Bool = true) -> [UInt8] {
        var out = ascii("GIF89a") + le16(width) + le16(height) + [globalTable ? 0xF1 : 0x00, 0, 0]
        if globalTable { out += [UInt8](repeating: 0x2C, count: 12) }
        out += [0x21, 0xFF, 11] + ascii("NETSCAPE2.0") + [3, 1, 0, 0, 0]
        out += [0x21, 0xFE, 5] + ascii("hello") + [0]
        let (fw, fh) = frameSize ?? (width, height)
        for _ in 0..<frames {
            out += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            out += [0x2C] + le16(0) + le16(0) + le16(fw) + le16(fh) + [localTables ? 0x82 : 0x00]
            if localTables { out += [UInt8](repeating: 0x21, count: 24) }
            out += [2]
            out += [255] + [UInt8](repeating: 0x2C, count: 255)
            out += [3, 0x21, 0x3B, 0x2C, 0]
        }
        if trailer { out += [0x3B] }
        return out
    }

    // MARK: WebP

    static func webpChunk(_ fourcc: String, _ data: [UInt8]) -> [UInt8] {
        ascii(fourcc) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : [])
    }

    static func riff(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = chunks.reduce([], +)
        return ascii("RIFF") + le32(4 + body.count) + ascii("WEBP") + body
    }

    static func vp8(width: Int, height: Int) -> [UInt8] {
        webpChunk("VP8 ", [0x50, 0x05, 0x00, 0x9D, 0x01, 0x2A] + le16(width) + le16(height) + [0x01, 0x02, 0x03])
    }

    static func vp8l(width: Int, height: Int) -> [UInt8] {
        webpChunk("VP8L", [0x2F] + le32((width - 1) | (height - 1) << 14 | 1 << 28) + [0x00, 0x01, 0x02])
    }

    static func webpLossy(width: Int, height: Int) -> [UInt8] { riff([vp8(width: width, height: height)]) }
    static func webpLossless(width: Int, height: Int) -> [UInt8] { riff([vp8l(width: width, height: height)]) }

    /// VP8X with canvas size; `frames` ANMF chunks (animated) or one VP8L image; optional EXIF chunk;
    /// `padding` adds a large ICCP chunk before the image data.
    static func webpExtended(width: Int, height: Int, frames: Int? = nil, exif: [UInt8]? = nil, padding: Int = 0) -> [UInt8] {
        var flags: UInt8 = 0
        if frames != nil { flags |= 0x02 }
        if exif != nil { flags |= 0x08 }
        if padding > 0 { flags |= 0x20 }
        var chunks = [webpChunk("VP8X", [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1))]
        if padding > 0 { chunks.append(webpChunk("ICCP", [UInt8](repeating: 0x41, count: padding))) }
        if let frames {
            chunks.append(webpChunk("ANIM", [0, 0, 0, 0, 0, 0]))
            for _ in 0..<frames {
                chunks.append(webpChunk("ANMF", le24(0) + le24(0) + le24(width - 1) + le24(height - 1) + le24(100) + [0]
                                         + vp8l(width: width, height: height)))
            }
        } else {
            chunks.append(vp8l(width: width, height: height))
        }
        if let exif { chunks.append(webpChunk("EXIF", exif)) }
        return riff(chunks)
    }

    // MARK: BMP

    static func bmp(width: Int, height: Int, headerSize: Int = 40) -> [UInt8] {
        var dib = le32(headerSize)
        if headerSize == 12 {
            dib += le16(width) + le16(height) + le16(1) + le16(24)
        } else {
            dib += le32(width) + le32(height) + le16(1) + le16(24)
            dib += [UInt8](repeating: 0, count: headerSize - dib.count)
        }
        let pixels = [UInt8](repeating: 0x7F, count: 16)
        let offset = 14 + dib.count
        return ascii("BM") + le32(offset + pixels.count) + [0, 0, 0, 0] + le32(offset) + dib + pixels
    }

    // MARK: ISOBMFF (HEIF / AVIF)

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + ascii(type) + payload }
    static func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }

    /// A HEIF file: item 1 is primary with properties `primary` (listed in association order),
    /// item 2 is a thumbnail with its own ispe. `wide` uses ipma version 1 with 16-bit indices.
    static func heif(major: String = "heic", compatible: [String] = ["mif1", "heic"], primary: [[UInt8]],
                     thumbnailSize: (Int, Int) = (320, 240), wide: Bool = false, mdatFirst: Bool = true,
                     moov: [UInt8] = []) -> [UInt8] {
        let ftyp = box("ftyp", ascii(major) + be32(0) + compatible.flatMap(ascii))
        let hdlr = fullBox("hdlr", be32(0) + ascii("pict") + [UInt8](repeating: 0, count: 13))
        let pitm = wide ? fullBox("pitm", version: 1, be32(1)) : fullBox("pitm", be16(1))
        let thumbIspe = ispe(thumbnailSize.0, thumbnailSize.1)
        let props = [thumbIspe] + primary
        let ipco = box("ipco", props.reduce([], +))
        func index(_ i: Int, essential: Bool) -> [UInt8] {
            wide ? be16(i | (essential ? 0x8000 : 0)) : [UInt8(i | (essential ? 0x80 : 0))]
        }
        func item(_ id: Int) -> [UInt8] { wide ? be32(id) : be16(id) }
        var entries = be32(2)
        entries += item(2) + [1] + index(1, essential: false)
        entries += item(1) + [UInt8(primary.count)]
        for i in primary.indices { entries += index(i + 2, essential: true) }
        let ipma = fullBox("ipma", version: wide ? 1 : 0, flags: wide ? 1 : 0, entries)
        let iprp = box("iprp", ipco + ipma)
        let meta = fullBox("meta", hdlr + pitm + iprp)
        let mdat = box("mdat", [UInt8](repeating: 0xAB, count: 100))
        return ftyp + (mdatFirst ? mdat + meta : meta + mdat) + moov
    }

    static func zeros(_ n: Int) -> [UInt8] { [UInt8](repeating: 0, count: n) }

    /// A movie box holding `tracks` (see `track`).
    static func moov(_ tracks: [[UInt8]]) -> [UInt8] { box("moov", fullBox("mvhd", zeros(96)) + tracks.reduce([], +)) }

    /// An image-sequence track: tkhd with the size, hdlr `handler`, stsz with `samples`;
    /// `auxiliary` adds a tref/auxl (an alpha or depth track).
    static func track(samples: Int, width: Int = 40, height: Int = 30, handler: String = "pict",
                      auxiliary: Bool = false, tkhdVersion: UInt8 = 0, stz2: Bool = false) -> [UInt8] {
        let times = zeros(tkhdVersion == 1 ? 32 : 20)
        let tkhd = fullBox("tkhd", version: tkhdVersion, flags: 3, times + zeros(16 + 36) + be32(width << 16) + be32(height << 16))
        let hdlr = fullBox("hdlr", be32(0) + ascii(handler) + zeros(13))
        let sizes = stz2 ? fullBox("stz2", [0, 0, 0, 16] + be32(samples) + zeros(2 * samples))
                         : fullBox("stsz", be32(1000) + be32(samples))
        let stbl = box("stbl", fullBox("stsd", be32(0)) + box("stts", zeros(8)) + sizes)
        let mdia = box("mdia", fullBox("mdhd", zeros(20)) + hdlr + box("minf", box("dinf", []) + stbl))
        return box("trak", tkhd + (auxiliary ? box("tref", box("auxl", be32(1))) : []) + mdia)
    }

    static func ispe(_ w: Int, _ h: Int) -> [UInt8] { fullBox("ispe", be32(w) + be32(h)) }
    static func irot(_ quarterTurns: UInt8) -> [UInt8] { box("irot", [quarterTurns]) }
    static func imir(_ axis: UInt8) -> [UInt8] { box("imir", [axis]) }
    static func clap(width: Int, height: Int) -> [UInt8] {
        box("clap", be32(width) + be32(1) + be32(height) + be32(1) + be32(0) + be32(1) + be32(0) + be32(1))
    }
}

/// Counts what the probe reads, to prove it stays within its byte budget.
final class CountingSource: ByteSource, @unchecked Sendable {
    let base: any ByteSource
    private(set) var bytesRead = 0
    private(set) var reads = 0
    init(_ base: any ByteSource) { self.base = base }
    var size: Int { base.size }
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        let data = try base.read(at: offset, count: count)
        bytesRead += data.count
        reads += 1
        return data
    }
}

/// A huge file without the memory: `head`, then `unit` repeated `count` times.
struct RepeatingSource: ByteSource {
    let head: [UInt8], unit: [UInt8], count: Int
    var size: Int { head.count + unit.count * count }
    func read(at offset: Int, count want: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, want > 0 else { return [] }
        precondition(want <= 16 << 20, "probe asked for \(want) bytes at once")
        return (offset..<min(size, offset + want)).map { $0 < head.count ? head[$0] : unit[($0 - head.count) % unit.count] }
    }
}

/// A huge file without the memory: given pieces at given offsets, zeros elsewhere.
struct SparseSource: ByteSource {
    let size: Int
    let pieces: [(offset: Int, bytes: [UInt8])]
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        precondition(count <= 16 << 20, "probe asked for \(count) bytes at once")
        let n = min(count, size - offset)
        var out = [UInt8](repeating: 0, count: n)
        for p in pieces {
            let lo = max(offset, p.offset), hi = min(offset + n, p.offset + p.bytes.count)
            if lo < hi { for i in lo..<hi { out[i - offset] = p.bytes[i - p.offset] } }
        }
        return out
    }
}

/// Deterministic PRNG (SplitMix64) for reproducible fuzzing.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    mutating func bytes(_ n: Int) -> [UInt8] { (0..<n).map { _ in UInt8(truncatingIfNeeded: next()) } }
}

func probe(_ bytes: [UInt8]) throws -> ImageFacts { try ImageProbe.probe(MemoryByteSource(bytes)) }

/// The probe's error description for `bytes`, or nil if it succeeded.
func probeError(_ bytes: [UInt8]) -> String? {
    do {
        _ = try probe(bytes)
        return nil
    } catch let error as ProbeError {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}

/// Probes and checks the invariants every successful result must satisfy; errors must be ProbeError.
func probeSafely(_ source: any ByteSource, file: StaticString = #filePath, line: UInt = #line) {
    do {
        let f = try ImageProbe.probe(source)
        XCTAssertGreaterThan(f.width, 0, file: file, line: line)
        XCTAssertGreaterThan(f.height, 0, file: file, line: line)
        XCTAssertTrue((1...8).contains(f.orientation), file: file, line: line)
        XCTAssertGreaterThanOrEqual(f.frames, 1, file: file, line: line)
    } catch is ProbeError {
    } catch {
        XCTFail("non-ProbeError thrown: \(error)", file: file, line: line)
    }
}
