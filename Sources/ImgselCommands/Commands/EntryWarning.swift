import SelectionStore
import TerminalImage

extension Context {
    /// Says on stderr when an entry being shown points to a file that has
    /// vanished or changed since it was added. A warning, not a failure: the
    /// command did what it was for, and `check` or `save` refuse such entries.
    func warnIfFileChanged(_ entry: Entry, index: Int) {
        guard let found = EntryFile(entry, path: absolutePath(entry), index: index).quickProblem() else { return }
        let problem = Format.problem(found)
        let shown = displayPath(entry)
        if json {
            console.errText(
                JSONWriter.compact(
                    .object([
                        (
                            "warning",
                            .object(
                                [("index", .int(index))] + pathMembers(entry) + [("problem", .string(problem))]
                            )
                        )
                    ])))
        } else {
            console.errText(Format.printable("imgsel: warning: entry \(index) (\(shown)): \(problem)"))
        }
    }
}

extension Context {
    /// The terminal `view` and `list --grid` draw on (`PictureTerminal.open`), by `--graphics`
    /// and `--no-color`; a bad `$IMGSEL_GRAPHICS` is a usage error.
    func pictureTerminal() throws(ImgselError) -> PictureTerminal? {
        do {
            return try PictureTerminal.open(
                option: graphics, colourOff: noColorOption, output: io.stdout, environment: io.variable)
        } catch {
            throw .usage(error.message)
        }
    }
}
