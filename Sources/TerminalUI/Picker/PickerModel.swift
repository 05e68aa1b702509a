/// What the picker asks of its caller after a key.
public enum PickerEffect: Equatable, Sendable {
    /// Ring the terminal bell: a toggle was refused (the reason is in `message`).
    case bell
    /// Show this item fitted to the whole window; any key returns.
    case openViewer(Int)
    /// Back from the viewer to the grid.
    case closeViewer
    /// Enter: write the selection. The shown items picked, in the order of their numbers
    /// (indices into `names`). Which of them the user toggled, and what becomes of the entries
    /// not shown, is the caller's part, at write time.
    case commit([Int])
    /// Esc, `q` or Ctrl-C: write nothing, exit 130.
    case cancel
}

/// The album picker's state and rules, without a terminal: a key gives a new state and the
/// effects the caller carries out. See SPEC "Interactive", the `pick` table.
public struct PickerModel {
    /// The items shown, by name, in grid order.
    public let names: [String]
    /// The selection's capacity.
    public let capacity: Int
    /// Entries of the selection that are not among the shown items: they take room too.
    public let otherEntries: Int
    /// The item with the focus (0 when there are none).
    public private(set) var focus = 0
    /// The shown items picked, in order: item `picked[0]` has number 1.
    public private(set) var picked: [Int]
    /// Slots a row and rows on screen, from the layout.
    public private(set) var columns = 1
    public private(set) var visibleRows = 1
    /// The grid row shown at the top.
    public private(set) var topRow = 0
    /// A message for the status line until the next key (why a toggle was refused).
    public private(set) var message: String?
    /// The item shown full size by `v`, or nil on the grid.
    public private(set) var viewing: Int?

    private let refusal: (_ item: Int, _ picked: [Int]) -> String?

    /// - Parameters:
    ///   - picked: the shown items already in the selection, in the selection's order.
    ///   - refusal: why an item may not be picked (its file is gone, it has the content of
    ///     one picked, it breaks an upload rule…), or nil; given the items picked now. Asked
    ///     only when the item fits: nil means it is picked.
    public init(
        names: [String], picked: [Int] = [], capacity: Int, otherEntries: Int = 0,
        refusal: @escaping (_ item: Int, _ picked: [Int]) -> String? = { _, _ in nil }
    ) {
        self.names = names
        self.capacity = capacity
        self.otherEntries = otherEntries
        var seen = Set<Int>()
        self.picked = picked.filter { names.indices.contains($0) && seen.insert($0).inserted }
        self.refusal = refusal
    }

    /// How many the selection would hold if written now.
    public var selectedCount: Int { otherEntries + picked.count }

    /// `3 / 9 selected`.
    public var countText: String { "\(selectedCount) / \(capacity) selected" }

    /// The item's number in the pick order (1-based), or nil when it is not picked.
    public func number(of item: Int) -> Int? {
        picked.firstIndex(of: item).map { $0 + 1 }
    }

    /// Enter was refused (the write would not fit, a file went…): the reason on the status line
    /// until the next key; every pick stays.
    public mutating func commitRefused(_ reason: String) {
        message = reason
    }

    /// A new grid shape (the window changed): the focus stays visible.
    public mutating func setGrid(columns: Int, visibleRows: Int) {
        self.columns = max(1, columns)
        self.visibleRows = max(1, visibleRows)
        scrollToFocus()
    }

    public mutating func handle(_ key: Key) -> [PickerEffect] {
        message = nil
        if viewing != nil {
            // Any key returns; Ctrl-C still cancels, as everywhere.
            if key == .ctrlC { return [.cancel] }
            viewing = nil
            return [.closeViewer]
        }
        switch key {
        case .left, .character("h"): moveFocus(to: focus - 1)
        case .right, .character("l"): moveFocus(to: focus + 1)
        case .up, .character("k"): moveFocus(to: focus - columns)
        case .down, .character("j"): moveDown()
        case .pageUp: page(by: -1)
        case .pageDown: page(by: 1)
        case .home: moveFocus(to: 0)
        case .end: moveFocus(to: names.count - 1)
        case .character(" "): return toggle()
        case .tab: return toggleAndMove(by: 1)
        case .backTab: return toggleAndMove(by: -1)
        case .character("v"):
            guard !names.isEmpty else { return [] }
            viewing = focus
            return [.openViewer(focus)]
        case .enter: return [.commit(picked)]
        case .escape, .character("q"), .ctrlC: return [.cancel]
        default: break
        }
        return []
    }

    private mutating func toggle() -> [PickerEffect] {
        guard names.indices.contains(focus) else { return [] }
        if let position = picked.firstIndex(of: focus) {
            picked.remove(at: position)
            return []
        }
        guard selectedCount < capacity else {
            message = "\(names[focus]) not picked: the selection is full (\(selectedCount) / \(capacity))"
            return [.bell]
        }
        if let reason = refusal(focus, picked) {
            message = reason
            return [.bell]
        }
        picked.append(focus)
        return []
    }

    /// Tab and Shift-Tab: a refused toggle stays, so the refused item is the one in focus.
    private mutating func toggleAndMove(by step: Int) -> [PickerEffect] {
        let effects = toggle()
        if effects.isEmpty { moveFocus(to: focus + step) }
        return effects
    }

    /// Left and right run through the rows: → at a row's end is the next row's first.
    private mutating func moveFocus(to target: Int) {
        guard names.indices.contains(target) else { return }
        focus = target
        scrollToFocus()
    }

    /// ↓ into a short last row lands on its last item rather than nowhere.
    private mutating func moveDown() {
        let target = focus + columns
        if names.indices.contains(target) {
            moveFocus(to: target)
        } else if row(of: names.count - 1) > row(of: focus) {
            moveFocus(to: names.count - 1)
        }
    }

    /// PgUp/PgDn: the view and the focus move a screenful of rows; at the ends the focus
    /// keeps its column where it can.
    private mutating func page(by direction: Int) {
        guard !names.isEmpty else { return }
        let step = columns * visibleRows * direction
        var target = focus + step
        if target < 0 {
            target = focus % columns
        } else if target >= names.count {
            let sameColumnOnLastRow = row(of: names.count - 1) * columns + focus % columns
            let keepsColumn = sameColumnOnLastRow < names.count && row(of: sameColumnOnLastRow) > row(of: focus)
            target = keepsColumn ? sameColumnOnLastRow : names.count - 1
        }
        topRow = min(max(0, topRow + visibleRows * direction), maxTopRow)
        moveFocus(to: target)
    }

    private func row(of item: Int) -> Int { item / columns }

    private var maxTopRow: Int {
        guard !names.isEmpty else { return 0 }
        return max(0, row(of: names.count - 1) - visibleRows + 1)
    }

    private mutating func scrollToFocus() {
        let focusRow = row(of: focus)
        if focusRow < topRow { topRow = focusRow }
        if focusRow >= topRow + visibleRows { topRow = focusRow - visibleRows + 1 }
        topRow = min(max(0, topRow), maxTopRow)
    }
}
