import TerminalImage
import TextWidth

/// `imgsel browse` as the loop runs it: the browser with its pictures, the entry shown made
/// first, then its neighbours, so that paging shows the next one at once.
///
/// Pictures are asked for by `pictureID(entry)`, an id that stays with the entry's content:
/// after a delete the entries move up, and a picture made for the old third must not be shown
/// as the new third. (The caller gives a new id when the entry's file changes on disk.)
public struct BrowseScreen: FullScreenProgram {
    public typealias Outcome = BrowserProgram.Outcome

    public private(set) var browser: BrowserProgram
    public let board: PictureBoard?
    let pictureID: (Int) -> Int

    public init(
        model: BrowserModel, board: PictureBoard?, pictureID: @escaping (Int) -> Int,
        characterWidth: @escaping CharacterWidth = DisplayWidth.width,
        caption: @escaping (Int) -> String, save: @escaping (Int) -> String,
        delete: @escaping (Int) -> BrowserDeletion, refresh: @escaping (Int) -> BrowserFollow? = { _ in nil }
    ) {
        let text = TextFit(characterWidth: characterWidth)
        browser = BrowserProgram(
            model: model, characterWidth: characterWidth, caption: caption,
            drawImage: { entry, rect, screen in board?.draw(pictureID(entry), in: rect, into: &screen, text: text) },
            save: save, delete: delete)
        browser.refresh = refresh
        self.board = board
        self.pictureID = pictureID
    }

    public var wantedPictures: [PictureRequest] {
        guard let board, browser.model.total > 0 else { return [] }
        let rect = browser.pictureRect
        return PictureOrder.pager(count: browser.model.total, current: browser.model.index).map {
            board.request(pictureID($0), in: rect)
        }
    }

    public mutating func resize(to size: WindowSize) {
        board?.cellPixels = CellPixels(window: size)
        browser.resize(to: size)
    }

    public mutating func handle(_ key: Key) -> ProgramStep<Outcome> { browser.handle(key) }

    public func draw(into screen: inout Screen) {
        board?.want(wantedPictures)
        browser.draw(into: &screen)
    }
}
