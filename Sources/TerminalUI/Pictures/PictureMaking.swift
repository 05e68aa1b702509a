import ImageDecoding
import ImageHeaders
import TerminalImage

/// A picture for a box of cells, from a file's bytes: decoded (a JPEG at the DCT scale that
/// still covers the box), turned upright, and brought to exactly the renderer's pixel size, so
/// what is kept is the small raster, never the decode. Files that could not be had and files
/// that fail to decode become placeholders saying so, in `PictureProblem`'s words.
public enum PictureMaking {
    /// - Parameters:
    ///   - bytes: the whole file, or why it could not be had (the command line's `PictureLoader`).
    ///   - facts: the probe's facts of the file.
    ///   - crop: the entry's (`imgsel crop`), in upright pixels: only it is shown.
    public static func picture(
        bytes: Result<[UInt8], PictureProblem>, facts: ImageFacts, crop: Crop? = nil, columns: Int, rows: Int,
        cellPixels: CellPixels, renderer: PictureRenderer
    ) -> Picture {
        let upright = crop.map { (width: $0.width, height: $0.height) } ?? facts.uprightSize
        let file: [UInt8]
        switch bytes {
        case .success(let bytes): file = bytes
        case .failure(let problem): return placeholder(problem)
        }
        let target = renderer.pixelSize(
            width: upright.width, height: upright.height, columns: columns, rows: rows, cellPixels: cellPixels)
        guard target.width > 0, target.height > 0 else { return .placeholder([]) }
        do {
            return .raster(
                try PictureRenderer.picture(
                    file, facts: facts, crop: crop, width: target.width, height: target.height))
        } catch {
            return placeholder(.damaged(error))
        }
    }

    /// The problem's word, and under it its reason.
    static func placeholder(_ problem: PictureProblem) -> Picture { .placeholder([problem.word, problem.reason]) }
}
