extension Selection {
    /// Refuses images that break a rule, every broken rule of every image one error, in order.
    func refuseBrokenRules(_ entries: [Entry]) throws(SelectionError) {
        let broken = entries.flatMap { rules.problems(for: $0) }.map(SelectionError.ruleBroken)
        if let error = SelectionError.combining(broken) { throw error }
    }

    /// The same selection under `new` rules (they replace the old ones whole). Refused when the
    /// rules contradict each other or the capacity, and when an entry breaks, in a way export
    /// cannot mend, a rule that is new or changed here, naming every such entry; `force` keeps
    /// those entries, for `check` to report.
    public func settingRules(_ new: Rules, force: Bool, capacity: Int? = nil) throws(SelectionError) -> Selection {
        // A target's capacity (`rules --target`) replaces the selection's, when its entries fit.
        if let capacity, count > capacity, let target = new.target {
            throw .ruleConflict(.entriesAboveCapacity(target: target, capacity: capacity, count: count))
        }
        let newCapacity = capacity ?? self.capacity
        if let error = SelectionError.combining(new.conflicts(capacity: newCapacity).map(SelectionError.ruleConflict)) {
            throw error
        }
        // What entries break under the new rules that they did not break before, or that breaks a rule
        // set here (`--as-is` turns what export mended into what they break).
        let changed = Set(new.all.filter { rules[$0.name] != $0 }.map(\.name))
        let before = Set(entriesBreaking().map { "\($0.index) \($0.problem.rule.name.rawValue)" })
        if !force {
            let broken = entriesBreaking(new).filter {
                changed.contains($0.problem.rule.name)
                    || !before.contains("\($0.index) \($0.problem.rule.name.rawValue)")
            }
            if !broken.isEmpty {
                let entries = Set(broken.map(\.index)).count
                throw .several(
                    broken.map { .entryBreaksRule(index: $0.index, $0.problem) } + [.rulesRefused(entries: entries)])
            }
        }
        var next = self
        next.rules = new
        next.capacity = newCapacity
        return next
    }

    /// Every rule every entry breaks in a way export cannot mend (any way, under `--as-is`), by
    /// 1-based index, in order: what `check` reports (besides `rules.shortfall(count:)`).
    public func entriesBreaking(_ rules: Rules? = nil) -> [(index: Int, problem: RuleProblem)] {
        let judged = rules ?? self.rules
        return items.enumerated().flatMap { offset, entry in
            judged.problems(for: entry).map { (index: offset + 1, problem: $0) }
        }
    }
}

extension Selection {
    /// The same selection with `alpha(entry)` as the alpha of each entry not known to have one or
    /// not: what `--no-alpha` judges, looked up in the files (the selection file does not record it).
    public func knowingAlpha(_ alpha: (Entry) -> Bool?) -> Selection {
        var known = self
        for index in items.indices where items[index].alpha == nil {
            known.items[index].alpha = alpha(items[index])
        }
        return known
    }
}
