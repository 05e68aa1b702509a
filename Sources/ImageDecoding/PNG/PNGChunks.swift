import ByteCoding

/// The chunks of a PNG that decoding needs, found in one pass over the file
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
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

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
        var position = 8
        while position + 8 <= bytes.count {
            let length = Self.bigEndian32(bytes, position)
            let typeBytes = bytes[(position + 4)..<(position + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else {
                throw .corrupt("PNG chunk type that is not four letters at byte \(position)")
            }
            guard length <= Int(Int32.max) else { throw .corrupt("PNG chunk \(type) of length \(length)") }
            let start = position + 8
            let end = min(start + length, bytes.count)
            let complete = start + length + 4 <= bytes.count
            let data = bytes[start..<end]
            if header == nil {
                // Apple's Xcode PNGs put CgBI first and hold raw deflate of premultiplied BGRA.
                if type == "CgBI" { throw .unsupported("Apple's CgBI PNG") }
                guard type == "IHDR" else { throw .corrupt("PNG starts with \(type), not IHDR") }
                guard complete else { throw .truncated(section: "in the PNG header") }
                try Self.checkCRC(bytes, position, length, type)
                header = try PNGHeader(data)
            } else if type == "IDAT" {
                if !imageDataEnded && !data.isEmpty { imageData.append(start..<end) }
            } else {
                if !imageData.isEmpty { imageDataEnded = true }
                switch type {
                case "IEND":
                    position = bytes.count
                    continue
                case "IHDR":
                    throw .corrupt("PNG has a second IHDR")
                case "PLTE":
                    guard !imageDataEnded else { break }
                    guard palette == nil else { throw .corrupt("PNG has a second PLTE") }
                    guard complete else { throw .truncated(section: "in the PNG palette") }
                    try Self.checkCRC(bytes, position, length, type)
                    guard length % 3 == 0, (3...768).contains(length) else {
                        throw .corrupt("PNG palette of \(length) bytes")
                    }
                    palette = data
                case "tRNS":
                    if !imageDataEnded && complete && Self.crcMatches(bytes, position, length) { transparency = data }
                default:
                    guard typeBytes.first.map({ $0 & 0x20 != 0 }) ?? true else {
                        throw .unsupported("PNG with the critical chunk \(type)")
                    }
                }
            }
            position = start + length + 4
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

    static func bigEndian32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    /// Whether the CRC after a chunk's data matches its type and data.
    static func crcMatches(_ bytes: [UInt8], _ position: Int, _ length: Int) -> Bool {
        let stored = UInt32(bigEndian32(bytes, position + 8 + length))
        return CRC32.update(0, Array(bytes[(position + 4)..<(position + 8 + length)])) == stored
    }

    static func checkCRC(_ bytes: [UInt8], _ position: Int, _ length: Int, _ type: String) throws(DecodeError) {
        guard crcMatches(bytes, position, length) else { throw .corrupt("PNG \(type) chunk fails its CRC") }
    }
}
