import SelectionStore

/// `rules --targets`: each known upload target, its capacity and rules as the options that set
/// them, when its limits were last checked and the page they come from, and what that page leaves open.
enum TargetList {
    static func show(_ context: Context) {
        if context.json {
            return context.console.json(
                .array(
                    UploadTargets.all.map { target in
                        var rules = target.rules
                        rules.target = nil
                        return .object([
                            ("name", .string(target.name)), ("title", .string(target.title)),
                            ("capacity", .int(target.capacity)), ("rules", rules.json),
                            ("checked", .string(target.checked)), ("source", .string(target.source)),
                            ("note", .string(target.note)),
                        ])
                    }))
        }
        for target in UploadTargets.all {
            context.console.out("\(target.name)  \(target.title)")
            context.console.out("  --capacity \(target.capacity) " + RuleOptions.line(target.rules))
            context.console.out("  checked \(target.checked): \(target.source)")
            if !target.note.isEmpty { context.console.out("  note: \(target.note)") }
        }
    }
}
