/// PNG's metadata by its chunks: text (`tEXt`, `zTXt`, `iTXt`), `eXIf` and `tIME` are removed; every
/// other chunk (`iCCP`, `IDAT`…) is copied byte for byte, CRC and all. Bytes after IEND go too.
enum PNGMetadata {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let removed: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]

    static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        var out = signature
        out.reserveCapacity(bytes.count)
        let whole = walk(bytes) { type, _, chunk in
            if !removed.contains(type) { out.append(contentsOf: bytes[chunk]) }
        }
        return whole ? out : nil
    }

    /// `iCCP` (still compressed), `eXIf`, and an uncompressed `iTXt` XMP packet.
    static func read(_ bytes: [UInt8]) -> ExportMetadata? {
        var metadata = ExportMetadata()
        let whole = walk(bytes) { type, data, _ in
            switch type {
            case "iCCP":
                // name, NUL, compression method (0: zlib), the profile
                if let nul = data.firstIndex(of: 0), nul + 2 <= data.endIndex, data[nul + 1] == 0 {
                    metadata.icc = .zlib(Array(data[(nul + 2)...]))
                }
            case "eXIf": metadata.exif = ExportMetadata.app1Payload(Array(data))
            case "iTXt":
                let keyword = Array("XML:com.adobe.xmp".utf8) + [0]
                guard data.starts(with: keyword) else { return }
                let flags = data.startIndex + keyword.count
                guard flags + 2 <= data.endIndex, data[flags] == 0 else { return }  // uncompressed only
                var at = flags + 2
                for _ in 0..<2 {  // language tag, translated keyword
                    guard let nul = data[at...].firstIndex(of: 0) else { return }
                    at = nul + 1
                }
                metadata.xmp = Array(data[at...])
            default: break
            }
        }
        return whole ? metadata : nil
    }

    /// Each chunk's type, data and whole extent (length, type, data, CRC) up to IEND; false when the
    /// file is not a PNG or a chunk runs past the end before IEND.
    private static func walk(
        _ b: [UInt8], _ visit: (String, ArraySlice<UInt8>, Range<Int>) -> Void
    ) -> Bool {
        guard b.starts(with: signature) else { return false }
        var i = signature.count
        while i + 12 <= b.count {
            let length = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let end = i + 12 + length
            guard length <= Int(Int32.max), end <= b.count else { return false }
            let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
            visit(type, b[(i + 8)..<(i + 8 + length)], i..<end)
            if type == "IEND" { return true }
            i = end
        }
        return false
    }
}
