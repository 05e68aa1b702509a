import ImageDecoding
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

extension EntryFile {
    /// The bytes the entry's picture is made from (grid, view, browse), through the one loader:
    /// refused by type and decode budget, then read whole and checked against the recorded size
    /// and sha256; a file gone is `missing`, any other difference `changed` in `check`'s words.
    func pictureBytes() -> Result<[UInt8], PictureProblem> {
        PictureSource.load(entry.facts, bytes: entry.bytes) { () throws(PictureProblem) -> [UInt8] in
            do throws(Problem) {
                return try contents()
            } catch {
                throw error == .missing ? .missing : .changed(Format.problem(error))
            }
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
