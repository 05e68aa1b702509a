import ImageDecoding

/// A GIF89a file of whole-canvas frames, each with its own colour table (`PaletteChooser`'s) and LZW
/// data (`GIFLZWWriter`'s): the logical screen without a global table, a NETSCAPE2.0 block when the
/// animation does not play once, and per frame a graphic control (disposal, delay, transparent index)
/// and an image descriptor covering the screen.
public enum GIFWriter {
    /// One frame to write: its chosen palette and indices, how long it shows and how it is disposed of.
    public struct Frame: Sendable {
        public var choice: PaletteChoice
        /// Hundredths of a second, GIF's unit.
        public var delay: Int
        public var disposal: FrameDisposal

        public init(choice: PaletteChoice, delay: Int, disposal: FrameDisposal) {
            (self.choice, self.delay, self.disposal) = (choice, delay, disposal)
        }
    }

    /// `plays`: how many times the animation plays, 0 for ever (`AnimationHeader.plays`); written as
    /// NETSCAPE's count of repeats, n − 1.
    public static func encode(width: Int, height: Int, plays: Int, frames: [Frame]) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += le16(width) + le16(height) + [0, 0, 0]
        if plays != 1 {
            out +=
                [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(plays == 0 ? 0 : min(65535, plays - 1))
            out.append(0)
        }
        for frame in frames {
            let choice = frame.choice
            let transparent = choice.transparent
            out += [0x21, 0xF9, 4, UInt8(frame.disposal.rawValue << 2 | (transparent == nil ? 0 : 1))]
            out += le16(min(65535, max(0, frame.delay))) + [UInt8(transparent ?? 0), 0]
            let bits = tableBits(choice.colourCount)
            out += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [UInt8(0x80 | (bits - 1))]
            var table = choice.palette
            table += [UInt8](repeating: 0, count: (3 << bits) - table.count)
            out += table
            let codeSize = max(2, bits)
            out.append(UInt8(codeSize))
            out += GIFLZWWriter.encode(choice.indices, minimumCodeSize: codeSize)
        }
        out.append(0x3B)
        return out
    }

    /// The bits of the smallest table (2 to 256 entries) holding `colours`.
    static func tableBits(_ colours: Int) -> Int {
        var bits = 1
        while 1 << bits < colours { bits += 1 }
        return bits
    }

    static func le16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
}
