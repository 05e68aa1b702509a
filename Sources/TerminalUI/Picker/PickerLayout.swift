import TerminalImage

/// Where the picker's slots go in a window: a grid of equal slots above one status row.
///
/// A slot is a frame with the thumbnail inside, the name on the row under the frame, and
/// one blank column to its right:
///
///     ┌ 2 ──────┐
///     │ picture │
///     └─────────┘
///      name.jpg
public struct PickerLayout: Equatable, Sendable {
    public let window: WindowSize
    public let slotWidth: Int
    public let slotHeight: Int
    /// Slots a row, and rows of slots that fit above the status row (at least 1 each).
    public let columns: Int
    public let visibleRows: Int
    /// Columns left of the grid, so it stands in the middle of the window.
    public let leftMargin: Int

    /// The smallest slot that still has a picture cell inside its frame.
    public static let minimumSlot = (width: 6, height: 4)

    public init(window: WindowSize, slotWidth: Int, slotHeight: Int) {
        self.window = window
        self.slotWidth = max(Self.minimumSlot.width, slotWidth)
        self.slotHeight = max(Self.minimumSlot.height, slotHeight)
        columns = max(1, window.columns / self.slotWidth)
        visibleRows = max(1, (window.rows - 1) / self.slotHeight)
        leftMargin = max(0, (window.columns - columns * self.slotWidth) / 2)
    }

    /// The status row: the window's last.
    public var statusRow: Int { max(0, window.rows - 1) }

    /// The whole slot of the grid position (`row` counted from the top of the screen).
    public func slot(row: Int, column: Int) -> CellRect {
        CellRect(top: row * slotHeight, left: leftMargin + column * slotWidth, width: slotWidth, height: slotHeight)
    }

    /// The frame inside a slot (without the name row and the gap column).
    public func frame(in slot: CellRect) -> CellRect {
        CellRect(top: slot.top, left: slot.left, width: slot.width - 1, height: slot.height - 1)
    }

    /// Where the thumbnail goes: inside the frame, and inside the window above the status row. A
    /// window smaller than one slot still shows one; its picture must not cover the status row,
    /// and a sixel reaching the last row would scroll the screen.
    public func picture(in slot: CellRect) -> CellRect {
        let top = slot.top + 1, left = slot.left + 1
        return CellRect(
            top: top, left: left, width: max(0, min(slot.width - 3, window.columns - left)),
            height: max(0, min(slot.height - 3, statusRow - top)))
    }

    /// Where `v` shows an image: everything above the status row.
    public var viewer: CellRect {
        CellRect(top: 0, left: 0, width: window.columns, height: max(0, window.rows - 1))
    }
}
