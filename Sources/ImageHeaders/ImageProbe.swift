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
        let sniff = Sniff(head, wholeFile: head.count == size)
        for format in ImageFormats.all where try format.sniff(sniff) {
            return try format.probe(source)
        }
        throw ProbeError(describeNonImage(head, wholeFile: sniff.wholeFile))
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
