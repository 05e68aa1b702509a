import ImageDecoding
import ImageHeaders
import SelectionStore
import Synchronization
import TerminalUI

/// What `browse` shows and does while it runs: the entries as last read, each picture's id,
/// and `s` and `d` carried out through the store. Lives on the loop's thread; the maker's
/// threads only read the entries of ids through `Pictures`.
///
/// It follows the selection file: before every key (`follow`) a stat tells whether the file
/// changed, and only then is it read again; each entry's file is stat'ed too, so that a file
/// changed or gone since its picture was made gets a new picture (or "file is missing").
final class BrowseSession {
    let context: Context
    private(set) var entries: [Entry]
    /// The picture id of each entry, in order.
    private var ids: [Int] = []
    /// The id of each entry's whole picture, its crop left out (crop mode frames it).
    private var wholeIDs: [Int] = []
    private var selectionStamp: FileStamp?
    let pictures = Pictures()

    init(_ selection: Selection, context: Context) {
        self.context = context
        entries = selection.items
        selectionStamp = FileStamp(context.store.path)
        registerPictures()
    }

    /// The id of the entry's picture: it stays with the content when entries move up, and
    /// changes with the file on disk.
    func pictureID(_ index: Int) -> Int {
        ids.indices.contains(index) ? ids[index] : -1
    }

    /// The id of the entry's picture without its crop.
    func wholePictureID(_ index: Int) -> Int {
        wholeIDs.indices.contains(index) ? wholeIDs[index] : -1
    }

    /// Before a key: the selection read again if its file changed, the entry shown (`index`)
    /// found there by content; nil when neither the selection nor the entry's place changed.
    func follow(shown index: Int) -> BrowserFollow? {
        defer { registerPictures() }
        let stamp = FileStamp(context.store.path)
        guard stamp != selectionStamp, let selection = try? context.store.read() else { return nil }
        selectionStamp = stamp
        let old = entries
        entries = selection.items
        guard old.indices.contains(index) else { return BrowserFollow(total: entries.count, index: 0) }
        let shown = old[index]
        if let place = selection.index(ofSHA256: shown.sha256) {
            return BrowserFollow(total: entries.count, index: place - 1)
        }
        // The first entry after it that stays has its place; else the new last.
        let following = old[(index + 1)...].lazy.compactMap { selection.index(ofSHA256: $0.sha256) }.first
        let left = ImgselError.entryGone(path: context.displayPath(shown)).message
        return BrowserFollow(total: entries.count, index: (following ?? entries.count) - 1, left: left)
    }

    /// Ids for the entries as they are now, each file stat'ed: one changed or gone since its
    /// picture was made gets a new id, so the cached picture is not drawn for it.
    private func registerPictures() {
        ids = pictures.register(entries, context: context)
        wholeIDs = pictures.register(entries.map { $0.uncropped }, context: context)
    }

    /// `view`'s line after the position: `path  4032×3024 JPEG 2.1 MB`.
    func caption(_ index: Int) -> String {
        guard entries.indices.contains(index) else { return "" }
        let entry = entries[index]
        return "\(context.displayPath(entry))  \(Format.shownSize(entry)) \(entry.type.displayName)"
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
            return "not saved: " + ImgselError(error).replacingPath(source, with: context.displayPath(entry)).message
        }
    }

    /// `c`: the entry's upright size and crop, which crop mode starts from.
    func cropSource(_ index: Int) -> (width: Int, height: Int, crop: Crop?)? {
        guard entries.indices.contains(index) else { return nil }
        let size = entries[index].facts.uprightSize
        return (size.width, size.height, entries[index].crop)
    }

    /// Enter in crop mode: the crop kept as `crop` keeps it, one update under the lock, the
    /// entry found by its content; nil when kept, else why not (a rule the crop breaks).
    func keepCrop(_ index: Int, _ crop: Crop?) -> String? {
        guard entries.indices.contains(index) else { return "not cropped: the entry is gone" }
        let entry = entries[index]
        do {
            let after = try context.store.update { (selection) throws(ImgselError) -> Selection in
                guard let position = selection.index(ofSHA256: entry.sha256) else {
                    throw .entryGone(path: context.displayPath(entry))
                }
                selection = try lift(model: selection.cropping(at: position, to: crop, force: false))
                selection = context.withFingerprints(selection, at: [position])
                return selection
            }
            entries = after.items
            registerPictures()
            return nil
        } catch {
            let parts = error.parts.map { part -> String in
                guard case .entryBreaksRule(_, let problem) = part else { return part.message }
                return problem.description
            }
            return "not cropped: " + parts.joined(separator: "; ")
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
                selection = try lift(model: selection.deleting([position]))
                return (position, selection)
            }
            entries = after.items
            registerPictures()
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
            selection = try lift(model: selection.movingCursor(.index(position)))
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

    /// The entries' pictures by id, for the maker's threads. An id stands for an entry's content
    /// and its file as a stat saw it.
    final class Pictures: Sendable {
        private let lock = Mutex<(ids: [Key: Int], byID: [Int: (entry: Entry, path: String, index: Int)])>(
            ([:], [:]))

        private struct Key: Hashable {
            let sha256: String
            let file: FileStamp?
            /// A picture of the crop is another picture than the whole one's.
            let crop: Crop?
        }

        /// The entries' ids, in order.
        func register(_ entries: [Entry], context: Context) -> [Int] {
            let files = entries.map { (path: context.absolutePath($0), stamp: FileStamp(context.absolutePath($0))) }
            return lock.withLock { table in
                zip(entries, files).enumerated().map { offset, pair in
                    let key = Key(sha256: pair.0.sha256, file: pair.1.stamp, crop: pair.0.crop)
                    let id = table.ids[key] ?? table.ids.count
                    table.ids[key] = id
                    table.byID[id] = (pair.0, pair.1.path, offset + 1)
                    return id
                }
            }
        }

        /// The entry's file, read whole and checked against its sha256 (as `view` draws it).
        func load(_ id: Int) -> LoadedImage? {
            guard let (entry, path, index) = lock.withLock({ $0.byID[id] }) else { return nil }
            return LoadedImage(
                facts: entry.facts, bytes: PictureLoader.shownBytes(EntryFile(entry, path: path, index: index)),
                crop: entry.crop)
        }
    }
}
