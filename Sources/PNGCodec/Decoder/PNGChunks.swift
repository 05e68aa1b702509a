import ImageCore
import ImageHeaders

/// The chunks of a PNG that decoding needs, found in one pass over what PNGChunkLexer cuts out
/// before any pixel memory is taken.
///
/// Rules (libpng's where Pillow is silent or lax, written down in the tests):
/// - the signature, then IHDR first; IHDR and PLTE must pass their CRC and
///   appear once; a PLTE after the image data is ignored;
/// - an unknown critical chunk (upper-case first letter) is refused, as libpng
///   does; unknown ancillary chunks are skipped unread;
/// - tRNS is used only before the image data and only with a good CRC
///   (libpng drops a damaged ancillary chunk);
/// - IDAT CRCs are not checked (Pillow does not either; the inflate checks
///   catch most damage, and the check costs 12 ms, 7% of decoding the 12-MP photo);
/// - the image data is the first run of consecutive IDATs: IDATs after another
///   chunk are ignored (Pillow stops reading there too);
/// - nothing after IEND is read; a missing IEND, or a file cut inside a chunk,
///   ends the chunk list there, and what image data came before is used.
public struct PNGChunks {
    public static let signature: [UInt8] = PNGChunkLexer.signature

    let header: PNGHeader
    /// PLTE's RGB triples, when present before the image data.
    let palette: ArraySlice<UInt8>?
    /// tRNS's data, when present before the image data with a good CRC.
    let transparency: ArraySlice<UInt8>?
    /// Where the image data lies in the file.
    let imageData: [Range<Int>]
    let imageDataBytes: Int

    init(_ bytes: [UInt8]) throws(DecodeError) {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(Self.signature) else {
            throw bytes.count < 8 && bytes.elementsEqual(Self.signature.prefix(bytes.count))
                ? .truncated(section: "in the PNG signature") : .corrupt("not a PNG signature")
        }
        var header: PNGHeader?
        var palette: ArraySlice<UInt8>?
        var transparency: ArraySlice<UInt8>?
        var imageData: [Range<Int>] = []
        var imageDataEnded = false
        var input = bytes
        var chunks = PNGChunkLexer()
        reading: while let chunk = chunks.next(in: &input) {
            let type = chunk.name
            guard chunk.typeIsLetters else {
                throw .corrupt("PNG chunk type that is not four letters at byte \(chunk.start)")
            }
            guard chunk.length <= Int(Int32.max) else { throw .corrupt("PNG chunk \(type) of length \(chunk.length)") }
            let complete = chunk.end <= bytes.count
            let data = bytes[chunk.data.lowerBound..<min(chunk.data.upperBound, bytes.count)]
            if header == nil {
                // Apple's Xcode PNGs put CgBI first and hold raw deflate of premultiplied BGRA.
                if chunk.type == PNGChunk.cgbi { throw .unsupported("Apple's CgBI PNG") }
                guard chunk.type == PNGChunk.ihdr else { throw .corrupt("PNG starts with \(type), not IHDR") }
                guard complete else { throw .truncated(section: "in the PNG header") }
                try Self.checkCRC(bytes, chunk)
                header = try PNGHeader(data)
            } else if chunk.type == PNGChunk.idat {
                if !imageDataEnded && !data.isEmpty { imageData.append(data.indices) }
            } else {
                if !imageData.isEmpty { imageDataEnded = true }
                switch chunk.type {
                case PNGChunk.iend:
                    break reading  // nothing after it is read
                case PNGChunk.ihdr:
                    throw .corrupt("PNG has a second IHDR")
                case PNGChunk.plte:
                    guard !imageDataEnded else { break }
                    guard palette == nil else { throw .corrupt("PNG has a second PLTE") }
                    guard complete else { throw .truncated(section: "in the PNG palette") }
                    try Self.checkCRC(bytes, chunk)
                    guard chunk.length % 3 == 0, (3...768).contains(chunk.length) else {
                        throw .corrupt("PNG palette of \(chunk.length) bytes")
                    }
                    palette = data
                case PNGChunk.trns:
                    if !imageDataEnded && PNGChunkLexer.crcMatches(chunk, in: bytes) { transparency = data }
                default:
                    guard !chunk.isCritical else { throw .unsupported("PNG with the critical chunk \(type)") }
                }
            }
        }
        guard let header else { throw .truncated(section: "before the PNG header") }
        guard !imageData.isEmpty else { throw .truncated(section: "before the PNG image data") }
        if header.colourType == .palette && palette == nil { throw .corrupt("PNG palette image without PLTE") }
        self.header = header
        self.palette = header.colourType == .palette ? palette : nil
        self.transparency = transparency
        self.imageData = imageData
        imageDataBytes = imageData.reduce(0) { $0 + $1.count }
    }

    static func checkCRC(_ bytes: [UInt8], _ chunk: PNGChunk) throws(DecodeError) {
        guard PNGChunkLexer.crcMatches(chunk, in: bytes) else {
            throw .corrupt("PNG \(chunk.name) chunk fails its CRC")
        }
    }
}
