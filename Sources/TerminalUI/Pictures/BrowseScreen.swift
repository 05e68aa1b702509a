import ImageHeaders
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
    /// The id of the entry's whole picture, its crop left out, which crop mode frames.
    let wholePictureID: (Int) -> Int

    /// `wholePictureID`: the entry's picture without its crop (crop mode draws the frame over
    /// it); by default `pictureID`, for entries that have none.
    public init(
        model: BrowserModel, board: PictureBoard?, pictureID: @escaping (Int) -> Int,
        wholePictureID: ((Int) -> Int)? = nil,
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
        let whole = wholePictureID ?? pictureID
        browser.drawCropping = { entry, frame, rect, screen in
            board?.draw(whole(entry), in: rect, into: &screen, text: text, framing: frame)
        }
        self.board = board
        self.pictureID = pictureID
        self.wholePictureID = whole
    }

    public var wantedPictures: [PictureRequest] {
        guard let board, browser.model.total > 0 else { return [] }
        let rect = browser.pictureRect
        if browser.model.cropping != nil { return [board.request(wholePictureID(browser.model.index), in: rect)] }
        return PictureOrder.pager(count: browser.model.total, current: browser.model.index).map {
            board.request(pictureID($0), in: rect)
        }
    }

    public mutating func resize(to size: WindowSize) {
        board?.cellPixels = CellPixels(window: size)
        browser.resize(to: size)
    }

    public mutating func handle(_ key: Key) -> ProgramStep<Outcome> { browser.handle(key) }

    /// Crop mode's two doors to the selection: the entry's size and crop for `c`, and Enter's
    /// keep (nil when kept, else why not). Set by `browse`; the demo and tests may leave them.
    public mutating func crops(
        source: @escaping (Int) -> (width: Int, height: Int, crop: Crop?)?, keep: @escaping (Int, Crop?) -> String?
    ) {
        browser.cropSource = source
        browser.keepCrop = keep
    }

    public func draw(into screen: inout Screen) {
        board?.want(wantedPictures)
        browser.draw(into: &screen)
    }
}
