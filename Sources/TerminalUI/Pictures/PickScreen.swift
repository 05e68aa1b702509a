import TerminalImage
import TextWidth

/// `imgsel pick` as the loop runs it: the picker with its thumbnails. Before each frame it tells
/// the maker what to make (the viewer's picture, then the visible thumbnails nearest the focus,
/// then the rows around them); a thumbnail not made yet leaves its frame empty until the maker
/// wakes the loop.
public struct PickScreen: FullScreenProgram {
    public typealias Outcome = PickerProgram.Outcome

    public private(set) var picker: PickerProgram
    public let board: PictureBoard?

    /// - Parameters:
    ///   - board: nil draws no pictures (`--graphics none`, a terminal without colour).
    ///   - commit: Enter's write (see `PickerProgram.commit`).
    public init(
        model: PickerModel, board: PictureBoard?, slotWidth: Int = 20, slotHeight: Int = 10,
        characterWidth: @escaping CharacterWidth = DisplayWidth.width,
        commit: @escaping (PickerModel) -> String? = { _ in nil }
    ) {
        let text = TextFit(characterWidth: characterWidth)
        picker = PickerProgram(
            model: model, slotWidth: slotWidth, slotHeight: slotHeight, characterWidth: characterWidth,
            drawThumbnail: { item, rect, screen in board?.draw(item, in: rect, into: &screen, text: text) },
            drawFullImage: { item, rect, screen in board?.draw(item, in: rect, into: &screen, text: text) })
        picker.commit = commit
        // Against the background the terminal answered (OSC 11), where the query asked it.
        picker.focusColour = FocusMark.colour(against: board?.renderer.choice.answeredBackground)
        self.board = board
    }

    /// What the maker should make now, most wanted first.
    public var wantedPictures: [PictureRequest] {
        guard let board else { return [] }
        var wanted: [PictureRequest] = []
        if let item = picker.model.viewing { wanted.append(board.request(item, in: picker.layout.viewer)) }
        let slot = picker.layout.slot(row: 0, column: 0)
        let rect = picker.layout.picture(in: slot)
        let order = PictureOrder.grid(
            count: picker.model.names.count, columns: picker.layout.columns, topRow: picker.model.topRow,
            visibleRows: picker.layout.visibleRows, focus: picker.model.focus)
        wanted += order.map { board.request($0, in: rect) }
        return wanted
    }

    public mutating func resize(to size: WindowSize) {
        board?.cellPixels = CellPixels(window: size)
        picker.resize(to: size)
    }

    public mutating func handle(_ key: Key) -> ProgramStep<Outcome> { picker.handle(key) }

    public func draw(into screen: inout Screen) {
        board?.want(wantedPictures)
        picker.draw(into: &screen)
    }
}
