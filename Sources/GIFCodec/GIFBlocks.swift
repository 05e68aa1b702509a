import ImageCore

/// The logical screen descriptor and its global colour table.
struct GIFScreen {
    var width: Int
    var height: Int
    /// Raw RGB triples as stored (3 × 2^(n+1) bytes), nil when absent.
    var globalTable: [UInt8]?
}

/// The first image descriptor, its local table, its graphic control, and where its LZW data lies.
struct GIFFrame {
    var left = 0, top = 0, width = 0, height = 0
    var interlaced = false
    var localTable: [UInt8]?
    var transparent: Int?
    /// The graphic control's delay, in hundredths of a second, and its disposal method (0-7 as stored).
    var delay = 0
    var disposal = 0
    var minimumCodeSize = 0
    /// Offset of the first data sub-block's length byte.
    var dataStart = 0
    /// Bytes of LZW data in the sub-blocks (lengths excluded), counted up to the end of the file.
    var dataBytes = 0

    /// The frame's part inside the screen.
    func clipped(toWidth screenWidth: Int, height screenHeight: Int) -> (width: Int, height: Int) {
        (
            Swift.max(0, Swift.min(left + width, screenWidth) - left),
            Swift.max(0, Swift.min(top + height, screenHeight) - top)
        )
    }
}

/// Walks the GIF block structure up to the first image's data, as Pillow's GifImagePlugin does:
/// extensions are skipped sub-block by sub-block, a byte that starts no block is passed over.
struct GIFBlockReader {
    let bytes: [UInt8]
    var position = 0
    /// The NETSCAPE2.0 block's loop count, when one has been passed.
    var loops: Int?

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func readScreen() throws(DecodeError) -> GIFScreen {
        guard bytes.count >= 13 else { throw .truncated(section: "GIF header") }
        let signature = bytes[0..<6]
        guard signature.elementsEqual("GIF87a".utf8) || signature.elementsEqual("GIF89a".utf8) else {
            throw .corrupt("not a GIF file")
        }
        let flags = bytes[10]
        position = 13
        var screen = GIFScreen(width: u16(6), height: u16(8), globalTable: nil)
        if flags & 0x80 != 0 { screen.globalTable = try readTable(bits: Int(flags & 7) + 1, what: "global") }
        return screen
    }

    mutating func readFirstFrame() throws(DecodeError) -> GIFFrame {
        var frame = GIFFrame()
        while position < bytes.count {
            let introducer = bytes[position]
            position += 1
            switch introducer {
            case 0x3B:  // trailer
                throw .corrupt("GIF has no image")
            case 0x21:
                try readExtension(into: &frame)
            case 0x2C:
                try readDescriptor(into: &frame)
                return frame
            default:
                continue
            }
        }
        throw .truncated(section: "GIF before its first image")
    }

    /// The next frame after the ones read, nil at the trailer or the end of the file: an animation's
    /// frames one by one (`readFirstFrame` is the first one's stricter reading).
    mutating func readNextFrame() throws(DecodeError) -> GIFFrame? {
        var frame = GIFFrame()
        while position < bytes.count {
            let introducer = bytes[position]
            position += 1
            switch introducer {
            case 0x3B: return nil
            case 0x21: try readExtension(into: &frame)
            case 0x2C:
                try readDescriptor(into: &frame)
                return frame
            default: continue
            }
        }
        return nil
    }

    private mutating func readExtension(into frame: inout GIFFrame) throws(DecodeError) {
        guard position < bytes.count else { throw .truncated(section: "GIF extension") }
        let label = bytes[position]
        position += 1
        var first = true
        var netscape = false
        while let block = nextSubBlock() {
            // Graphic control: its first sub-block carries the transparent index (a later one wins).
            if first, label == 0xF9, block.count >= 4 {
                let flags = bytes[block.lowerBound]
                if flags & 1 != 0 { frame.transparent = Int(bytes[block.lowerBound + 3]) }
                frame.disposal = Int(flags >> 2 & 7)
                frame.delay = u16(block.lowerBound + 1)
            }
            if first, label == 0xFF, block.count == 11 { netscape = bytes[block].elementsEqual("NETSCAPE2.0".utf8) }
            if !first, netscape, block.count >= 3, bytes[block.lowerBound] == 1 { loops = u16(block.lowerBound + 1) }
            first = false
        }
    }

    private mutating func readDescriptor(into frame: inout GIFFrame) throws(DecodeError) {
        guard bytes.count - position >= 9 else { throw .truncated(section: "GIF image descriptor") }
        frame.left = u16(position)
        frame.top = u16(position + 2)
        frame.width = u16(position + 4)
        frame.height = u16(position + 6)
        let flags = bytes[position + 8]
        position += 9
        frame.interlaced = flags & 0x40 != 0
        if flags & 0x80 != 0 { frame.localTable = try readTable(bits: Int(flags & 7) + 1, what: "local") }
        guard position < bytes.count else { throw .truncated(section: "GIF image data") }
        frame.minimumCodeSize = Int(bytes[position])
        position += 1
        frame.dataStart = position
        var total = 0
        while let block = nextSubBlock() { total += block.count }
        frame.dataBytes = total
    }

    /// The next data sub-block's byte range, nil at a terminator or the end of the file (a short
    /// last block is cut to what is there).
    private mutating func nextSubBlock() -> Range<Int>? {
        guard position < bytes.count else { return nil }
        let length = Int(bytes[position])
        position += 1
        guard length > 0 else { return nil }
        let end = Swift.min(bytes.count, position + length)
        defer { position = end }
        return position..<end
    }

    private mutating func readTable(bits: Int, what: String) throws(DecodeError) -> [UInt8] {
        let size = 3 << bits
        guard bytes.count - position >= size else { throw .truncated(section: "GIF \(what) colour table") }
        defer { position += size }
        return Array(bytes[position..<position + size])
    }

    private func u16(_ offset: Int) -> Int { Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 }
}
