import SelectionStore

/// `list`'s default form: index, oriented size, type, bytes, path; the current entry marked.
/// A selection with rules has a header line above, the rules as the options that set them.
enum Table {
    static func render(_ selection: Selection, context: Context) -> [String] {
        let header = selection.rules.isEmpty ? [] : ["rules: " + RuleOptions.line(selection.rules)]
        return header + table(selection, context: context)
    }

    private static func table(_ selection: Selection, context: Context) -> [String] {
        guard !selection.items.isEmpty else {
            return ["(empty selection, 0 of \(selection.capacity))"]
        }
        let header = ["#", "size", "type", "bytes", "path"]
        var rows: [[String]] = []
        for (offset, entry) in selection.items.enumerated() {
            rows.append([
                String(offset + 1), Format.shownSize(entry), entry.type.rawValue,
                Format.bytes(entry.bytes), Format.printable(context.displayPath(entry)),
            ])
        }
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        func line(_ cells: [String], marker: String) -> String {
            var parts: [String] = [marker + Format.padLeft(cells[0], widths[0])]
            parts.append(Format.pad(cells[1], widths[1]))
            parts.append(Format.pad(cells[2], widths[2]))
            parts.append(Format.padLeft(cells[3], widths[3]))
            parts.append(cells[4])
            return parts.joined(separator: "  ")
        }
        var lines = [line(header, marker: "  ")]
        for (offset, row) in rows.enumerated() {
            let isCurrent = selection.current == offset + 1
            let text = line(row, marker: isCurrent ? "* " : "  ")
            lines.append(isCurrent && context.console.colour ? Style.highlight(text) : text)
        }
        return lines
    }
}
