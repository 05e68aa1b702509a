/// Draws a `PickerModel` as text: frames, numbers, names and the status row. Pictures are the
/// caller's: it gets each visible item's picture rectangle (see `PickerProgram`).
struct PickerView {
    let layout: PickerLayout
    let text: TextFit
    /// The focused frame's colour (`FocusMark.colour(against:)`).
    var focusColour: Color = FocusMark.colour(against: nil)

    static let keys = ["space pick", "enter done", "esc cancel", "v view", "tab pick+next", "arrows move"]

    static let frameStyle = Style(foreground: .palette(8))
    static let pickedStyle = Style(foreground: .palette(2))
    /// Not bold: xterm and others draw bold black as grey (bold brightens colours 0–7), which
    /// hid the number on green.
    static let badgeStyle = Style(foreground: .palette(0), background: .palette(2))
    static let statusStyle = Style(reverse: true)

    func draw(
        _ model: PickerModel, into screen: inout Screen,
        picture: (Int, CellRect, inout Screen) -> Void, fullImage: (Int, CellRect, inout Screen) -> Void
    ) {
        if let item = model.viewing {
            fullImage(item, layout.viewer, &screen)
            drawStatus(model.names[item], hint: "any key returns", right: "", into: &screen)
            return
        }
        if model.names.isEmpty {
            screen.put("no images here", row: 0, column: 1, style: Self.frameStyle)
        }
        for visibleRow in 0..<layout.visibleRows {
            for column in 0..<layout.columns {
                let item = (model.topRow + visibleRow) * layout.columns + column
                guard item < model.names.count else { break }
                let slot = layout.slot(row: visibleRow, column: column)
                drawSlot(item, model: model, slot: slot, into: &screen)
                picture(item, layout.picture(in: slot), &screen)
            }
        }
        let position = model.names.isEmpty ? "" : "\(model.focus + 1)/\(model.names.count)"
        drawStatus(model.countText, hint: model.message, right: position, into: &screen)
    }

    private func drawSlot(_ item: Int, model: PickerModel, slot: CellRect, into screen: inout Screen) {
        let focused = item == model.focus
        let number = model.number(of: item)
        // The focus shows by its colour and the name's reverse video, never by a heavy glyph
        // that a font may lack (FocusMark); a picked image shows by its badge too.
        let style =
            focused
            ? Style(foreground: focusColour, bold: true) : number != nil ? Self.pickedStyle : Self.frameStyle
        drawFrame(layout.frame(in: slot), style: style, into: &screen)
        if let number {
            screen.put(
                " \(number) ", row: slot.top, column: slot.left + 1, style: Self.badgeStyle,
                maxColumns: slot.width - 3)
        }
        let (name, offset) = text.centre(model.names[item], in: slot.width - 1)
        screen.put(
            name, row: slot.bottom - 1, column: slot.left + offset,
            style: focused ? Style(bold: true, reverse: true) : .plain)
    }

    /// Light box glyphs only: every font that draws boxes has them.
    private func drawFrame(_ rect: CellRect, style: Style, into screen: inout Screen) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let parts = (h: "─", v: "│", tl: "┌", tr: "┐", bl: "└", br: "┘")
        let inner = String(repeating: parts.h, count: rect.width - 2)
        screen.put(parts.tl + inner + parts.tr, row: rect.top, column: rect.left, style: style)
        screen.put(parts.bl + inner + parts.br, row: rect.bottom - 1, column: rect.left, style: style)
        for row in (rect.top + 1)..<(rect.bottom - 1) {
            screen.put(parts.v, row: row, column: rect.left, style: style)
            screen.put(parts.v, row: row, column: rect.right - 1, style: style)
        }
    }

    /// The status row: `left` (shortened only if it must), then `hint` (a message, cut at its
    /// end) or as many of the keys as fit, and `right` at the right edge.
    private func drawStatus(_ left: String, hint: String?, right: String, into screen: inout Screen) {
        let row = layout.statusRow
        screen.fill(CellRect(top: row, left: 0, width: screen.columns, height: 1), style: Self.statusStyle)
        let rightWidth = text.width(right)
        let room = max(0, screen.columns - 2 - (rightWidth > 0 ? rightWidth + 2 : 0))
        let head = text.shorten(left, to: room)
        var column = 1 + screen.put(head, row: row, column: 1, style: Self.statusStyle)
        let hintRoom = room - text.width(head) - 3
        if hintRoom > 0 {
            let tail =
                hint.map { text.truncate($0, to: hintRoom) }
                ?? text.fitting(Self.keys, separator: " · ", in: hintRoom)
            column += 3
            screen.put(tail, row: row, column: column, style: Self.statusStyle)
        }
        if rightWidth > 0, rightWidth + 2 <= screen.columns {
            screen.put(right, row: row, column: screen.columns - 1 - rightWidth, style: Self.statusStyle)
        }
    }
}
