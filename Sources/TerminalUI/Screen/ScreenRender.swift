extension Screen {
    /// The bytes that bring the terminal from what it shows to the frame drawn since `clear()`:
    /// only the changed cells, each run reached with one cursor move (CUP), then the pictures
    /// that are new or moved. The style is reset at the end, so the terminal is left plain.
    /// After `invalidate()` or `resize`, or when a picture that only a cleared screen takes
    /// away leaves or moves, the screen is cleared and drawn whole.
    public mutating func render() -> [UInt8] {
        var out: [UInt8] = []
        var cursor: (row: Int, column: Int)?
        var style: Style?

        if frontPlacements.contains(where: { old in
            old.goesOnlyWithScreen && !backPlacements.contains(where: old.isSamePlacement)
        }) {
            needsFullRedraw = true
        }
        if needsFullRedraw {
            for placement in frontPlacements { out += placement.kind.eraseBytes }
            out += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            for i in front.indices { front[i] = .blank }
            frontPlacements = []
            cursor = (0, 0)
            style = .plain
            needsFullRedraw = false
        } else {
            for placement in frontPlacements where !backPlacements.contains(where: placement.isSamePlacement) {
                out += placement.kind.eraseBytes
            }
        }

        let untouchable = untouchableCells()
        for row in 0..<rows {
            var column = 0
            while column < columns {
                let index = row * columns + column
                let cell = back[index]
                let span = cell.width == 2 ? 2 : 1
                defer { column += span }
                if cell.width == 0 || untouchable[index] { continue }
                let changed = front[index] != cell || (span == 2 && front[index + 1] != back[index + 1])
                guard changed else { continue }
                var written = cell
                if span == 2 && untouchable[index + 1] {
                    // Half of it would cover a picture: a space keeps the picture whole.
                    written = Cell(text: " ", width: 1, style: cell.style)
                }
                if let at = cursor, at.row == row, at.column == column {
                    // Already there: the previous cell's text moved the cursor here.
                } else if let at = cursor, at.row == row,
                    let gap = shortGap(
                        row: row, from: at.column, to: column,
                        style: style, untouchable: untouchable)
                {
                    // A few unchanged cells between two changes: sending them again is shorter than a move.
                    out += gap
                } else {
                    out += Self.cursorMove(row: row, column: column)
                }
                if style != written.style {
                    out += written.style.sgr
                    style = written.style
                }
                out += Array(String(written.text).utf8)
                front[index] = written
                if written.width == 2 { front[index + 1] = back[index + 1] }
                let next = column + Int(written.width)
                // At the right edge the terminal's cursor waits to wrap: its place is not known.
                cursor = next < columns ? (row, next) : nil
            }
        }

        for placement in backPlacements where !frontPlacements.contains(where: { $0.isSamePlacement(as: placement) }) {
            guard case .image(let draw, _) = placement.kind else { continue }
            if style != .plain { out += Style.plain.sgr }
            out += Self.cursorMove(row: placement.rect.top, column: placement.rect.left)
            out += draw
            cursor = nil
            style = .plain
        }
        for placement in backPlacements {
            forEachCell(in: placement.rect) { front[$0] = .unknown }
        }
        frontPlacements = backPlacements

        if let style, style != .plain { out += Array("\u{1B}[0m".utf8) }
        return out
    }

    /// The bytes of the unchanged cells `from..<to` of `row`, if writing them again in the
    /// current style is shorter than a cursor move; nil otherwise.
    private func shortGap(row: Int, from: Int, to: Int, style: Style?, untouchable: [Bool]) -> [UInt8]? {
        guard from < to, to - from <= 6 else { return nil }
        var bytes: [UInt8] = []
        for column in from..<to {
            let index = row * columns + column
            let cell = back[index]
            guard !untouchable[index], cell.width == 1, cell.style == style, front[index] == cell else { return nil }
            bytes += Array(String(cell.text).utf8)
        }
        return bytes.count < Self.cursorMove(row: row, column: to).count ? bytes : nil
    }

    /// Cells the cell pass must leave alone: under a picture already on the terminal (kept
    /// from the last frame) and under every reservation. A new picture's cells are written
    /// first, then the picture over them, so no old text shows through a transparent one.
    private func untouchableCells() -> [Bool] {
        var mask = Array(repeating: false, count: back.count)
        for placement in backPlacements {
            let kept = frontPlacements.contains { $0.isSamePlacement(as: placement) }
            guard kept || placement.kind.isReserved else { continue }
            forEachCell(in: placement.rect) { mask[$0] = true }
        }
        return mask
    }

    private func forEachCell(in rect: CellRect, _ body: (Int) -> Void) {
        let area = rect.clipped(to: bounds)
        guard !area.isEmpty else { return }
        for row in area.top..<area.bottom {
            for column in area.left..<area.right { body(row * columns + column) }
        }
    }

    /// CUP: `ESC [ row ; column H`, 1-based.
    static func cursorMove(row: Int, column: Int) -> [UInt8] {
        Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
    }
}

extension Placement.Kind {
    var eraseBytes: [UInt8] {
        if case .image(_, let erase) = self { return erase }
        return []
    }
}
