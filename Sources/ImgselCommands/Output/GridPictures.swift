import ImageDecoding
import ImageEncoding
import SelectionStore
import TerminalImage
import TextWidth

/// The pictures of `list --grid`: one a cell, `rows` rows high, above its index and name.
///
/// Half blocks and placeholders are text, laid into the cell's lines. kitty, iTerm2 and
/// sixel pictures are drawn over blank lines once the row of cells is printed: the cursor
/// is saved, moved up to the cell and the picture drawn there, then put back (`overlay`),
/// so the text around stays where text output puts it.
struct GridPictures {
    /// What a cell's picture area shows.
    enum Content {
        /// `rows` lines of text, each exactly the cell's width in columns.
        case lines([String])
        /// Blank lines with this picture drawn over them, `left` columns and `top` rows into the area.
        case overlay(left: Int, top: Int, bytes: [UInt8])
    }

    let rows: Int
    let cellWidth: Int
    private let contents: [Content]
    /// Entries (0-based) whose picture shows less than the file describes: what decoded of a
    /// truncated JPEG. Their text says `damaged`.
    private let damaged: Set<Int>

    /// The picture rows a cell of this width gets: about a third of its width (a cell is
    /// twice as tall as wide), 3 to 8.
    static func rows(cellWidth: Int) -> Int { max(3, min(8, cellWidth / 3)) }

    /// Decodes every entry's picture (in parallel) for cells `cellWidth` columns wide; nil
    /// when the window is too low for a row of cells with pictures.
    static func make(
        _ selection: Selection, context: Context, terminal: PictureTerminal, cellWidth: Int
    ) -> GridPictures? {
        let window = terminal.window
        // A row of cells: its pictures, three text lines and a border, with a line to spare.
        let rows = min(Self.rows(cellWidth: cellWidth), window.rows - 5)
        guard rows >= 3 else { return nil }
        let area = window.part(columns: cellWidth, rows: rows)
        let renderer = terminal.renderer
        let jobs = selection.items.enumerated().map {
            Job(entry: $1, path: context.absolutePath($1), index: $0 + 1, imageID: terminal.imageID(slot: $0 + 1))
        }
        let made = Parallel.map(jobs) { job in content(job, renderer: renderer, area: area) }
        return GridPictures(
            rows: rows, cellWidth: cellWidth, contents: made.map(\.content),
            damaged: Set(made.indices.filter { made[$0].damaged }))
    }

    /// Whether entry `index`'s (1-based) picture is what decoded of a damaged file.
    func isDamaged(_ index: Int) -> Bool { damaged.contains(index - 1) }

    /// The picture area of entry `index` (1-based); blank for the `+` cell.
    func content(_ index: Int) -> Content {
        guard contents.indices.contains(index - 1) else { return .lines(blank(rows)) }
        return contents[index - 1]
    }

    /// The line that draws a row's overlays, put before the line under the row (the cursor
    /// is then at the start of that line, `rows + 3` lines below the pictures' top).
    func overlays(forRowStarting first: Int, count: Int) -> String {
        var out: [UInt8] = []
        for k in 0..<count {
            guard case let .overlay(left, top, bytes) = content(first + k) else { continue }
            out.appendText("\u{1B}7\u{1B}[\(rows + 3 - top)A\u{1B}[\(3 + k * (cellWidth + 3) + left)G")
            out += bytes
            out.appendText("\u{1B}8")
        }
        return String(decoding: out, as: UTF8.self)
    }

    private struct Job: Sendable {
        let entry: Entry
        let path: String
        let index: Int
        let imageID: UInt32
    }

    /// One cell's picture, or a framed placeholder saying why there is none; and whether the
    /// picture is only what decoded of a damaged file.
    private static func content(
        _ job: Job, renderer: PictureRenderer, area: WindowSize
    ) -> (content: Content, damaged: Bool) {
        let entry = job.entry
        let shown = entry.shownSize
        let box = renderer.box(width: shown.width, height: shown.height, window: area, reservedRows: 0)
        let file: [UInt8]
        switch PictureLoader.shownBytes(EntryFile(entry, path: job.path, index: job.index)) {
        case .success(let bytes): file = bytes
        case .failure(let problem): return (placeholder(problem.word, box, area), false)
        }
        let left = (area.columns - box.columns) / 2, top = (area.rows - box.rows) / 2
        if renderer.way == .blocks {
            let picture: Thumbnailer.Shown
            do {
                picture = try PictureRenderer.shown(
                    file, facts: entry.facts, crop: entry.crop, width: box.pixelWidth, height: box.pixelHeight)
            } catch {
                return (placeholder(PictureProblem.damaged(error).word, box, area), false)
            }
            let colours = renderer.choice.colours
            let pictureRows = Blocks.rows(picture.raster, colours: colours, background: renderer.choice.background).map
            {
                String(decoding: $0, as: UTF8.self)
            }
            let lines = (0..<area.rows).map { row in
                let text = pictureRows.indices.contains(row - top) ? pictureRows[row - top] : ""
                let width = text.isEmpty ? 0 : box.columns
                return spaces(text.isEmpty ? 0 : left) + text + spaces(area.columns - width - (text.isEmpty ? 0 : left))
            }
            return (.lines(lines), picture.damage != nil)
        }
        let options = PictureRenderer.Options(
            imageID: job.imageID, movesCursor: false, name: PathName.baseName(job.path))
        // iTerm2 gets the file as it is only when small: a grid of camera files would be megabytes.
        let sendsFile = renderer.way == .iterm && file.count <= 256 << 10
        let drawn: (bytes: [UInt8], damaged: Bool)
        do {
            if sendsFile {
                drawn = try renderer.drawReportingDamage(
                    file: file, facts: entry.facts, crop: entry.crop, box: box, options: options)
            } else {
                let picture = try PictureRenderer.shown(
                    file, facts: entry.facts, crop: entry.crop, width: box.pixelWidth, height: box.pixelHeight)
                drawn = (renderer.draw(picture: picture.raster, box: box, options: options), picture.damage != nil)
            }
        } catch {
            return (placeholder(PictureProblem.damaged(error).word, box, area), false)
        }
        return (.overlay(left: left, top: top, bytes: drawn.bytes), drawn.damaged)
    }

    /// A frame the size the picture would have had (at least its label's), the label inside.
    private static func placeholder(_ label: String, _ box: ImageBox, _ area: WindowSize) -> Content {
        let width = min(area.columns, max(box.columns, DisplayWidth.of(label) + 2, 4))
        let height = min(area.rows, max(box.rows, 3))
        let text = DisplayWidth.shorten(label, width - 2)
        let textWidth = DisplayWidth.of(text)
        let middle = spaces((width - 2 - textWidth) / 2) + text
        let inner = String(repeating: "─", count: width - 2)
        var frame = ["┌" + inner + "┐"]
        for row in 1..<(height - 1) {
            frame.append("│" + DisplayWidth.pad(row == (height - 1) / 2 ? middle : "", width - 2) + "│")
        }
        frame.append("└" + inner + "┘")
        let left = (area.columns - width) / 2, top = (area.rows - height) / 2
        return .lines(
            (0..<area.rows).map { row in
                guard frame.indices.contains(row - top) else { return spaces(area.columns) }
                return spaces(left) + frame[row - top] + spaces(area.columns - width - left)
            })
    }

    private func blank(_ count: Int) -> [String] { Array(repeating: Self.spaces(cellWidth), count: count) }

    private static func spaces(_ n: Int) -> String { String(repeating: " ", count: max(0, n)) }
}

extension Array where Element == UInt8 {
    fileprivate mutating func appendText(_ text: String) { append(contentsOf: text.utf8) }
}
