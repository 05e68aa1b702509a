import ImageDecoding

/// The size of a cell's index badge, so that it stays legible in small cells without hiding
/// the picture (SPEC, "Pictures": a badge of at most 28×28 pixels).
///
/// The badge is a quarter of the cell's side, at most `largestSide`; where that quarter is
/// under `legibleSide` (the font's 5×7 digit and a pixel of badge around it) there is none:
/// a legible badge would hide too much of so small a picture (9 pixels over a 10-pixel cell
/// was 81 % of it), and a smaller one no digit. From a 112-pixel cell up it is the 28-pixel
/// square it always was, so those sheets keep their bytes.
struct SheetBadge: Equatable {
    static let largestSide = 28
    static let legibleSide = BitmapFont.glyphHeight + 2

    let width: Int
    let height: Int
    /// The index's font scale.
    let scale: Int

    /// nil when a quarter of the cell cannot hold a badge with its index legible.
    init?(index: Int, cell: Int) {
        guard cell / 4 >= Self.legibleSide else { return nil }
        let side = min(Self.largestSide, cell / 4)
        let text = String(index)
        height = side
        // Two pixels around a doubled glyph (as the 28-pixel badge always had), one around a plain one.
        if 2 * BitmapFont.glyphHeight + 4 <= side, BitmapFont.width(of: text, scale: 2) + 4 <= side {
            (width, scale) = (side, 2)
        } else {
            // Wider than high only where a small square cannot hold two digits.
            (width, scale) = (max(side, BitmapFont.width(of: text, scale: 1) + 2), 1)
        }
        guard width <= min(cell, Self.largestSide) else { return nil }
    }
}
