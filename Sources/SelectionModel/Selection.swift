/// The ordered selection with its cursor, as a value with pure operations.
///
/// Every operation returns a new value or throws, touching no disk, so the
/// rules of the nine-grid and the browser are tested as plain functions and
/// `Store.update` can write the result atomically or not at all.
public struct Selection: Equatable, Sendable {
    public static let defaultCapacity = 9
    public static let capacityRange = 1...99
    /// "1–99": the range as help and messages give it.
    public static var capacityRangeText: String { "\(capacityRange.lowerBound)–\(capacityRange.upperBound)" }

    public internal(set) var capacity: Int
    /// 1-based index of the browser's current entry; nil exactly when empty.
    public internal(set) var current: Int?
    public internal(set) var items: [Entry]
    /// The upload rules each image added must keep (see Selection+Rules.swift); empty for most.
    public internal(set) var rules: Rules
    /// Top-level members this version does not know, kept for the next write (see `Entry.otherFields`).
    public var otherFields: JSONValue = .object([])

    public init(capacity: Int = Selection.defaultCapacity, rules: Rules = Rules()) {
        self.capacity = capacity
        self.current = nil
        self.items = []
        self.rules = rules
    }

    /// Builds a selection from stored fields, refusing any that disagree. Entries may break the
    /// rules (`rules --force` keeps them, for `check` to report); the rules may not contradict.
    public init(capacity: Int, current: Int?, items: [Entry], rules: Rules = Rules()) throws(ConsistencyError) {
        guard Self.capacityRange.contains(capacity) else {
            throw .fields("capacity \(capacity) is outside \(Self.capacityRangeText)")
        }
        guard items.count <= capacity else {
            throw .fields("\(items.count) items exceed the capacity of \(capacity)")
        }
        if items.isEmpty {
            guard current == nil else { throw .fields("\"current\" must be null when there are no items") }
        } else {
            guard let c = current, (1...items.count).contains(c) else {
                throw .fields("\"current\" must be an index from 1 to \(items.count)")
            }
        }
        var seen: [String: Int] = [:]
        for (i, item) in items.enumerated() {
            if let first = seen[item.sha256] {
                throw .fields("items \(first) and \(i + 1) have the same sha256")
            }
            seen[item.sha256] = i + 1
        }
        if let conflict = rules.conflicts(capacity: capacity).first { throw .rules(conflict) }
        self.capacity = capacity
        self.current = current
        self.items = items
        self.rules = rules
    }

    /// Why stored fields do not make a selection.
    public enum ConsistencyError: Error, Equatable, Sendable {
        /// The fields disagree; `reason` says how, in the file's terms.
        case fields(String)
        /// The rules contradict each other or the capacity.
        case rules(RuleConflict)
    }

    public var count: Int { items.count }
    public var isFull: Bool { items.count >= capacity }

    /// The 1-based index of the entry with this content, if selected.
    public func index(ofSHA256 sha: String) -> Int? {
        items.firstIndex(where: { $0.sha256 == sha }).map { $0 + 1 }
    }

    // MARK: - Operations of the nine-grid

    /// Appends in order, all or nothing: an image that breaks a rule (every one reported), a
    /// duplicate (of an entry or within the batch), a path an entry already has, or passing the
    /// capacity adds none of them.
    public func adding(_ entries: [Entry]) throws(SelectionError) -> Selection {
        try refuseBrokenRules(entries)
        var batch: [String: Int] = [:]
        for (position, entry) in entries.enumerated() {
            if let existing = index(ofSHA256: entry.sha256) {
                throw .duplicate(path: entry.path, entry: existing)
            }
            try refuseTakenPath(entry, keeping: items)
            if let earlier = batch[entry.sha256] {
                throw .duplicateInBatch(
                    path: entry.path, sameAs: entries[earlier].path, position: position, earlier: earlier)
            }
            batch[entry.sha256] = position
        }
        guard items.count + entries.count <= capacity else {
            throw .selectionFull(capacity: capacity, count: items.count, adding: entries.count)
        }
        var next = self
        next.items += entries
        if next.current == nil, !next.items.isEmpty { next.current = 1 }
        return next
    }

    /// The re-pick: the new image takes the old one's place and the cursor stays.
    public func replacing(at index: Int, with entry: Entry) throws(SelectionError) -> Selection {
        try checkIndex(index)
        try refuseBrokenRules([entry])
        if let existing = self.index(ofSHA256: entry.sha256), existing != index {
            throw .duplicate(path: entry.path, entry: existing)
        }
        var others = items
        others.remove(at: index - 1)
        try refuseTakenPath(entry, keeping: others)
        var next = self
        next.items[index - 1] = entry
        return next
    }

    /// Removes entries named by their indices before the command; the cursor
    /// follows its entry, or lands on the one taking its place, or the new last.
    public func deleting(_ indices: [Int]) throws(SelectionError) -> Selection {
        for i in indices { try checkIndex(i) }
        let doomed = Set(indices)
        var next = self
        next.items = items.enumerated().filter { !doomed.contains($0.offset + 1) }.map(\.element)
        next.current = cursorAfterRemoving(doomed, remaining: next.items.count)
        return next
    }

    /// The entry at `from` ends up at `to`; the cursor keeps pointing at its entry.
    public func moving(from: Int, to: Int) throws(SelectionError) -> Selection {
        try checkIndex(from)
        try checkIndex(to)
        var next = self
        let entry = next.items.remove(at: from - 1)
        next.items.insert(entry, at: to - 1)
        if let c = current {
            if c == from {
                next.current = to
            } else if from < c, c <= to {
                next.current = c - 1
            } else if to <= c, c < from {
                next.current = c + 1
            }
        }
        return next
    }

    /// The album picker's taps: each file whose content is not selected is added, each
    /// selected one removed, in the order given; capacity is judged on the result. Only the
    /// net change happens: one content given twice (under any names) cancels out, so an
    /// entry removed and given again stays where it was, with its path and time. An image to be
    /// added that breaks a rule refuses the whole command, removals too.
    public func toggling(_ entries: [Entry]) throws(SelectionError) -> Selection {
        var removedOriginals = Set<Int>()
        var appended: [Entry] = []
        for entry in entries {
            if let original = index(ofSHA256: entry.sha256) {
                if removedOriginals.remove(original) == nil { removedOriginals.insert(original) }
            } else if let i = appended.firstIndex(where: { $0.sha256 == entry.sha256 }) {
                appended.remove(at: i)
            } else {
                appended.append(entry)
            }
        }
        let kept = items.enumerated().filter { !removedOriginals.contains($0.offset + 1) }.map(\.element)
        try refuseBrokenRules(appended)
        for entry in appended { try refuseTakenPath(entry, keeping: kept) }
        guard kept.count + appended.count <= capacity else {
            throw .selectionFull(capacity: capacity, count: count, adding: kept.count + appended.count - count)
        }
        var next = self
        next.items = kept + appended
        next.current = cursorAfterRemoving(removedOriginals, remaining: next.items.count)
        return next
    }

    public func cleared() -> Selection {
        var next = self
        next.items = []
        next.current = nil
        return next
    }

    // MARK: - The browser's cursor

    /// Where `view` may move the cursor.
    public enum CursorTarget: Equatable, Sendable {
        case first, last, next, previous
        case index(Int)
    }

    /// Moves the cursor; `next` at the last entry (and `previous` at the first)
    /// refuses so that `while imgsel view next` ends.
    public func movingCursor(_ target: CursorTarget) throws(SelectionError) -> Selection {
        guard let c = current, !items.isEmpty else {
            if case let .index(i) = target { throw .indexOutOfRange(index: String(i), count: 0) }
            throw .emptySelection
        }
        var next = self
        switch target {
        case .first: next.current = 1
        case .last: next.current = items.count
        case .next:
            guard c < items.count else { throw .noNextEntry(current: c, count: items.count) }
            next.current = c + 1
        case .previous:
            guard c > 1 else { throw .noPreviousEntry }
            next.current = c - 1
        case let .index(i):
            try checkIndex(i)
            next.current = i
        }
        return next
    }

    /// Two entries under one path would be one file recorded twice, the older record stale
    /// (its file was overwritten since): `replace` is the way to record the new content.
    func refuseTakenPath(_ entry: Entry, keeping kept: [Entry]) throws(SelectionError) {
        guard let owner = kept.first(where: { $0.path == entry.path }), let index = index(ofSHA256: owner.sha256) else {
            return
        }
        throw .pathTaken(path: entry.path, entry: index)
    }

    /// Refuses an index outside 1...count with the index the user typed.
    public func checkIndex(_ index: Int) throws(SelectionError) {
        guard index >= 1, index <= items.count else {
            throw .indexOutOfRange(index: String(index), count: items.count)
        }
    }

    private func cursorAfterRemoving(_ removed: Set<Int>, remaining: Int) -> Int? {
        guard remaining > 0 else { return nil }
        guard let c = current else { return 1 }
        let before = removed.filter { $0 < c }.count
        // A removed cursor entry is replaced by the next survivor, which now has the same new index.
        return min(c - before, remaining)
    }
}

extension Selection {
    /// Keeps `fingerprint` for the entry at `index` (1-based), when there is one: an entry's
    /// fingerprint is made lazily (a file written before they were kept) and changes nothing else.
    public mutating func keepFingerprint(_ fingerprint: String?, at index: Int) {
        guard let fingerprint, items.indices.contains(index - 1) else { return }
        items[index - 1].fingerprint = fingerprint
    }
}
