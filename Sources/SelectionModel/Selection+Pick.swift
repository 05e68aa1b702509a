/// What the user did in `pick`, as Enter applies it onto the selection as it is then.
public struct PickToggles: Equatable, Sendable {
    /// The contents (sha256) of the entries the user unpicked, including those picked again.
    public var unpicked: Set<String>
    /// The images picked during the session (new, or unpicked and picked again), in the order
    /// of their numbers, as inspected at Enter.
    public var picked: [Entry]

    public init(unpicked: Set<String> = [], picked: [Entry] = []) {
        self.unpicked = unpicked
        self.picked = picked
    }
}

extension Selection {
    /// The album picker's Enter (`pick`): the user's toggles onto the selection as it is now.
    /// The entries unpicked leave; the images picked are appended in the order of their numbers;
    /// every other entry stays where it is, even one another imgsel added or moved meanwhile.
    ///
    /// A picked image with the content of an entry is that entry, moved to its new number and
    /// kept with its path, time and notes (the user unpicked it and picked it again, or another
    /// imgsel added it meanwhile); the others are new and checked as `add` checks them: rules,
    /// two picked files of one content, a path an entry has with other content. The result must
    /// fit the capacity, or nothing is written: the picker kept the count within it, so only
    /// another imgsel's change meanwhile can make it not fit.
    ///
    /// The cursor follows its entry; when its entry leaves, it lands on the entry taking its
    /// place, or the new last.
    public func picking(_ toggles: PickToggles) throws(SelectionError) -> Selection {
        var batch: [String: Int] = [:]
        for (position, entry) in toggles.picked.enumerated() {
            if let earlier = batch[entry.sha256] {
                throw .duplicateInBatch(
                    path: entry.path, sameAs: toggles.picked[earlier].path, position: position, earlier: earlier)
            }
            batch[entry.sha256] = position
        }
        let staying = items.filter { !toggles.unpicked.contains($0.sha256) && batch[$0.sha256] == nil }
        var appended: [Entry] = []
        var fresh: [Entry] = []
        for entry in toggles.picked {
            if let existing = index(ofSHA256: entry.sha256) {
                appended.append(items[existing - 1])
            } else {
                appended.append(entry)
                fresh.append(entry)
            }
        }
        try refuseBrokenRules(fresh)
        // Against every entry, the unpicked too: new content at an entry's path is its file changed.
        for entry in fresh { try refuseTakenPath(entry, keeping: items) }
        let result = staying + appended
        guard result.count <= capacity else { throw .pickDoesNotFit(capacity: capacity, count: result.count) }
        var next = self
        next.items = result
        next.current = cursorAfterPick(result)
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
