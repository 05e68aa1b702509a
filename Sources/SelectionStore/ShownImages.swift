import SelectionModel

/// Which of `pick`'s shown files hold the content of a selection entry: matched by content,
/// as `toggle` matches, but hashing only the shown files of the entry's byte count (the one
/// with the entry's own path first), each at most once. Entries already selected then start
/// selected without every shown file being hashed.
public final class ShownImages {
    public let images: [ListedImage]
    private let bySize: [Int: [Int]]
    private var hashes: [Int: String] = [:]

    public init(_ images: [ListedImage]) {
        self.images = images
        bySize = Dictionary(grouping: images.indices, by: { images[$0].bytes })
    }

    /// The shown item with the content of `entry`, whose file is at `entryPath` (absolute).
    public func item(matching entry: Entry, entryPath: String) -> Int? {
        guard let candidates = bySize[entry.bytes] else { return nil }
        let ordered =
            candidates.filter { images[$0].path == entryPath } + candidates.filter { images[$0].path != entryPath }
        return ordered.first { sha256(of: $0) == entry.sha256 }
    }

    /// The shown item at `entryPath` (absolute), whatever its content.
    public func item(at entryPath: String) -> Int? {
        images.firstIndex { $0.path == entryPath }
    }

    /// The item's sha256, "" when it cannot be read now.
    public func sha256(of item: Int) -> String {
        if let known = hashes[item] { return known }
        let hash = (try? FileHash.sha256(path: images[item].path).sha256) ?? ""
        hashes[item] = hash
        return hash
    }
}
