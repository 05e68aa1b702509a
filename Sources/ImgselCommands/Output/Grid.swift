import SelectionStore
import TextWidth

/// The nine-grid as box-drawn cells: at most three columns, fewer on a narrow
/// terminal, and an add cell `+` only while the selection has room.
enum Grid {
    /// A cell's text width: wide enough for a camera's file name on an 80-column terminal.
    static let widestCell = 24
    static let narrowestCell = 6
    static let usualCell = 18

    /// The cells' width in columns for a terminal `width` columns wide, and how many a row.
    static func layout(width: Int) -> (columns: Int, cellWidth: Int) {
        let columns = max(1, min(3, (width - 1) / (usualCell + 3)))
        // A row is "│" plus, per cell, " text │": fill the width, within bounds.
        return (columns, max(narrowestCell, min(widestCell, (width - 1) / columns - 3)))
    }

    /// The grid's lines; with `pictures`, each cell shows its picture above its text.
    static func render(
        _ selection: Selection, context: Context, width: Int, pictures: GridPictures? = nil
    ) -> [String] {
        let (columns, cellWidth) = layout(width: width)
        var cells: [[String]] = []
        for (offset, entry) in selection.items.enumerated() {
            let index = offset + 1
            let mark = selection.current == index ? " *" : ""
            // A picture that is what decoded of a damaged file says so under it.
            let damaged = pictures?.isDamaged(index) == true ? " damaged" : ""
            cells.append([
                "\(index)\(mark)", DisplayWidth.shorten(Format.printable(PathName.baseName(entry.path)), cellWidth),
                DisplayWidth.shorten(Format.shownSize(entry) + damaged, cellWidth),
            ])
        }
        if !selection.isFull { cells.append(["+", "add (\(selection.count)/\(selection.capacity))", ""]) }
        let inner = String(repeating: "─", count: cellWidth + 2)
        var lines: [String] = []
        var start = 0
        var above = 0
        var overlays = ""
        while start < cells.count {
            let row = Array(cells[start..<min(start + columns, cells.count)])
            lines.append(
                overlays + (above == 0 ? edge("┌", "┬", "┐", row.count, inner) : separator(above, row.count, inner)))
            if let pictures {
                for line in 0..<pictures.rows {
                    var text = "│"
                    for k in 0..<row.count {
                        if case let .lines(content) = pictures.content(start + k + 1) {
                            text += " " + content[line] + " │"
                        } else {
                            text += " " + String(repeating: " ", count: cellWidth) + " │"
                        }
                    }
                    lines.append(text)
                }
                overlays = pictures.overlays(forRowStarting: start + 1, count: row.count)
            }
            for line in 0..<3 {
                var text = "│"
                for (k, cell) in row.enumerated() {
                    var content = " " + DisplayWidth.pad(DisplayWidth.shorten(cell[line], cellWidth), cellWidth) + " "
                    if selection.current == start + k + 1, context.console.colour { content = Style.highlight(content) }
                    text += content + "│"
                }
                lines.append(text)
            }
            above = row.count
            start += columns
        }
        lines.append(overlays + edge("└", "┴", "┘", above, inner))
        return lines
    }

    private static func edge(_ left: String, _ middle: String, _ right: String, _ n: Int, _ inner: String) -> String {
        left + Array(repeating: inner, count: n).joined(separator: middle) + right
    }

    /// The line between a full row of `upper` cells and a row of `lower` (≤ upper) cells.
    private static func separator(_ upper: Int, _ lower: Int, _ inner: String) -> String {
        var text = "├"
        for j in 1...upper {
            text += inner
            if j == upper { text += upper == lower ? "┤" : "┘" } else { text += j <= lower ? "┼" : "┴" }
        }
        return text
    }
}
