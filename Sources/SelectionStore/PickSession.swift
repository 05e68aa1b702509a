import ImageHeaders
import SelectionModel

/// What `pick` knows while it runs: the images shown, the selection as read at the start and
/// which shown image each entry is, and the content each image was picked with. A pick is
/// judged when it is made, as Enter would judge it, so that Enter is not refused for it; and
/// Enter's toggles (`toggles(picked:)`) come from here.
///
/// Nothing is hashed up front but what `ShownImages` needs to match the entries: an image is
/// hashed when it is picked (one file a key, so a folder of hundreds starts at once).
public final class PickSession {
    public let shown: ShownImages
    /// The selection as `pick` read it at the start.
    public let start: Selection
    /// The items that start picked, in the selection's order.
    public let startPicked: [Int]
    /// Shown item → its entry's index (0-based) in `start`.
    private var entryOfItem: [Int: Int] = [:]
    /// Item → the sha256 it had when it was picked during the session.
    private var pickedWith: [Int: String] = [:]
    /// Where each entry of `start` is on disk (absolute).
    private let entryPaths: [String]

    /// - Parameter entryPath: where the kernel finds an entry's file (absolute).
    public init(images: [ListedImage], selection: Selection, entryPath: (Entry) -> String) {
        shown = ShownImages(images)
        start = selection
        entryPaths = selection.items.map(entryPath)
        var matched: [Int: Int] = [:]
        for (index, entry) in selection.items.enumerated() {
            if let item = shown.item(matching: entry, entryPath: entryPath(entry)) { matched[item] = index }
        }
        // An entry whose file changed since it was added is still that entry: it starts picked
        // at its own path (else it would count on the status line while shown unpicked).
        let byContent = Set(matched.values)
        for (index, entry) in selection.items.enumerated() where !byContent.contains(index) {
            if let item = shown.item(at: entryPath(entry)), matched[item] == nil { matched[item] = index }
        }
        entryOfItem = matched
        startPicked = matched.sorted { $0.value < $1.value }.map(\.key)
    }

    public var images: [ListedImage] { shown.images }

    /// Entries of the selection that are not among the shown images.
    public var notShownCount: Int { start.count - startPicked.count }

    /// Why `item` may not be picked now (`picked`: the items picked, in order), as Enter would
    /// refuse it: a file gone, unreadable or no image; the content of an image picked or
    /// selected; new content at a path an entry has; a rule broken. Nil when it may, and the
    /// caller then picks it: its content is remembered for what is picked after it.
    public func refusal(toPick item: Int, picked: [Int]) -> PickRefusal? {
        let image = images[item]
        let inspected: InspectedImage
        do {
            inspected = try ImageInspector.inspect(image.path)
        } catch {
            return .file(error, path: image.path, typed: image.typed)
        }
        let sha = inspected.sha256
        for (number, other) in picked.enumerated() where other != item && content(of: other) == sha {
            return .pickedAlready(path: image.typed, sameAs: images[other].typed, number: number + 1)
        }
        let existing = start.index(ofSHA256: sha)
        if let existing, !entryOfItem.values.contains(existing - 1) {
            return .selection(.duplicate(path: image.typed, entry: existing))
        }
        if let owner = entryPaths.firstIndex(of: image.path), start.items[owner].sha256 != sha {
            return .selection(.pathTaken(path: image.typed, entry: owner + 1))
        }
        if existing == nil {
            let problems = start.rules.problems(
                for: Rule.Image(facts: inspected.facts, bytes: inspected.bytes), path: image.typed)
            if let broken = SelectionError.combining(problems.map(SelectionError.ruleBroken)) {
                return .selection(broken)
            }
        }
        pickedWith[item] = sha
        return nil
    }

    /// Enter's toggles for the items picked now, in order: the entries of the items that started
    /// picked and were unpicked (or picked again) leave by content, and the items picked during
    /// the session are appended (their indices; the caller inspects them).
    public func toggles(picked: [Int]) -> (unpicked: Set<String>, appended: [Int]) {
        let now = Set(picked)
        let unpicked = startPicked.filter { !now.contains($0) || pickedWith[$0] != nil }
        let contents = unpicked.compactMap { entryOfItem[$0].map { start.items[$0].sha256 } }
        return (Set(contents), picked.filter { pickedWith[$0] != nil || entryOfItem[$0] == nil })
    }

    /// The crop of the entry a listed image is (`imgsel crop`), which its thumbnail shows; nil
    /// for an image not in the selection at the start, or one not cropped.
    public func crop(ofItem item: Int) -> Crop? {
        entryOfItem[item].flatMap { start.items.indices.contains($0) ? start.items[$0].crop : nil }
    }

    /// A picked item's content: as picked during the session, else its entry's.
    private func content(of item: Int) -> String? {
        pickedWith[item] ?? entryOfItem[item].map { start.items[$0].sha256 }
    }
}

/// Why an image may not be picked now (`PickSession.refusal(toPick:picked:)`), as values: the
/// command line words it for the status line as it words the error Enter would meet.
public enum PickRefusal: Equatable, Sendable {
    /// The file cannot be inspected; `error` names it at `path`, the user knows it as `typed`.
    case file(StoreError, path: String, typed: String)
    /// Its content is that of `sameAs`, picked as `number` in this session.
    case pickedAlready(path: String, sameAs: String, number: Int)
    /// The selection would refuse it: a duplicate, a path taken, a rule broken.
    case selection(SelectionError)
}
