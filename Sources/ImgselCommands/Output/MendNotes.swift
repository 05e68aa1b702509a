import SelectionStore

extension Context {
    /// Says on stderr what `export` will change in each new entry to keep the rules
    /// (`IMG_4.heic: export makes it a JPEG (--types jpeg,png) within 2 MB (--max-bytes)`), so
    /// that an image the rules let in because export mends it does not surprise anyone later.
    /// A note, not a warning: nothing is wrong. `-q` leaves it out.
    func noteMends(_ entries: [(index: Int, entry: Entry)], rules: Rules) {
        guard !quiet, !rules.isEmpty else { return }
        for (index, entry) in entries {
            let judged = rules.judge(Rule.Image(entry), path: entry.path)
            guard let mending = judged.mending else { continue }
            if json {
                let members: [(String, JSONValue)] =
                    [("index", .int(index))] + pathMembers(entry) + [
                        ("rules", .array(judged.mends.map { .string($0.rule.name.rawValue) })),
                        ("message", .string(mending)), ("mended-by-export", .bool(true)),
                    ]
                console.errText(JSONWriter.compact(.object([("note", .object(members))])))
            } else {
                console.errText(Format.printable("imgsel: note: \(displayPath(entry)): \(mending)"))
            }
        }
    }
}
