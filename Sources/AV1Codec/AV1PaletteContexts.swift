/// The palettes of the blocks above and to the left (AV1's PaletteSizes and PaletteColors, kept
/// as one row above and one column left, which is all the cache and contexts read): per plane
/// (0 luma, 1 chroma's U), per 4×4 column or row of the frame, a size and 8 colours.
struct AV1PaletteContexts {
    var aboveSize: [[UInt8]], leftSize: [[UInt8]]
    var aboveColors: [[UInt16]], leftColors: [[UInt16]]

    init(miCols: Int, miRows: Int) {
        aboveSize = [[UInt8]](repeating: [UInt8](repeating: 0, count: miCols), count: 2)
        leftSize = [[UInt8]](repeating: [UInt8](repeating: 0, count: miRows), count: 2)
        aboveColors = [[UInt16]](repeating: [UInt16](repeating: 0, count: miCols * 8), count: 2)
        leftColors = [[UInt16]](repeating: [UInt16](repeating: 0, count: miRows * 8), count: 2)
    }

    /// Records a block's palettes over the columns and rows it covers within the frame.
    mutating func record(_ palettes: [[UInt16]], columns: Range<Int>, rows: Range<Int>) {
        for plane in 0..<2 {
            let colours = palettes[plane]
            for c in columns where c < aboveSize[plane].count {
                aboveSize[plane][c] = UInt8(colours.count)
                for (i, colour) in colours.enumerated() { aboveColors[plane][c * 8 + i] = colour }
            }
            for r in rows where r < leftSize[plane].count {
                leftSize[plane][r] = UInt8(colours.count)
                for (i, colour) in colours.enumerated() { leftColors[plane][r * 8 + i] = colour }
            }
        }
    }

    func above(_ plane: Int, _ column: Int) -> ArraySlice<UInt16> {
        aboveColors[plane][column * 8..<column * 8 + Int(aboveSize[plane][column])]
    }

    func left(_ plane: Int, _ row: Int) -> ArraySlice<UInt16> {
        leftColors[plane][row * 8..<row * 8 + Int(leftSize[plane][row])]
    }
}
