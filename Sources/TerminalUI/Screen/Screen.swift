import TextWidth

/// One cell of the grid: a character and its style. A wide character sits in its left cell
/// with `width` 2; the cell to its right is a `continuation` (width 0).
struct Cell: Equatable, Sendable {
    var text: Character
    var width: UInt8
    var style: Style

    static let blank = Cell(text: " ", width: 1, style: .plain)
    static func continuation(_ style: Style) -> Cell { Cell(text: " ", width: 0, style: style) }
    /// What the terminal shows is not known (under a picture, after one was taken away):
    /// equal to no cell ever drawn, so the next render writes the cell again.
    static let unknown = Cell(text: " ", width: 255, style: .plain)
}

/// Something drawn over a rectangle of cells by another layer, which the screen must not
/// write over while it stays.
public struct Placement: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A picture sent as escape bytes with the cursor at the rectangle's top-left cell
        /// (kitty, iTerm2, sixel). `erase` takes it away again (kitty's delete command; empty
        /// for sixel and iTerm2, whose pixels go when the cells under them are written).
        case image(draw: [UInt8], erase: [UInt8])
        /// Cells drawn by someone else, outside the screen: never written while reserved.
        case reserved
    }

    /// Identifies the picture: a placement is drawn again only when its key or rectangle
    /// changes, so a different picture needs a different key.
    public var key: String
    public var rect: CellRect
    public var kind: Kind
    /// The picture goes only when the whole screen is erased (ED 2): Konsole keeps iTerm2 and
    /// sixel pictures under the spaces, erased lines (EL, ECH, DECERA) or inserted lines written
    /// over them, so when such a picture leaves or moves the screen is cleared and drawn whole.
    public var goesOnlyWithScreen: Bool

    public init(key: String, rect: CellRect, kind: Kind, goesOnlyWithScreen: Bool = false) {
        self.key = key
        self.rect = rect
        self.kind = kind
        self.goesOnlyWithScreen = goesOnlyWithScreen
    }

    /// Whether `other` is the same picture in the same place, so nothing needs sending.
    func isSamePlacement(as other: Placement) -> Bool {
        key == other.key && rect == other.rect && kind.isReserved == other.kind.isReserved
    }
}

extension Placement.Kind {
    var isReserved: Bool {
        if case .reserved = self { return true }
        return false
    }
}

/// The full-screen picture of the terminal, as a grid of styled cells.
///
/// Immediate mode: each frame the caller `clear()`s the back buffer, draws everything into it
/// (`put`, `fill`, `place`), and sends `render()`'s bytes. The screen remembers what the
/// terminal shows (the front buffer) and emits only the cells that differ, so toggling one
/// item costs a few bytes. Pictures, half blocks among them, are `Placement`s of escape bytes,
/// sent once and left alone until their key or place changes.
public struct Screen: Sendable {
    public private(set) var columns: Int
    public private(set) var rows: Int
    let characterWidth: CharacterWidth
    var back: [Cell]
    var front: [Cell]
    var backPlacements: [Placement] = []
    var frontPlacements: [Placement] = []
    var needsFullRedraw = true

    public init(columns: Int, rows: Int, characterWidth: @escaping CharacterWidth = DisplayWidth.width) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        self.characterWidth = characterWidth
        back = Array(repeating: .blank, count: self.columns * self.rows)
        front = back
    }

    public var bounds: CellRect { CellRect(top: 0, left: 0, width: columns, height: rows) }

    /// A new window size: everything is drawn again on the next render.
    public mutating func resize(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        back = Array(repeating: .blank, count: self.columns * self.rows)
        front = back
        backPlacements = []
        needsFullRedraw = true
    }

    /// The next render clears the terminal and draws every cell and picture (after the
    /// terminal was used by someone else: a resume from Ctrl-Z, a resize).
    public mutating func invalidate() {
        needsFullRedraw = true
    }

    /// Starts a frame: all cells blank, no pictures.
    public mutating func clear() {
        for i in back.indices { back[i] = .blank }
        backPlacements = []
    }

    /// Writes `text` from (`row`, `column`) to the right, one character a cell (two for a wide
    /// one), stopping at `maxColumns` columns or the edge; a wide character that would not fit
    /// whole is left out. Control characters show as `�`. Returns the columns used.
    @discardableResult
    public mutating func put(
        _ text: String, row: Int, column: Int, style: Style = .plain,
        maxColumns: Int? = nil
    ) -> Int {
        guard row >= 0, row < rows else { return 0 }
        let limit = maxColumns.map { min(columns, column + $0) } ?? columns
        var x = column
        for character in text {
            let shown: Character = character.isTerminalControl ? "\u{FFFD}" : character
            let width = min(2, characterWidth(shown))
            if width <= 0 { continue }
            if x + width > limit { break }
            if x >= 0 { set(shown, width: width, row: row, column: x, style: style) }
            x += width
        }
        return max(0, x - max(column, 0))
    }

    /// Sets one cell, e.g. a `▀` of a half-block picture.
    public mutating func set(_ character: Character, row: Int, column: Int, style: Style) {
        guard row >= 0, row < rows, column >= 0, column < columns else { return }
        let shown: Character = character.isTerminalControl ? "\u{FFFD}" : character
        let width = min(2, characterWidth(shown))
        guard width > 0, column + width <= columns else { return }
        set(shown, width: width, row: row, column: column, style: style)
    }

    /// Fills `rect` with spaces of `style` (a background colour, a cleared area).
    public mutating func fill(_ rect: CellRect, style: Style = .plain) {
        let area = rect.clipped(to: bounds)
        guard !area.isEmpty else { return }
        for row in area.top..<area.bottom {
            for column in area.left..<area.right {
                set(" ", width: 1, row: row, column: column, style: style)
            }
        }
    }

    /// Puts a picture (or a reservation) over `placement.rect`, clipped to the screen.
    public mutating func place(_ placement: Placement) {
        var clipped = placement
        clipped.rect = placement.rect.clipped(to: bounds)
        guard !clipped.rect.isEmpty else { return }
        backPlacements.append(clipped)
    }

    /// The text of a row of the frame being drawn, wide characters once (for tests).
    public func text(row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var line = ""
        for column in 0..<columns {
            let cell = back[row * columns + column]
            if cell.width != 0 { line.append(cell.text) }
        }
        return line
    }

    /// The style of a cell of the frame being drawn (for tests).
    public func style(row: Int, column: Int) -> Style? {
        guard row >= 0, row < rows, column >= 0, column < columns else { return nil }
        return back[row * columns + column].style
    }

    /// Writes a cell, first blanking the halves of any wide character it cuts through.
    private mutating func set(_ character: Character, width: Int, row: Int, column: Int, style: Style) {
        let base = row * columns
        for x in column..<(column + width) { breakWideCharacter(at: base + x, rowStart: base) }
        back[base + column] = Cell(text: character, width: UInt8(width), style: style)
        if width == 2 { back[base + column + 1] = .continuation(style) }
    }

    private mutating func breakWideCharacter(at index: Int, rowStart: Int) {
        let cell = back[index]
        if cell.width == 0, index > rowStart {
            back[index - 1] = Cell(text: " ", width: 1, style: back[index - 1].style)
        } else if cell.width == 2, index + 1 < rowStart + columns {
            back[index + 1] = Cell(text: " ", width: 1, style: cell.style)
        }
    }
}
