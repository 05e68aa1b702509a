import ImageDecoding

/// The nine-grid as one picture (`imgsel sheet`): each picture fitted and centred
/// in its square cell on white, an index badge in each cell's corner, the current
/// entry's badge coloured. Pure: pictures in, pixels out, the same every time.
public enum ContactSheet {
    public struct Cell: Sendable {
        /// Pixels already fitted within the cell (`ThumbnailSize.fitting`).
        public var picture: Raster
        /// 1-based, as the badge shows it.
        public var index: Int
        public var current: Bool

        public init(picture: Raster, index: Int, current: Bool) {
            self.picture = picture
            self.index = index
            self.current = current
        }
    }

    /// The badge's colours (its size is `SheetBadge`'s): the current entry in the blue
    /// phone pickers use for a selection, the others dark.
    static let currentColour: (UInt8, UInt8, UInt8) = (0, 122, 255)
    static let badgeColour: (UInt8, UInt8, UInt8) = (48, 48, 48)

    public static func draw(_ cells: [Cell], layout: SheetLayout, labels: Bool) throws(DecodeError) -> Raster {
        var sheet = try Raster.white(width: layout.width, height: layout.height)
        for (i, cell) in cells.enumerated() where i < layout.count {
            let origin = layout.origin(of: i)
            let picture = cell.picture
            sheet.composite(
                picture, x: origin.x + (layout.cell - picture.width) / 2,
                y: origin.y + (layout.cell - picture.height) / 2)
            if labels { drawBadge(cell.index, current: cell.current, cell: layout.cell, at: origin, on: &sheet) }
        }
        return sheet
    }

    /// The badge `SheetBadge` sizes, in the cell's top-left corner, the index in white.
    private static func drawBadge(
        _ index: Int, current: Bool, cell: Int, at origin: (x: Int, y: Int),
        on sheet: inout Raster
    ) {
        guard let badge = SheetBadge(index: index, cell: cell) else { return }
        sheet.fill(
            x: origin.x, y: origin.y, width: badge.width, height: badge.height,
            colour: current ? currentColour : badgeColour)
        let text = String(index)
        BitmapFont.draw(
            text, into: &sheet, x: origin.x + (badge.width - BitmapFont.width(of: text, scale: badge.scale)) / 2,
            y: origin.y + (badge.height - BitmapFont.glyphHeight * badge.scale) / 2, scale: badge.scale,
            colour: (255, 255, 255))
    }
}
