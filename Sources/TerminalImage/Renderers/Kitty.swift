import ByteCoding
import ImageDecoding

/// The kitty graphics protocol (kitty, Ghostty, WezTerm): `ESC _ G keys ; base64 ESC \`.
///
/// What is sent: the raster as it is given (the caller has made it upright and
/// fitted, see `ImageBox`), as raw pixels (f=32 RGBA when the raster has
/// alpha, f=24 RGB when not: a quarter fewer bytes), or a PNG (f=100) once
/// the caller has one. The payload goes in chunks of at most 4096 base64
/// bytes, `m=1` on all but the last. `q=2` is on every chunk (kitty reads it
/// per chunk) so the terminal never answers into the keyboard input.
///
/// Redraws replace, never stack: every image carries an id (`i=`) and one
/// placement (`p=1`), and the image of that id is deleted (`a=d,d=I`) just
/// before it is sent again. kitty itself drops an image re-sent under its id;
/// the explicit delete makes the other implementations agree.
public enum Kitty {
    /// The protocol's largest payload per escape sequence.
    public static let chunkSize = 4096

    /// Which image, and how it sits in the cells.
    public struct Placement: Sendable, Equatable {
        /// Non-zero; ids are shared by every program in the terminal window, so
        /// take them from `imageID(process:slot:)`.
        public var imageID: UInt32
        /// `c=` and `r=`: the cells the terminal stretches the pixels over. Give
        /// them when the pixels were fitted to an assumed cell
        /// (`ImageBox.pixelsKnown` false); leave them nil when the window's
        /// pixels are known, so the fitted pixels are drawn 1:1 and never
        /// stretched out of their aspect ratio by whole-cell rounding.
        public var columns: Int?
        public var rows: Int?
        /// False sends `C=1`: the cursor stays where the image starts (full-screen
        /// layouts position everything themselves).
        public var movesCursor: Bool

        public init(imageID: UInt32, columns: Int? = nil, rows: Int? = nil, movesCursor: Bool = true) {
            self.imageID = imageID
            self.columns = columns
            self.rows = rows
            self.movesCursor = movesCursor
        }

        /// The placement a box asks for: cells only where its pixels are assumed.
        public init(imageID: UInt32, box: ImageBox, movesCursor: Bool = true) {
            self.init(
                imageID: imageID, columns: box.pixelsKnown ? nil : box.columns,
                rows: box.pixelsKnown ? nil : box.rows, movesCursor: movesCursor)
        }
    }

    /// An id unlikely to meet another program's or another imgsel's: the
    /// process id in the upper bits, `slot` (0–255, e.g. the grid cell) below.
    public static func imageID(process: Int32, slot: Int) -> UInt32 {
        let id = UInt32(truncatingIfNeeded: Int(process) & 0xFF_FFFF) << 8 | UInt32(truncatingIfNeeded: slot & 0xFF)
        return id == 0 ? 1 : id
    }

    /// Deletes the previous image of the placement's id, then sends and places
    /// the raster's pixels at the cursor.
    public static func draw(_ raster: Raster, placement: Placement, passthrough: Passthrough = .none) -> [UInt8] {
        let format = raster.hasAlpha ? 32 : 24
        var keys: [UInt8] = []
        keys.appendASCII("f=")
        keys.appendDecimal(format)
        keys.appendASCII(",s=")
        keys.appendDecimal(raster.width)
        keys.appendASCII(",v=")
        keys.appendDecimal(raster.height)
        if raster.hasAlpha {
            return raster.pixels.withUnsafeBufferPointer {
                transmit($0, keys: keys, placement: placement, passthrough: passthrough)
            }
        }
        var rgb = [UInt8](repeating: 0, count: raster.width * raster.height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            raster.pixels.withUnsafeBufferPointer { rgba in
                var o = 0, i = 0
                while i < rgba.count {
                    out[o] = rgba[i]; out[o + 1] = rgba[i + 1]; out[o + 2] = rgba[i + 2]
                    o += 3; i += 4
                }
            }
        }
        return rgb.withUnsafeBufferPointer { transmit($0, keys: keys, placement: placement, passthrough: passthrough) }
    }

    /// The same for a PNG file's bytes (f=100): the terminal reads its size.
    public static func draw(png: [UInt8], placement: Placement, passthrough: Passthrough = .none) -> [UInt8] {
        var keys: [UInt8] = []
        keys.appendASCII("f=100")
        return png.withUnsafeBufferPointer { transmit($0, keys: keys, placement: placement, passthrough: passthrough) }
    }

    /// Removes the image of this id from the screen and frees its data: for a
    /// picture that goes away, and on the way out for every id drawn.
    public static func delete(imageID: UInt32, passthrough: Passthrough = .none) -> [UInt8] {
        var out: [UInt8] = []
        appendDelete(imageID: imageID, passthrough: passthrough, to: &out)
        return out
    }

    /// Removes every image placed on the visible screen, whoever drew it: the
    /// bigger hammer, for the alternate screen a full-screen view owns.
    public static func deleteAll(passthrough: Passthrough = .none) -> [UInt8] {
        passthrough.wrap(Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8))
    }

    private static func appendDelete(imageID: UInt32, passthrough: Passthrough, to out: inout [UInt8]) {
        var sequence: [UInt8] = []
        sequence.appendASCII("\u{1B}_Ga=d,d=I,i=")
        sequence.appendDecimal(Int(imageID))
        sequence.appendASCII(",q=2\u{1B}\\")
        passthrough.append(sequence, to: &out)
    }

    /// `a=T` with the format keys and placement on the first chunk; `m=` and
    /// `q=2` alone on the rest. Chunks hold 3072 payload bytes, 4096 in base64.
    private static func transmit(
        _ payload: UnsafeBufferPointer<UInt8>, keys: [UInt8], placement: Placement,
        passthrough: Passthrough
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(Base64.encodedCount(payload.count) + payload.count / 3072 * 24 + 256)
        appendDelete(imageID: placement.imageID, passthrough: passthrough, to: &out)
        let rawChunk = chunkSize / 4 * 3
        var start = 0
        var sequence: [UInt8] = []
        sequence.reserveCapacity(chunkSize + 128)
        repeat {
            let end = min(start + rawChunk, payload.count)
            let more = end < payload.count ? 1 : 0
            sequence.removeAll(keepingCapacity: true)
            sequence.appendASCII("\u{1B}_G")
            if start == 0 {
                sequence.appendASCII("a=T,")
                sequence.append(contentsOf: keys)
                sequence.appendASCII(",i=")
                sequence.appendDecimal(Int(placement.imageID))
                sequence.appendASCII(",p=1")
                if let columns = placement.columns { sequence.appendASCII(",c="); sequence.appendDecimal(columns) }
                if let rows = placement.rows { sequence.appendASCII(",r="); sequence.appendDecimal(rows) }
                if !placement.movesCursor { sequence.appendASCII(",C=1") }
                sequence.appendASCII(",")
            }
            sequence.appendASCII("q=2,m=")
            sequence.appendDecimal(more)
            sequence.appendASCII(";")
            Base64.append(UnsafeBufferPointer(rebasing: payload[start..<end]), to: &sequence)
            sequence.appendASCII("\u{1B}\\")
            passthrough.append(sequence, to: &out)
            start = end
        } while start < payload.count
        return out
    }
}
