import SelectionStore
import TerminalImage

/// What every command runs against: the store, where the album is, how to print.
struct Context {
    let store: Store
    let albumFolder: String
    let cwd: String
    let console: Console
    /// `--graphics`, checked; nil when not given (then `$IMGSEL_GRAPHICS`, else auto).
    var graphics: GraphicsRequest? = nil
    /// `--no-color`: auto-detection draws no half blocks then (NO_COLOR is read with the rest).
    var noColorOption = false

    /// What the run took from its process (environment, descriptors, sinks).
    var io: ProcessIO { console.io }
    var json: Bool { console.json }
    var quiet: Bool { console.quiet }

    /// How an entry's path is printed: so that it works from the current directory.
    func displayPath(_ entry: Entry) -> String {
        PathName.display(absolutePath(entry), cwd: cwd)
    }

    /// How every command's JSON names an image, one meaning each: `path` as the selection
    /// file stores it, `display_path` as a path that works from the current directory.
    func pathMembers(_ entry: Entry) -> [(String, JSONValue)] {
        [("path", .string(entry.path)), ("display_path", .string(displayPath(entry)))]
    }

    /// The same for a file that is no entry (`info`, a failing input): what `add` would store.
    func pathMembers(forInput typed: String) -> [(String, JSONValue)] {
        let absolute = PhysicalPath.absoluteOnDisk(typed, base: cwd)
        return [
            ("path", .string(PathName.stored(absolute, selectionFolder: store.folder))),
            ("display_path", .string(PathName.display(absolute, cwd: cwd))),
        ]
    }

    /// Where the kernel finds the entry's file (a `..` in a hand-written path is walked on disk).
    func absolutePath(_ entry: Entry) -> String {
        PhysicalPath.absoluteOnDisk(entry.path, base: store.folder)
    }

    /// The entry `add` would record for an inspected file typed as `path`.
    func entry(for path: String, _ image: InspectedImage) -> Entry {
        Entry(recording: image, typed: path, cwd: cwd, selectionFolder: store.folder)
    }

    /// Inspects every file before reporting; all of them fail together (exit 3). Each entry comes
    /// with its fingerprint (SPEC "Alike"), so the commands that add it compare under the lock
    /// without decoding anything.
    func inspectAll(_ paths: [String]) throws(ImgselError) -> [Entry] {
        withFingerprints(try lift(store: ImageInspector.entries(for: paths, cwd: cwd, selectionFolder: store.folder)))
    }

    /// Runs `body`; an error naming an entry's stored path names it as the user typed it instead.
    func namingInputs<T>(
        _ entries: [Entry], as typed: [String], _ body: () throws(ImgselError) -> T
    ) throws(ImgselError) -> T {
        do {
            return try body()
        } catch {
            // `add ./a.png a.png`: two inputs stored under one path are told apart by their places.
            if case let .duplicateInBatch(_, _, position, earlier) = error, typed.indices.contains(position),
                typed.indices.contains(earlier)
            {
                throw .duplicateInBatch(
                    path: typed[position], sameAs: typed[earlier], position: position, earlier: earlier)
            }
            var renamed = error
            for (entry, path) in zip(entries, typed) { renamed = renamed.replacingPath(entry.path, with: path) }
            throw renamed
        }
    }
}
