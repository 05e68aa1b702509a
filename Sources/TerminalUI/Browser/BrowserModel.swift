import ImageHeaders

/// What the browser asks of its caller after a key.
public enum BrowserEffect: Equatable, Sendable {
    /// Ring the terminal bell: past an end, or a number past the last entry.
    case bell
    /// `s`: save this entry (0-based) to the album, then `saved(message:)`.
    case save(Int)
    /// `y` after `d`: delete this entry, then `deleted(remaining:message:)` or `deleteFailed(message:)`.
    case delete(Int)
    /// `q`, Esc, Enter: exit 0 with the cursor on this entry (0-based); nil when the selection
    /// is empty.
    case quit(Int?)
    /// Ctrl-C: exit 130, the cursor left where it was.
    case cancel
    /// `c`: crop mode on this entry; the caller answers with `beginCrop` (its size and crop).
    case startCrop(Int)
    /// Enter in crop mode: keep this crop of this entry (nil: the whole picture), then
    /// `cropKept(message:)` or `cropRefused(message:)`.
    case keepCrop(Int, Crop?)
}

/// The paging browser's state and rules, without a terminal. See SPEC "Interactive", the
/// `browse` table. Indices are 0-based; the screen shows them 1-based (`3 / 9`).
///
/// An empty selection (at the start, or after the last entry is deleted) shows that it is
/// empty; any key then quits (Ctrl-C cancels). `browse` on an empty selection should rather
/// exit 1 before going full screen, as `view` does.
public struct BrowserModel: Equatable, Sendable {
    public private(set) var index: Int
    public private(set) var total: Int
    /// The answer to `s` or `d`, shown on the status line until the next key.
    public internal(set) var message: String?
    /// True while "delete 3 / 9? (y/n)" waits for its answer.
    public private(set) var isConfirmingDelete = false
    /// Why the entry shown is no longer there (another imgsel removed it), said by the next key
    /// in place of an `s`, `d` or `y` meant for it.
    private var shownLeft: String?
    /// Crop mode's frame, while `c` has it on (BrowserModel+Crop.swift).
    public internal(set) var cropping: CropFrame?

    public init(total: Int, index: Int) {
        self.total = max(0, total)
        self.index = min(max(0, index), max(0, total - 1))
    }

    /// `3 / 9`.
    public var positionText: String { total == 0 ? "0 / 0" : "\(index + 1) / \(total)" }

    /// The question `d` asks.
    public var deleteQuestion: String { "delete \(positionText)? (y/n)" }

    /// The selection changed under the browser (another imgsel): it now has `total` entries and
    /// the one shown is at `index`; `left` says why, when the entry shown left and `index` is
    /// the one that took its place. A key meant for the entry that left (`s`, `d`, `y`) then
    /// says so instead of acting on another.
    public mutating func follow(total: Int, index: Int, left: String? = nil) {
        self.total = max(0, total)
        self.index = min(max(0, index), max(0, self.total - 1))
        shownLeft = left
    }

    public mutating func handle(_ key: Key) -> [BrowserEffect] {
        message = nil
        let left = shownLeft
        shownLeft = nil
        if key == .ctrlC {
            isConfirmingDelete = false
            return [.cancel]
        }
        if cropping != nil { return handleCropping(key) }
        if isConfirmingDelete {
            isConfirmingDelete = false
            guard key == .character("y") || key == .character("Y") else { return [] }
            if let left {
                message = "not deleted: " + left
                return [.bell]
            }
            return [.delete(index)]
        }
        if total == 0 {
            // Emptied by another imgsel: said first, rather than quitting on a key meant for paging.
            guard let left else { return [.quit(nil)] }
            message = "\(left) · the selection is empty: any key quits"
            return [.bell]
        }
        switch key {
        case .right, .character(" "), .character("l"), .character("n"):
            return step(to: index + 1)
        case .left, .backspace, .character("h"), .character("p"):
            return step(to: index - 1)
        case .home:
            index = 0
        case .end:
            index = total - 1
        case .character(let c) where Self.digit(c) != nil:
            return step(to: (Self.digit(c) ?? 1) - 1)
        case .character("s") where left != nil, .character("d") where left != nil:
            message = left
            return [.bell]
        case .character("s"):
            return [.save(index)]
        case .character("c") where left != nil:
            message = left
            return [.bell]
        case .character("c"):
            return [.startCrop(index)]
        case .character("d"):
            isConfirmingDelete = true
        case .character("q"), .escape, .enter:
            return [.quit(index)]
        default:
            break
        }
        return []
    }

    /// The caller saved (or could not): what to say on the status line.
    public mutating func saved(message: String) {
        self.message = message
    }

    /// The caller deleted the entry; `remaining` entries are left. The entry that took its
    /// place is shown, or the new last one (as the selection's cursor moves).
    public mutating func deleted(remaining: Int, message: String) {
        total = max(0, remaining)
        index = min(index, max(0, total - 1))
        self.message = total == 0 ? "\(message) · the selection is empty: any key quits" : message
    }

    /// The caller could not delete: nothing changed but the message.
    public mutating func deleteFailed(message: String) {
        self.message = message
    }

    /// 1–9 for the keys `1`–`9` (ASCII only), else nil.
    private static func digit(_ c: Character) -> Int? {
        guard let value = c.asciiValue, value >= UInt8(ascii: "1"), value <= UInt8(ascii: "9") else { return nil }
        return Int(value - UInt8(ascii: "0"))
    }

    private mutating func step(to target: Int) -> [BrowserEffect] {
        guard target >= 0, target < total else { return [.bell] }
        index = target
        return []
    }
}
