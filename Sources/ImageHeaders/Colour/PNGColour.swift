/// A PNG's description from its chunks before the first IDAT, in the order PNG 3 gives them
/// weight: `cICP` over `iCCP` over `sRGB` (gAMA and cHRM alone are not read: taken as sRGB).
enum PNGColour {
    private static let cicp = fourCC("cICP")
    private static let srgb = fourCC("sRGB")

    static func read(_ bytes: [UInt8]) -> ColourDescription {
        guard bytes.starts(with: PNGChunkLexer.signature) else { return .none }
        var input = bytes
        var chunks = PNGChunkLexer()
        var icc: ColourDescription?
        var srgbSaid = false
        while let chunk = chunks.next(in: &input), chunk.length <= Int(Int32.max), chunk.end <= bytes.count {
            let data = bytes[chunk.data]
            switch chunk.type {
            case cicp where data.count == 4:
                let at = data.startIndex
                return .codePoints(
                    .cicp, primaries: Int(data[at]), transfer: Int(data[at + 1]), matrix: Int(data[at + 2]),
                    fullRange: data[at + 3] != 0)
            case PNGChunk.iccp where icc == nil:
                // name, NUL, compression method (0: zlib), the profile
                if let nul = data.firstIndex(of: 0), nul + 2 <= data.endIndex, data[nul + 1] == 0 {
                    icc = .icc(.zlib(Array(data[(nul + 2)...])))
                } else {
                    icc = .brokenProfile
                }
            case srgb: srgbSaid = true
            case PNGChunk.idat, PNGChunk.iend: return icc ?? (srgbSaid ? .srgbChunk : .none)
            default: break
            }
        }
        return icc ?? (srgbSaid ? .srgbChunk : .none)
    }
}
