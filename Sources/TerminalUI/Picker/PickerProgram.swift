import TerminalImage
import TextWidth

/// `imgsel pick` as a `FullScreenProgram`: the model, its layout, and the caller's pictures.
public struct PickerProgram: FullScreenProgram {
    public enum Outcome: Equatable, Sendable {
        /// Enter: the shown items picked, in order (indices into `names`).
        case commit([Int])
        /// Esc, `q`, Ctrl-C: exit 130, nothing written.
        case cancel
    }

    public private(set) var model: PickerModel
    public private(set) var layout: PickerLayout
    public let slotWidth: Int
    public let slotHeight: Int
    /// Draws an item's thumbnail into its picture rectangle: `▀` cells with `Screen.set`, or a
    /// `Placement` of escape bytes with `Screen.place`. Nothing drawn leaves the frame empty.
    public var drawThumbnail: (_ item: Int, _ rect: CellRect, _ screen: inout Screen) -> Void
    /// Draws the item `v` opened, fitted to `rect` (the window above the status row).
    public var drawFullImage: (_ item: Int, _ rect: CellRect, _ screen: inout Screen) -> Void
    /// Called when a background thread woke the loop (a thumbnail is ready).
    public var onWake: () -> Void = {}
    /// Enter: writes the picks (the model as it is); nil when written, which ends the program,
    /// else why not, which stays with every pick and the reason on the status line.
    public var commit: (PickerModel) -> String? = { _ in nil }
    /// The focused frame's colour: `FocusMark.colour(against:)` the terminal's background.
    public var focusColour: Color = FocusMark.colour(against: nil)
    let text: TextFit

    /// - Parameters:
    ///   - slotWidth, slotHeight: one grid slot in cells, frame, name row and gap included.
    public init(
        model: PickerModel, slotWidth: Int = 20, slotHeight: Int = 10,
        characterWidth: @escaping CharacterWidth = DisplayWidth.width,
        drawThumbnail: @escaping (Int, CellRect, inout Screen) -> Void = { _, _, _ in },
        drawFullImage: @escaping (Int, CellRect, inout Screen) -> Void = { _, _, _ in }
    ) {
        self.model = model
        self.slotWidth = slotWidth
        self.slotHeight = slotHeight
        self.layout = PickerLayout(
            window: WindowSize(columns: 80, rows: 24),
            slotWidth: slotWidth, slotHeight: slotHeight)
        self.drawThumbnail = drawThumbnail
        self.drawFullImage = drawFullImage
        self.text = TextFit(characterWidth: characterWidth)
    }

    public mutating func resize(to size: WindowSize) {
        layout = PickerLayout(window: size, slotWidth: slotWidth, slotHeight: slotHeight)
        model.setGrid(columns: layout.columns, visibleRows: layout.visibleRows)
    }

    public mutating func handle(_ key: Key) -> ProgramStep<Outcome> {
        var step = ProgramStep<Outcome>.stay
        for effect in model.handle(key) {
            switch effect {
            case .bell: step = .bell
            case .openViewer, .closeViewer: break
            case .commit(let order):
                guard let reason = commit(model) else { return .finish(.commit(order)) }
                model.commitRefused(reason)
                return .bell
            case .cancel: return .finish(.cancel)
            }
        }
        return step
    }

    public mutating func wake() { onWake() }

    public func draw(into screen: inout Screen) {
        PickerView(layout: layout, text: text, focusColour: focusColour)
            .draw(model, into: &screen, picture: drawThumbnail, fullImage: drawFullImage)
    }
}
