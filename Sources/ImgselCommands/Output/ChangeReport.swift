import SelectionStore

/// What `toggle` and `pick` changed: `removed 2  a.jpg` for each entry that left (its index
/// before), then `added 3  b.jpg` for each that came (its index after), then, for `pick`,
/// `moved 1 → 2  c.jpg` for each entry the user moved (unpicked and picked again) whose index
/// changed. `--json` the same as `{"removed":[…],"added":[…],"count":N}`, and `pick`'s with
/// `"moved":[…]` before the count, each entry with its `from` and `to`.
enum ChangeReport {
    /// - Parameter moved: the contents of the entries moved; nil for a command that never moves
    ///   one (`toggle`), whose JSON then has no `moved`.
    static func write(before: Selection, after: Selection, moved: Set<String>? = nil, _ context: Context) {
        var changes: [(String, Int, Entry)] = []
        for (i, entry) in before.items.enumerated() where after.index(ofSHA256: entry.sha256) == nil {
            changes.append(("removed", i + 1, entry))
        }
        for (i, entry) in after.items.enumerated() where before.index(ofSHA256: entry.sha256) == nil {
            changes.append(("added", i + 1, entry))
        }
        var moves: [(from: Int, to: Int, entry: Entry)] = []
        for (i, entry) in after.items.enumerated() where moved?.contains(entry.sha256) == true {
            if let from = before.index(ofSHA256: entry.sha256), from != i + 1 { moves.append((from, i + 1, entry)) }
        }
        if context.json {
            var members: [(String, JSONValue)] = ["removed", "added"].map { kind in
                (
                    kind,
                    .array(
                        changes.filter { $0.0 == kind }.map { Format.entryJSON($0.2, index: $0.1, context: context) })
                )
            }
            if moved != nil {
                members.append(("moved", .array(moves.map { Self.moveJSON($0.from, $0.to, $0.entry, context) })))
            }
            context.console.json(.object(members + [("count", .int(after.count))]))
        }
        for (kind, index, entry) in changes {
            context.console.confirm("\(kind) \(index)  \(context.displayPath(entry))")
        }
        context.noteMends(changes.filter { $0.0 == "added" }.map { ($0.1, $0.2) }, rules: after.rules)
        for (from, to, entry) in moves {
            context.console.confirm("moved \(from) → \(to)  \(context.displayPath(entry))")
        }
    }

    /// `{"from":1,"to":2,"index":2,…the entry…}`, as `move --json` gives `from` and `to`.
    private static func moveJSON(_ from: Int, _ to: Int, _ entry: Entry, _ context: Context) -> JSONValue {
        guard case let .object(pairs) = Format.entryJSON(entry, index: to, context: context) else { return .null }
        return .object([("from", .int(from)), ("to", .int(to))] + pairs)
    }
}
