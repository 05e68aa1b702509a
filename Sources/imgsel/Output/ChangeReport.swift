import SelectionStore

/// What `toggle` and `pick` changed: `removed 2  a.jpg` for each entry that left (its index
/// before), then `added 3  b.jpg` for each that came (its index after); `--json` the same as
/// `{"removed":[…],"added":[…],"count":N}`.
enum ChangeReport {
    static func print(before: Selection, after: Selection, _ context: Context) {
        var changes: [(String, Int, Entry)] = []
        for (i, entry) in before.items.enumerated() where after.index(ofSHA256: entry.sha256) == nil {
            changes.append(("removed", i + 1, entry))
        }
        for (i, entry) in after.items.enumerated() where before.index(ofSHA256: entry.sha256) == nil {
            changes.append(("added", i + 1, entry))
        }
        if context.json {
            context.console.json(
                .object(
                    ["removed", "added"].map { kind in
                        (
                            kind,
                            .array(
                                changes.filter { $0.0 == kind }.map {
                                    Format.entryJSON($0.2, index: $0.1, context: context)
                                })
                        )
                    } + [("count", .int(after.count))]))
        }
        for (kind, index, entry) in changes {
            context.console.confirm("\(kind) \(index)  \(context.displayPath(entry))")
        }
    }
}
