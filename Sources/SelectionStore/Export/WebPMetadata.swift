/// WebP's metadata by its RIFF chunks: `EXIF` and `XMP ` are removed, the VP8X flags that announce
/// them cleared and the RIFF size set again; the bitstream chunks are copied byte for byte.
enum WebPMetadata {
    private static let exifFlag: UInt8 = 0x08
    private static let xmpFlag: UInt8 = 0x04

    static func stripped(_ bytes: [UInt8]) -> [UInt8]? {
        var out = Array(bytes.prefix(12))
        out.reserveCapacity(bytes.count)
        let whole = walk(bytes) { fourCC, _, chunk in
            guard fourCC != "EXIF", fourCC != "XMP " else { return }
            let at = out.count
            out.append(contentsOf: bytes[chunk])
            if fourCC == "VP8X", chunk.count > 8 { out[at + 8] &= ~(exifFlag | xmpFlag) }
        }
        guard whole else { return nil }
        let size = out.count - 8
        (out[4], out[5], out[6], out[7]) = (
            UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24 & 0xFF)
        )
        return out
    }

    static func read(_ bytes: [UInt8]) -> ExportMetadata? {
        var metadata = ExportMetadata()
        let whole = walk(bytes) { fourCC, data, _ in
            switch fourCC {
            case "ICCP": metadata.icc = .raw(Array(data))
            case "EXIF": metadata.exif = ExportMetadata.app1Payload(Array(data))
            case "XMP ": metadata.xmp = Array(data)
            default: break
            }
        }
        return whole ? metadata : nil
    }

    /// Whether the picture is lossy (VP8), not lossless (VP8L): for an animation, its first frame's.
    static func isLossy(_ bytes: [UInt8]) -> Bool {
        var lossy = false
        var decided = false
        _ = walk(bytes) { fourCC, data, _ in
            guard !decided else { return }
            switch fourCC {
            case "VP8 ": (lossy, decided) = (true, true)
            case "VP8L": (lossy, decided) = (false, true)
            case "ANMF" where data.count >= 20:
                let inner = String(decoding: data[(data.startIndex + 16)..<(data.startIndex + 20)], as: UTF8.self)
                (lossy, decided) = (inner != "VP8L", true)
            default: break
            }
        }
        return lossy
    }

    /// Each chunk's FourCC, data and whole extent (header, data, padding byte); false when the file
    /// is not a WebP or a chunk runs past the end.
    private static func walk(_ b: [UInt8], _ visit: (String, ArraySlice<UInt8>, Range<Int>) -> Void) -> Bool {
        guard b.count >= 12, b[0..<4].elementsEqual("RIFF".utf8), b[8..<12].elementsEqual("WEBP".utf8) else {
            return false
        }
        let riffEnd = min(b.count, 8 + (Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24))
        var i = 12
        while i + 8 <= riffEnd {
            let length = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
            let dataEnd = i + 8 + length
            guard dataEnd <= riffEnd else { return false }
            let end = min(riffEnd, dataEnd + (length & 1))
            visit(String(decoding: b[i..<(i + 4)], as: UTF8.self), b[(i + 8)..<dataEnd], i..<end)
            i = end
        }
        return i == riffEnd
    }
}
