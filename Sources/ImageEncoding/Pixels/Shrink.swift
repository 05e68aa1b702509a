import ImageDecoding

extension Raster {
    /// Shrunk to exactly width×height by an area filter (each destination pixel the mean of the source area it
    /// covers, a source pixel cut by the area's edge weighted by the part inside: Pillow's BOX filter),
    /// premultiplying alpha while averaging as Pillow does for RGBA (it converts to RGBa for resizing).
    /// Never enlarges: callers pass a size ≤ the source.
    ///
    /// Pillow's arithmetic is followed step for step so thumbnails agree with `resize(size, Image.BOX)`: the same
    /// spans and weights (`BoxSpans`), 22-bit fixed point with rounding, two passes with the intermediate clipped
    /// to 8 bits, and Pillow 13's choice of which pass goes first (`ShrinkPlan.verticalFirst`). Pillow takes a
    /// whole source pixel whose centre falls in the area rather than a fraction of a cut one; so does this.
    /// Source rows are premultiplied one at a time as they are read, so the memory held is the source, the
    /// output and one intermediate (destWidth×sourceRows, or sourceWidth×destHeight when vertical goes first).
    ///
    /// `area` is the part of the raster the result covers (Pillow's `box`), by default all of it. A JPEG
    /// decoded at 1/s is ceil(W/s) wide, its last column only partly image, so its area is W/s × H/s and that
    /// column counts by its share, as Pillow's `thumbnail` passes `draft`'s box (`ThumbnailSize.scaledArea`).
    public func shrunk(toWidth: Int, height toHeight: Int, area: ShrinkArea? = nil) -> Raster {
        guard
            let plan = ShrinkPlan(
                width: width, height: height, hasAlpha: hasAlpha, toWidth: toWidth, toHeight: toHeight, area: area)
        else { return self }
        let (outWidth, outHeight, columns, rows) = (plan.outWidth, plan.outHeight, plan.columns, plan.rows)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        let premultiply = plan.premultiply
        let verticalFirst = plan.verticalFirst
        pixels.withUnsafeBufferPointer { source in
            let sourceRows = SourceRows(base: source.baseAddress!, width: width, premultiply: premultiply)
            if verticalFirst {
                var middle = [UInt8](repeating: 0, count: width * outHeight * 4)
                middle.withUnsafeMutableBufferPointer { middle in
                    rows.resampleRows(sourceRows, lineBytes: width * 4, into: middle.baseAddress!)
                    for y in 0..<outHeight {
                        columns.resampleLine(middle.baseAddress! + y * width * 4, into: &out, at: y * outWidth * 4)
                    }
                }
            } else {
                // Only the source rows some output row uses go through the horizontal pass.
                let firstRow = rows.start[0]
                let rowCount = rows.start[outHeight - 1] + rows.count[outHeight - 1] - firstRow
                var middle = [UInt8](repeating: 0, count: outWidth * rowCount * 4)
                for row in 0..<rowCount {
                    sourceRows.withRow(firstRow + row) { line in
                        columns.resampleLine(line, into: &middle, at: row * outWidth * 4)
                    }
                }
                middle.withUnsafeBufferPointer { middle in
                    let rowsOfMiddle = SourceRows(
                        base: middle.baseAddress! - firstRow * outWidth * 4,
                        width: outWidth, premultiply: false)
                    out.withUnsafeMutableBufferPointer { out in
                        rows.resampleRows(rowsOfMiddle, lineBytes: outWidth * 4, into: out.baseAddress!)
                    }
                }
            }
        }
        if premultiply {
            out.withUnsafeMutableBufferPointer { Self.unpremultiply($0.baseAddress!, count: outWidth * outHeight) }
        }
        return Raster(width: outWidth, height: outHeight, pixels: out, hasAlpha: hasAlpha)
    }

    /// Pillow's RGBa → RGBA: each colour times 255 / alpha, truncated and clipped; alpha 0 and 255 left alone.
    static func unpremultiply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let p = i * 4
            let alpha = UInt32(pixels[p + 3])
            guard alpha != 0, alpha != 255 else { continue }
            for c in 0..<3 {
                pixels[p + c] = UInt8(Swift.min(255, UInt32(pixels[p + c]) * 255 / alpha))
            }
        }
    }
}

/// Hands out rows of 4-byte pixels, premultiplied on the way as Pillow's RGBA → RGBa conversion does
/// (MULDIV255: c·a/255 rounded), one row buffer reused, so no premultiplied copy of the image is made.
final class SourceRows {
    let base: UnsafePointer<UInt8>
    let width: Int
    let premultiply: Bool
    private var buffer: [UInt8]

    init(base: UnsafePointer<UInt8>, width: Int, premultiply: Bool) {
        self.base = base
        self.width = width
        self.premultiply = premultiply
        buffer = [UInt8](repeating: 0, count: premultiply ? width * 4 : 0)
    }

    @inline(__always)
    func withRow<T>(_ y: Int, _ body: (UnsafePointer<UInt8>) -> T) -> T {
        let line = base + y * width * 4
        guard premultiply else { return body(line) }
        return buffer.withUnsafeMutableBufferPointer { row in
            Self.premultiply(line, width: width, into: row.baseAddress!)
            return body(UnsafePointer(row.baseAddress!))
        }
    }

    /// One line of `width` pixels premultiplied into `target` (the streaming shrink's way too).
    @inline(__always)
    static func premultiply(_ line: UnsafePointer<UInt8>, width: Int, into target: UnsafeMutablePointer<UInt8>) {
        for p in stride(from: 0, to: width * 4, by: 4) {
            let alpha = UInt32(line[p + 3])
            if alpha == 255 {
                // Opaque pixels are most pixels of most images, and premultiplying leaves them as they are.
                UnsafeMutableRawPointer(target + p).storeBytes(
                    of: UnsafeRawPointer(line + p).loadUnaligned(as: UInt32.self), as: UInt32.self)
                continue
            }
            for c in 0..<3 {
                let t = UInt32(line[p + c]) * alpha + 128
                target[p + c] = UInt8(truncatingIfNeeded: ((t >> 8) + t) >> 8)
            }
            target[p + 3] = line[p + 3]
        }
    }
}
