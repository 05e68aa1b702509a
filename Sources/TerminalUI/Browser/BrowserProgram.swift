import ImageHeaders
import TerminalImage
import TextWidth

/// What the caller's delete did.
public enum BrowserDeletion: Sendable {
    /// Deleted; `remaining` entries are left; `message` says what went.
    case deleted(remaining: Int, message: String)
    /// Not deleted (the file changed under us, a write failed): why.
    case failed(message: String)
}

/// Where the entry shown is after another imgsel changed the selection.
public struct BrowserFollow: Equatable, Sendable {
    public var total: Int
    /// The entry shown, or the one that took its place when it left.
    public var index: Int
    /// Why the entry shown is gone, when it is.
    public var left: String?

    public init(total: Int, index: Int, left: String? = nil) {
        self.total = total
        self.index = index
        self.left = left
    }
}

/// `imgsel browse` as a `FullScreenProgram`: the model, and the caller's pictures and actions.
///
/// The screen: the picture above two text rows; `3 / 9  caption` (the caption is `view`'s
/// line after the position: name, size, type, bytes); then the message, the question, or the
/// keys.
public struct BrowserProgram: FullScreenProgram {
    public enum Outcome: Equatable, Sendable {
        /// `q`, Esc, Enter: put the cursor on this entry (0-based; nil if none is left), exit 0.
        case quit(Int?)
        /// Ctrl-C: leave the cursor alone, exit 130.
        case cancel
    }

    public private(set) var model: BrowserModel
    public private(set) var window = WindowSize(columns: 80, rows: 24)
    public var caption: (_ entry: Int) -> String
    /// Draws the entry's picture fitted to `rect`.
    public var drawImage: (_ entry: Int, _ rect: CellRect, _ screen: inout Screen) -> Void
    /// Saves the entry to the album; returns what the status line says ("saved to …", or why not).
    public var save: (_ entry: Int) -> String
    /// Deletes the entry from the selection.
    public var delete: (_ entry: Int) -> BrowserDeletion
    /// Before every key: the selection as it is now, if it changed since the last look (see
    /// `BrowserModel.follow`), given the entry shown; nil when it did not.
    public var refresh: (_ shown: Int) -> BrowserFollow? = { _ in nil }
    /// `c`: the entry's upright size and crop, for crop mode; nil when it cannot be cropped.
    public var cropSource: (_ entry: Int) -> (width: Int, height: Int, crop: Crop?)? = { _ in nil }
    /// Enter in crop mode: keeps the crop (nil: the whole picture) as `crop` does, under the
    /// lock; returns nil when kept, else why not (a rule it breaks), for the status line.
    public var keepCrop: (_ entry: Int, _ crop: Crop?) -> String? = { _, _ in "cannot crop here" }
    /// Draws the entry's whole picture fitted to `rect`, with the frame over it, the rest dimmed.
    public var drawCropping: (_ entry: Int, _ frame: CropFrame, _ rect: CellRect, _ screen: inout Screen) -> Void = {
        _, _, _, _ in
    }
    public var onWake: () -> Void = {}
    let text: TextFit

    static let keys = ["→ next", "← prev", "s save", "d delete", "c crop", "q quit", "1–9 go to"]
    static let cropKeys = ["←↑↓→ move", "+/- size", "c aspect", "Enter keep", "Esc leave"]
    static let positionStyle = Style(bold: true)
    static let questionStyle = Style(foreground: .palette(3), bold: true)
    static let statusStyle = Style(reverse: true)

    public init(
        model: BrowserModel, characterWidth: @escaping CharacterWidth = DisplayWidth.width,
        caption: @escaping (Int) -> String,
        drawImage: @escaping (Int, CellRect, inout Screen) -> Void = { _, _, _ in },
        save: @escaping (Int) -> String, delete: @escaping (Int) -> BrowserDeletion
    ) {
        self.model = model
        self.caption = caption
        self.drawImage = drawImage
        self.save = save
        self.delete = delete
        self.text = TextFit(characterWidth: characterWidth)
    }

    /// Where the picture goes: the window above the two text rows.
    public var pictureRect: CellRect {
        CellRect(top: 0, left: 0, width: window.columns, height: max(0, window.rows - 2))
    }

    public mutating func resize(to size: WindowSize) { window = size }

    public mutating func handle(_ key: Key) -> ProgramStep<Outcome> {
        if let now = refresh(model.index) { model.follow(total: now.total, index: now.index, left: now.left) }
        var step = ProgramStep<Outcome>.stay
        for effect in model.handle(key) {
            switch effect {
            case .bell:
                step = .bell
            case .save(let entry):
                model.saved(message: save(entry))
            case .delete(let entry):
                switch delete(entry) {
                case let .deleted(remaining, message): model.deleted(remaining: remaining, message: message)
                case let .failed(message): model.deleteFailed(message: message)
                }
            case .quit(let entry):
                return .finish(.quit(entry))
            case .cancel:
                return .finish(.cancel)
            case .startCrop(let entry):
                let source = cropSource(entry)
                model.beginCrop(source.map { CropFrame(width: $0.width, height: $0.height, crop: $0.crop) })
            case let .keepCrop(entry, crop):
                if let refusal = keepCrop(entry, crop) {
                    model.cropRefused(message: refusal)
                    step = .bell
                } else {
                    model.cropKept(message: crop.map { "cropped to \($0.width)×\($0.height)" } ?? "uncropped")
                }
            }
        }
        return step
    }

    public mutating func wake() { onWake() }

    public func draw(into screen: inout Screen) {
        let captionRow = max(0, window.rows - 2), statusRow = max(0, window.rows - 1)
        if model.total > 0 {
            if let frame = model.cropping {
                drawCropping(model.index, frame, pictureRect, &screen)
            } else {
                drawImage(model.index, pictureRect, &screen)
            }
            let position = model.positionText
            let used = screen.put(position, row: captionRow, column: 1, style: Self.positionStyle)
            let room = max(0, screen.columns - used - 4)
            screen.put(text.shorten(caption(model.index), to: room), row: captionRow, column: used + 3)
        } else {
            screen.put("the selection is empty", row: 0, column: 1)
        }
        screen.fill(CellRect(top: statusRow, left: 0, width: screen.columns, height: 1), style: Self.statusStyle)
        let room = max(0, screen.columns - 2)
        let keys = model.cropping.map { [$0.statusText] + Self.cropKeys } ?? Self.keys
        let line =
            model.isConfirmingDelete
            ? model.deleteQuestion
            : model.message.map { text.truncate($0, to: room) } ?? text.fitting(keys, separator: " · ", in: room)
        screen.put(
            text.truncate(line, to: room), row: statusRow, column: 1,
            style: model.isConfirmingDelete ? Self.questionStyle.merged(reverse: true) : Self.statusStyle)
    }
}

extension Style {
    func merged(reverse: Bool) -> Style {
        var copy = self
        copy.reverse = reverse
        return copy
    }
}
