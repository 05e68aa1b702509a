import ImageDecoding
import SelectionStore
import TerminalUI

/// What `browse` shows and does while it runs: the entries as last read, each picture's id,
/// and `s` and `d` carried out through the store. Lives on the loop's thread; the maker's
/// threads only read the entries of ids through `Pictures`.
final class BrowseSession {
    let context: Context
    private(set) var entries: [Entry]
    let pictures = Pictures()

    init(_ selection: Selection, context: Context) {
        self.context = context
        entries = selection.items
        pictures.register(entries, context: context)
    }

    /// The id of the entry's picture: it stays with the content when entries move up.
    func pictureID(_ index: Int) -> Int {
        entries.indices.contains(index) ? pictures.id(of: entries[index]) : -1
    }

    /// `view`'s line after the position: `path  4032×3024 JPEG 2.1 MB`.
    func caption(_ index: Int) -> String {
        guard entries.indices.contains(index) else { return "" }
        let entry = entries[index]
        return "\(context.displayPath(entry))  \(Format.orientedSize(entry)) \(entry.type.displayName)"
            + " \(Format.bytes(entry.bytes))"
    }

    /// `s`: as `save` saves the entry; says where, or why not.
    func save(_ index: Int) -> String {
        let entry = entries[index]
        let source = context.absolutePath(entry)
        do {
            let saved = try Album(folder: context.albumFolder).save(
                [Album.Request(entry: entry, source: source, index: index + 1)])[0]
            let shown = PathName.display(saved.path, cwd: context.cwd)
            return saved.alreadyThere ? "already saved: \(shown)" : "saved to \(shown)"
        } catch {
            return "not saved: " + error.replacingPath(source, with: context.displayPath(entry)).message
        }
    }

    /// `y` after `d`: deletes the entry shown, found by its content in the selection as it is now.
    func delete(_ index: Int) -> BrowserDeletion {
        let entry = entries[index]
        do {
            let (position, after) = try context.store.update { (selection) throws(ImgselError) -> (Int, Selection) in
                guard let position = selection.index(ofSHA256: entry.sha256) else {
                    throw .entryGone(path: context.displayPath(entry))
                }
                selection = try selection.deleting([position])
                return (position, selection)
            }
            entries = after.items
            pictures.register(entries, context: context)
            return .deleted(remaining: entries.count, message: "deleted \(position)  \(context.displayPath(entry))")
        } catch {
            return .failed(message: "not deleted: " + error.message)
        }
    }

    /// Quitting: the cursor onto the entry shown (as `view N`), which is printed.
    func quit(on index: Int?) throws(ImgselError) {
        guard let index, entries.indices.contains(index) else { return }
        let entry = entries[index]
        let selection = try context.store.update { (selection) throws(ImgselError) -> Selection in
            guard let position = selection.index(ofSHA256: entry.sha256) else {
                throw .entryGone(path: context.displayPath(entry))
            }
            selection = try selection.movingCursor(.index(position))
            return selection
        }
        let position = selection.current ?? index + 1
        if context.json {
            context.console.json(
                .object([
                    ("position", .string(Format.position(position, selection.count))),
                    ("count", .int(selection.count)),
                    ("entry", Format.entryJSON(entry, index: position, context: context)),
                ]))
        } else {
            context.console.out(context.displayPath(entry))
        }
    }

    /// The entries' pictures by id, for the maker's threads.
    final class Pictures: @unchecked Sendable {
        private let lock = Locked<(ids: [String: Int], byID: [Int: (entry: Entry, path: String, index: Int)])>(
            ([:], [:]))

        func register(_ entries: [Entry], context: Context) {
            lock.update { table in
                for (offset, entry) in entries.enumerated() {
                    let id = table.ids[entry.sha256] ?? table.ids.count
                    table.ids[entry.sha256] = id
                    table.byID[id] = (entry, context.absolutePath(entry), offset + 1)
                }
            }
        }

        func id(of entry: Entry) -> Int { lock.update { $0.ids[entry.sha256] ?? -1 } }

        /// The entry's file, read whole and checked against its sha256 (as `view` draws it).
        func load(_ id: Int) -> LoadedImage? {
            guard let (entry, path, index) = lock.update({ $0.byID[id] }) else { return nil }
            guard PixelDecoders.decodes(entry.type) else { return LoadedImage(facts: entry.facts) }
            guard entry.bytes <= DecodeLimits.budget(width: entry.width, height: entry.height) else {
                return LoadedImage(facts: entry.facts, failure: "too large to decode: \(entry.width)×\(entry.height)")
            }
            do {
                return LoadedImage(facts: entry.facts, bytes: try EntryFile(entry, path: path, index: index).contents())
            } catch {
                return LoadedImage(facts: entry.facts, failure: Format.problem(error))
            }
        }
    }
}
