extension Selection {
    /// The album picker's Enter (`pick`): the entries `isShown` says were not among the images
    /// shown stay first, in their order; then the images picked, in the order they were picked.
    ///
    /// A picked image with the content of an entry is that entry, kept with its path, time and
    /// notes (only its place may change); the others are new and checked as `add` checks them:
    /// rules, duplicates (of a kept entry, or two picked files of one content), a path a kept
    /// entry has. The result must fit the capacity, or nothing is written: the picker kept the
    /// count within it, so only another imgsel's change meanwhile can make it not fit.
    ///
    /// The cursor follows its entry; when its entry leaves, it lands on the entry taking its
    /// place, or the new last.
    public func picking(_ picked: [Entry], isShown: (Entry) -> Bool) throws(ImgselError) -> Selection {
        let kept = items.filter { !isShown($0) }
        var chosen: [Entry] = []
        var fresh: [Entry] = []
        var reused: [Entry] = []
        var batch: [String: Int] = [:]
        for (position, entry) in picked.enumerated() {
            if let earlier = batch[entry.sha256] {
                throw .duplicateInBatch(
                    path: entry.path, sameAs: picked[earlier].path, position: position, earlier: earlier)
            }
            batch[entry.sha256] = position
            if let existing = index(ofSHA256: entry.sha256) {
                let old = items[existing - 1]
                // An entry not counted as shown has the content of a picked file: as `add`, a duplicate.
                if kept.contains(where: { $0.sha256 == old.sha256 }) {
                    throw .duplicate(path: entry.path, entry: existing)
                }
                chosen.append(old)
                reused.append(old)
            } else {
                chosen.append(entry)
                fresh.append(entry)
            }
        }
        try refuseBrokenRules(fresh)
        for entry in fresh { try refuseTakenPath(entry, keeping: kept + reused) }
        guard kept.count + chosen.count <= capacity else {
            throw .pickDoesNotFit(capacity: capacity, notShown: kept.count, picked: chosen.count)
        }
        var next = self
        next.items = kept + chosen
        next.current = cursorAfterPick(next.items)
        return next
    }

    private func cursorAfterPick(_ result: [Entry]) -> Int? {
        guard !result.isEmpty else { return nil }
        guard let current else { return 1 }
        if let same = result.firstIndex(where: { $0.sha256 == items[current - 1].sha256 }) { return same + 1 }
        // The first entry after the cursor's that stays now has the cursor's place.
        let following = items[current...].first { entry in result.contains { $0.sha256 == entry.sha256 } }
        if let following, let place = result.firstIndex(where: { $0.sha256 == following.sha256 }) {
            return place + 1
        }
        return result.count
    }
}

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

    /// The item's sha256, "" when it cannot be read now.
    public func sha256(of item: Int) -> String {
        if let known = hashes[item] { return known }
        let hash = (try? FileHash.sha256(path: images[item].path).sha256) ?? ""
        hashes[item] = hash
        return hash
    }
}
