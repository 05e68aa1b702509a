import ImageDecoding
import ImageHeaders
import TerminalImage

/// A picture for a box of cells, from a file's bytes: decoded (a JPEG at the DCT scale that
/// still covers the box), turned upright, and brought to exactly the drawer's pixel size, so
/// what is kept is the small raster, never the decode. Types imgsel does not decode and files
/// that fail to decode become placeholders saying so.
public enum PictureMaking {
    /// - Parameters:
    ///   - bytes: the whole file, or nil with `failure` saying why it could not be had.
    ///   - facts: the probe's facts of the file.
    public static func picture(
        bytes: [UInt8]?, facts: ImageFacts, failure: String? = nil, columns: Int, rows: Int,
        cellPixels: CellPixels, drawer: PictureDrawer
    ) -> Picture {
        let upright = facts.uprightSize
        guard PixelDecoders.decodes(facts.type) else {
            return .placeholder([facts.type.displayName, "\(upright.width)×\(upright.height)"])
        }
        guard let bytes else { return .placeholder(["cannot show", failure ?? "unreadable"]) }
        let target = drawer.pixelSize(
            width: upright.width, height: upright.height, columns: columns, rows: rows, cellPixels: cellPixels)
        guard target.width > 0, target.height > 0 else { return .placeholder([]) }
        do {
            return .raster(try PictureRenderer.picture(bytes, facts: facts, width: target.width, height: target.height))
        } catch {
            return .placeholder(["cannot show", error.message])
        }
    }
}
