import ImageDecoding
import TerminalImage

/// The pictures of one full-screen program: asks the maker for them and draws them through the
/// renderer (the one seam to the way they are drawn). Lives on the loop's thread; the maker's
/// threads only make.
public final class PictureBoard {
    public let renderer: PictureRenderer
    public let maker: PictureMaker
    /// Makes a placement: the renderer's (tests count them).
    var place: (_ raster: Raster, _ key: String, _ slot: Int, _ rect: CellRect, _ cellPixels: CellPixels) -> Placement
    /// A cell's pixels in the window now (set on every resize).
    public var cellPixels = CellPixels.unknown
    /// Whether the maker was asked for anything yet (see `want`).
    private var started = false
    private var slots = PictureSlots()
    /// The placements made, by picture: every frame draws every visible picture, and making a
    /// kitty, iTerm2 or sixel placement encodes the picture, though the screen sends only new
    /// ones. Kept within `madeBudget` bytes.
    private var made: [String: Made] = [:]
    private var madeBytes = 0
    static let madeBudget = 32 << 20

    private struct Made {
        let rect: CellRect
        let cellPixels: CellPixels
        let placement: Placement
        var bytes: Int {
            if case .image(let draw, let erase) = placement.kind { return draw.count + erase.count }
            return 0
        }
    }

    static let placeholderStyle = Style(foreground: .palette(8))

    public init(renderer: PictureRenderer, maker: PictureMaker) {
        self.renderer = renderer
        self.maker = maker
        place = renderer.placement(of:key:slot:in:cellPixels:)
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
            screen.place(placement(of: raster, key: "\(item):\(rect.width)x\(rect.height)", in: rect))
        case .placeholder(let lines):
            Self.drawLines(lines, in: rect, into: &screen, text: text)
        }
    }

    /// The picture's placement in `rect`: the one made before if it was for this place and this
    /// cell size, else a new one (the key keeps its slot, or takes one and forgets its holder's).
    func placement(of raster: Raster, key: String, in rect: CellRect) -> Placement {
        if let kept = made[key], kept.rect == rect, kept.cellPixels == cellPixels { return kept.placement }
        let (slot, taken) = slots.slot(for: key)
        forget(taken)
        forget(key)
        let fresh = Made(
            rect: rect, cellPixels: cellPixels,
            placement: place(raster, key, slot, rect, cellPixels))
        if madeBytes + fresh.bytes > Self.madeBudget {
            made.removeAll()
            madeBytes = 0
        }
        made[key] = fresh
        madeBytes += fresh.bytes
        return fresh.placement
    }

    private func forget(_ key: String?) {
        guard let key, let old = made.removeValue(forKey: key) else { return }
        madeBytes -= old.bytes
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
