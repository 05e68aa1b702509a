import TerminalImage

/// The pictures of one full-screen program: asks the maker for them and draws them through the
/// drawer. Lives on the loop's thread; the maker's threads only make.
public final class PictureBoard {
    public let drawer: PictureDrawer
    public let maker: PictureMaker
    /// A cell's pixels in the window now (set on every resize).
    public var cellPixels = CellPixels.unknown
    /// Whether the maker was asked for anything yet (see `want`).
    private var started = false

    static let placeholderStyle = Style(foreground: .palette(8))

    public init(drawer: PictureDrawer, maker: PictureMaker) {
        self.drawer = drawer
        self.maker = maker
    }

    /// Tells the maker what to make, most wanted first. The first call only wakes the loop: the
    /// first frame (frames and names) is written before any decoding takes a core, and the
    /// frame after it asks again.
    public func want(_ requests: [PictureRequest]) {
        guard started else {
            started = true
            maker.nudge()
            return
        }
        maker.want(requests)
    }

    public func request(_ item: Int, in rect: CellRect) -> PictureRequest {
        PictureRequest(item: item, columns: rect.width, rows: rect.height, cellPixels: cellPixels)
    }

    /// Draws the item's picture in `rect` if it is made; nothing yet if not.
    public func draw(_ item: Int, in rect: CellRect, into screen: inout Screen, text: TextFit) {
        guard !rect.isEmpty, let picture = maker.picture(request(item, in: rect)) else { return }
        switch picture {
        case .raster(let raster):
            let key = "\(item):\(rect.width)x\(rect.height)"
            screen.place(drawer.placement(of: raster, key: key, in: rect, cellPixels: cellPixels))
        case .placeholder(let lines):
            Self.drawLines(lines, in: rect, into: &screen, text: text)
        }
    }

    /// Lines centred in `rect`, each shortened to its width.
    static func drawLines(_ lines: [String], in rect: CellRect, into screen: inout Screen, text: TextFit) {
        let shown = Array(lines.prefix(rect.height))
        let top = rect.top + (rect.height - shown.count) / 2
        for (offset, line) in shown.enumerated() {
            let (fitted, indent) = text.centre(line, in: rect.width)
            screen.put(
                fitted, row: top + offset, column: rect.left + indent, style: placeholderStyle, maxColumns: rect.width)
        }
    }
}

/// In which order a grid's pictures are made: the visible ones, nearest the focus first, then
/// the rows around the visible area, nearest first (the row below before the row above), as
/// far as `pagesAround` screenfuls each way.
public enum PictureOrder {
    public static func grid(
        count: Int, columns: Int, topRow: Int, visibleRows: Int, focus: Int, pagesAround: Int = 2
    ) -> [Int] {
        guard count > 0, columns > 0 else { return [] }
        let lastRow = (count - 1) / columns
        func items(inRow row: Int) -> [Int] {
            guard row >= 0, row <= lastRow else { return [] }
            return Array((row * columns)..<min(count, (row + 1) * columns))
        }
        let focusRow = focus / columns, focusColumn = focus % columns
        let visibleRowRange = topRow..<(topRow + max(1, visibleRows))
        let visible = visibleRowRange.flatMap(items(inRow:)).sorted {
            let a = (abs($0 / columns - focusRow), abs($0 % columns - focusColumn), $0)
            let b = (abs($1 / columns - focusRow), abs($1 % columns - focusColumn), $1)
            return a < b
        }
        var order = visible
        for distance in 1...max(1, pagesAround * max(1, visibleRows)) {
            order += items(inRow: visibleRowRange.upperBound - 1 + distance)
            order += items(inRow: topRow - distance)
        }
        return order
    }

    /// The browser's: the entry shown, then the next, the previous, and on outward.
    public static func pager(count: Int, current: Int, around: Int = 2) -> [Int] {
        guard count > 0 else { return [] }
        var order = [current]
        for distance in 1...max(1, around) {
            if current + distance < count { order.append(current + distance) }
            if current - distance >= 0 { order.append(current - distance) }
        }
        return order
    }
}
