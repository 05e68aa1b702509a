import ImageCore

/// A picture the encoder reads a row at a time, for a caller that would rather not hold the whole raster:
/// `jpeg-encode` reads a BMP's or PPM's rows from the file as the encoder asks, as cjpeg streams its PPM (the
/// whole file and a 48 MB raster made from it were two fifths of a 12-MP photo's encode, most of it the
/// kernel zeroing fresh pages). The same pixels give the same bytes as `JPEGEncoder.encode(_:options:)`.
public protocol JPEGPixelRows: Sendable {
    var width: Int { get }
    var height: Int { get }
    /// Row `y` (0 at the top): `width` pixels of R, G, B, A (alpha ignored) written into `line`. Called from
    /// several threads at once, each with a line of its own, rows in any order and some more than once.
    func row(_ y: Int, into line: UnsafeMutablePointer<UInt8>)
}

extension JPEGEncoder {
    /// Where the encoder's rows come from: a raster's memory (read in place) or a caller's rows (copied
    /// into a line the reader gives).
    enum Pixels: Sendable {
        case raster(SendablePointer<UInt8>, width: Int, height: Int)
        case rows(any JPEGPixelRows)

        var width: Int {
            switch self {
            case .raster(_, let width, _): width
            case .rows(let rows): rows.width
            }
        }

        var height: Int {
            switch self {
            case .raster(_, _, let height): height
            case .rows(let rows): rows.height
            }
        }

        /// Row `y`'s RGBA pixels: in the raster itself, or written into `line` (`width × 4` bytes).
        @inline(__always)
        func row(_ y: Int, line: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
            switch self {
            case .raster(let base, let width, _):
                return UnsafePointer(base.base + y * width * 4)
            case .rows(let rows):
                rows.row(y, into: line)
                return UnsafePointer(line)
            }
        }

        /// True when every pixel has R = G = B: one component then says all (what cjpeg does with a PGM).
        /// Stops at the first pixel that is not grey, so a colour picture's costs a row or so.
        func isGrey() -> Bool {
            let line = UnsafeMutablePointer<UInt8>.allocate(capacity: width * 4)
            defer { line.deallocate() }
            for y in 0..<height {
                let p = row(y, line: line)
                var i = 0
                while i < width * 4 {
                    if p[i] != p[i + 1] || p[i] != p[i + 2] { return false }
                    i += 4
                }
            }
            return true
        }
    }
}
