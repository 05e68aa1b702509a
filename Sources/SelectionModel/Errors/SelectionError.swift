import ImageHeaders

/// Why the selection refused an operation (add, replace, move, view next, rules, crop, pick,
/// export's plan), with the values a message needs. The model decides what is refused; the
/// command line decides the words, the `--json` code and the exit status.
public enum SelectionError: Error, Equatable, Sendable {
    case selectionFull(capacity: Int, count: Int, adding: Int)
    case indexOutOfRange(index: String, count: Int)
    case duplicate(path: String, entry: Int)
    /// `position` and `earlier` are the two files' places in the batch (from 0), so that the
    /// command line can name each as typed even when both are stored under one path.
    case duplicateInBatch(path: String, sameAs: String, position: Int, earlier: Int)
    /// A file whose content is new under a path an entry already has: that entry's file changed.
    case pathTaken(path: String, entry: Int)
    case emptySelection
    case noNextEntry(current: Int, count: Int)
    case noPreviousEntry
    /// An image given breaks one of the selection's rules.
    case ruleBroken(RuleProblem)
    /// An entry breaks a rule being set; `rulesRefused` follows the last of them.
    case entryBreaksRule(index: Int, RuleProblem)
    case rulesRefused(entries: Int)
    /// The crop asked for breaks a rule (each one an `entryBreaksRule` before this).
    case cropRefused(index: Int)
    /// The crop asked for is not inside entry `index`'s upright picture (`width`×`height`).
    case cropOutside(index: Int, width: Int, height: Int, crop: Crop)
    /// Rules no image or set could keep (`Rules.conflicts`).
    case ruleConflict(RuleConflict)
    /// `pick`'s toggles on the selection as it is by Enter would hold `count`, over `capacity`.
    case pickDoesNotFit(capacity: Int, count: Int)
    /// Export cannot make this entry (or, `entry` nil, the set) what the limits ask.
    case exportRefused(path: String?, entry: Int?, reason: ExportRefusal)
    /// Export must make the entry again and cannot decode it (the caller's registry says why).
    case undecodable(path: String, DecodeRefusal)
    /// Several refusals of one operation, each reported.
    case several([SelectionError])

    /// One error for several refusals; nil when there are none.
    public static func combining(_ failures: [SelectionError]) -> SelectionError? {
        failures.count <= 1 ? failures.first : .several(failures)
    }
}

/// Why export cannot make an entry (or the set) what the limits ask.
public enum ExportRefusal: Equatable, Sendable {
    /// A rule the entry (or the set) breaks in a way export cannot mend.
    case rule(RuleProblem)
    /// The entry must be made again and `types` (the rule and export's option together) allows
    /// neither format export writes.
    case neitherFormat(allowed: [ImageType])
}
