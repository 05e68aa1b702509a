/// Identifies images by content and reads their header facts.
public enum ImageProbe {
    /// Decides the type by content (magic bytes), never by name, so a misnamed file is still
    /// recognized and a non-image gets a useful description. Reads only headers, at most about
    /// 1 MiB whatever the file's size (except GIF, whose frame count needs a walk over its blocks).
    /// Throws ProbeError only.
    public static func probe(_ source: any ByteSource) throws -> ImageFacts {
        do {
            return try dispatch(source)
        } catch let error as ProbeError {
            throw error
        } catch {
            throw ProbeError("read error: \(error)")
        }
    }

    /// How many leading bytes are inspected to decide the type and to judge text.
    static let sniffLength = 1024

    private static func dispatch(_ source: any ByteSource) throws -> ImageFacts {
        let size = max(0, source.size)
        guard size > 0 else { throw ProbeError("empty file") }
        let head = try source.read(at: 0, count: min(size, sniffLength))
        guard !head.isEmpty else { throw ProbeError("empty file") }
        let sniff = Sniff(head)

        if sniff.has([0xFF, 0xD8, 0xFF]) { return try JPEGProbe.probe(source) }
        if sniff.cutShort([0xFF, 0xD8, 0xFF], atLeast: 2) { throw ProbeError("truncated JPEG header") }

        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if sniff.has(png) { return try PNGProbe.probe(source) }
        if sniff.cutShort(png, atLeast: 4) { throw ProbeError("truncated PNG header") }

        if sniff.has(Array("GIF87a".utf8)) || sniff.has(Array("GIF89a".utf8)) { return try GIFProbe.probe(source) }
        if sniff.cutShort(Array("GIF87a".utf8), atLeast: 4) || sniff.cutShort(Array("GIF89a".utf8), atLeast: 4) {
            throw ProbeError("truncated GIF header")
        }

        if sniff.has(Array("RIFF".utf8)) {
            guard head.count >= 12 else { throw ProbeError("truncated RIFF header") }
            switch sniff.fourCC(at: 8) {
            case fourCC("WEBP"): return try WebPProbe.probe(source)
            case fourCC("WAVE"): throw ProbeError("WAV audio")
            case fourCC("AVI "): throw ProbeError("AVI video")
            default: throw ProbeError("RIFF data")
            }
        }

        if sniff.has(Array("BM".utf8)) {
            if head.count >= 18 && BMPProbe.infoHeaderSizes.contains(sniff.u32le(at: 14)) {
                return try BMPProbe.probe(source)
            }
            if head.count < 18 && !looksLikeText(head, wholeFile: head.count == size) { throw ProbeError("truncated BMP header") }
        }

        for magic: [UInt8] in [[0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]] {
            if sniff.has(magic) { return try TIFFProbe.probe(source) }
            if sniff.cutShort(magic, atLeast: 3) { throw ProbeError("truncated TIFF header") }
        }

        if head.count >= 12 && sniff.fourCC(at: 4) == fourCC("ftyp") {
            // A size of 1 puts a 64-bit size after the type (so the brands start 8 bytes later);
            // 0 means "to the end of the file".
            let size32 = Int(sniff.u32be(at: 0))
            let header = size32 == 1 ? 16 : 8
            let boxEnd: Int
            switch size32 {
            case 0: boxEnd = head.count
            case 1: boxEnd = head.count >= 16 ? Int(clamping: UInt64(sniff.u32be(at: 8)) << 32 | UInt64(sniff.u32be(at: 12))) : 0
            default: boxEnd = size32
            }
            guard head.count >= header + 4 else { throw ProbeError("truncated ISO media header") }
            var compatible: [UInt32] = []
            var o = header + 8
            while o + 4 <= min(boxEnd, head.count) {
                compatible.append(sniff.fourCC(at: o))
                o += 4
            }
            let major = sniff.fourCC(at: header)
            if let type = ISOBMFFProbe.imageType(major: major, compatible: compatible) {
                return try ISOBMFFProbe.probe(source, type: type)
            }
            switch major {
            case fourCC("crx "): throw ProbeError("Canon CR3 raw image (not supported)")
            case fourCC("M4A "), fourCC("M4B "): throw ProbeError("MPEG-4 audio")
            case fourCC("jxl "): throw ProbeError("JPEG XL image (not supported)")
            default: throw ProbeError("MPEG-4/QuickTime video")
            }
        }

        throw ProbeError(describeNonImage(head, wholeFile: head.count == size))
    }

    /// A short description of what a non-image file appears to be, from its first bytes.
    static func describeNonImage(_ head: [UInt8], wholeFile: Bool) -> String {
        let sniff = Sniff(head)
        let known: [([UInt8], String)] = [
            (Array("%PDF".utf8), "PDF document"),
            ([0x50, 0x4B, 0x03, 0x04], "ZIP archive"),
            ([0x50, 0x4B, 0x05, 0x06], "ZIP archive"),
            ([0x7F, 0x45, 0x4C, 0x46], "ELF executable"),
            ([0x1F, 0x8B], "gzip data"),
            ([0xFF, 0x0A], "JPEG XL image (not supported)"),
            ([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20], "JPEG XL image (not supported)"),
            (Array("8BPS".utf8), "Photoshop document (not supported)"),
            ([0x00, 0x00, 0x01, 0x00], "Windows icon (not supported)"),
            ([0x00, 0x00, 0x02, 0x00], "Windows cursor (not supported)"),
        ]
        for (magic, name) in known where sniff.has(magic) { return name }
        if looksLikeText(head, wholeFile: wholeFile) {
            if containsSVGTag(head) { return "SVG image (not supported)" }
            return "text"
        }
        return "unrecognized data"
    }

    /// Mostly printable ASCII or valid UTF-8, no NUL bytes (at most 5% oddities). Unless `bytes` is
    /// the whole file, a multi-byte sequence cut off at the end of the sample is not held against it.
    static func looksLikeText(_ bytes: [UInt8], wholeFile: Bool) -> Bool {
        var i = 0, good = 0, bad = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        while i < bytes.count {
            let c = bytes[i]
            if c == 0 { return false }
            if (c >= 0x20 && c < 0x7F) || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C || c == 0x1B {
                good += 1; i += 1; continue
            }
            let length: Int
            switch c {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: length = 0
            }
            if length == 0 { bad += 1; i += 1; continue }
            let available = min(length, bytes.count - i)
            var ok = available == length || !wholeFile
            for j in 1..<available where bytes[i + j] & 0xC0 != 0x80 { ok = false }
            if ok { good += available; i += available } else { bad += 1; i += 1 }
        }
        return good > 0 && bad * 20 <= good + bad
    }

    private static func containsSVGTag(_ bytes: [UInt8]) -> Bool {
        let tag = Array("<svg".utf8)
        guard bytes.count >= tag.count else { return false }
        for i in 0...(bytes.count - tag.count) where bytes[i] == 0x3C {
            if bytes[i..<(i + tag.count)].elementsEqual(tag) { return true }
        }
        return false
    }
}

/// Magic-byte checks over the first bytes of a file.
struct Sniff {
    let head: [UInt8]
    init(_ head: [UInt8]) { self.head = head }

    func has(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }

    /// The file is shorter than `magic` but what there is matches it (at least `atLeast` bytes).
    func cutShort(_ magic: [UInt8], atLeast: Int) -> Bool {
        head.count < magic.count && head.count >= atLeast && magic.starts(with: head)
    }

    func u32be(at o: Int) -> UInt32 {
        guard o >= 0, o + 4 <= head.count else { return 0 }
        return UInt32(head[o]) << 24 | UInt32(head[o + 1]) << 16 | UInt32(head[o + 2]) << 8 | UInt32(head[o + 3])
    }

    func u32le(at o: Int) -> UInt32 { u32be(at: o).byteSwapped }

    func fourCC(at o: Int) -> UInt32 { u32be(at: o) }
}
