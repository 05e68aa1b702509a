import ImageDecoding
import SelectionStore

/// Every way a command can fail, with what its message needs.
///
/// One enum so that the executable maps each case to one exit code, one stable
/// `--json` code and one line of text, and tests compare cases instead of strings.
/// The libraries throw their own typed errors, carrying values and no words;
/// `ImgselError+Libraries.swift` makes each one of these, so this is the one place
/// that decides what a failure says and how imgsel exits.
public enum ImgselError: Error, Equatable, Sendable {
    // 1: refused by the selection's state
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
    case selectionExists(path: String)
    case checkFailed(problems: Int)
    /// `similar` found pictures that look alike: the groups are its output, the status says there are some.
    case alikeFound(groups: Int)
    /// More paths on stdin than the command could ever use (`yes | imgsel add -`).
    case tooManyPaths(limit: Int)
    /// An image `add`, `replace` or `toggle` was given breaks one of the selection's rules.
    case ruleBroken(RuleProblem)
    /// An entry breaks a rule `rules` was asked to set; `rulesRefused` follows the last of them.
    case entryBreaksRule(index: Int, RuleProblem)
    case rulesRefused(entries: Int)
    /// `crop`: the crop asked for breaks a rule (each one an `entryBreaksRule` before this).
    case cropRefused(index: Int)
    /// Rules no image or set could keep: a minimum above its maximum, `--min-count` above the capacity.
    case ruleConflict(RuleConflict)
    /// `pick`'s Enter: another imgsel changed the selection meanwhile, so that with the user's
    /// toggles it would hold `count` entries, more than its capacity.
    case pickDoesNotFit(capacity: Int, count: Int)
    /// The entry `browse` showed was removed by another imgsel meanwhile.
    case entryGone(path: String)
    /// `export` cannot make this entry (or, `entry` nil, the set) what the limits ask: too small,
    /// of a forbidden aspect, of no format `--types` allows, over `--max-bytes` even at 64×64.
    case exportRefused(path: String?, entry: Int?, reason: String)
    /// `export` would write a name DIR already holds, and was not given `--force`.
    case fileExists(path: String)
    // 2: usage
    case usage(String)
    /// `pick` and `browse` without a controlling terminal (cron, a pipeline with no tty).
    case needsTerminal(command: String, reason: String)
    // 3: an input file
    case inputMissing(path: String)
    case inputNotRegular(path: String, kind: String)
    case inputUnreadable(path: String, reason: String)
    /// A file name whose bytes are not UTF-8: the selection file (JSON) cannot record it,
    /// and Swift would quietly turn it into another name. `path` shows the bad bytes as `\xNN`.
    case nameNotUTF8(path: String)
    case notAnImage(path: String, reason: String)
    case inputChanged(path: String, entry: Int)
    /// An entry's file is not as recorded, named as `check` names it (`entry 2 (a.jpg): file is missing`).
    case entryFile(index: Int, path: String, problem: EntryFileProblem)
    /// An image of a supported type whose pixels cannot be had: damaged, or too large to decode.
    case undecodable(path: String, problem: PictureProblem)
    /// A copy whose metadata cannot be removed, its structure damaged: refused as undecodable is.
    case metadataUnremovable(path: String, MetadataStrip.StripError)
    /// What `-` read from stdin is not a list of paths: binary data, NULs without `-0`, a line too long.
    case notAPathList(reason: String)
    // the first one's code: several failures of one command, each reported
    case several([ImgselError])
    // 4: the selection file
    case invalidSelectionFile(path: String, reason: String)
    case newerVersion(path: String, version: Int)
    /// Only init, add and toggle make a selection file; any other command finding none says so.
    case noSelection(path: String)
    // 5: writing
    case writeFailed(path: String, reason: String)
    /// Standard output could not take what a command printed (a full disk behind `>`):
    /// the command's own work may be done, so the message does not say "nothing was changed".
    case outputFailed(reason: String)
    // 6: the lock
    case lockTimeout(path: String, seconds: Double)
    // 130: the user cancelled a full-screen command; `what` says what was left as it was
    case cancelled(command: String, what: String)

    /// The process exit status the contract assigns to this failure.
    public var exitCode: Int32 { exitStatus.rawValue }

    public var exitStatus: ExitStatus {
        switch self {
        case .selectionFull, .indexOutOfRange, .duplicate, .duplicateInBatch, .pathTaken, .emptySelection,
            .noNextEntry, .noPreviousEntry, .selectionExists, .checkFailed, .alikeFound, .tooManyPaths, .ruleBroken,
            .entryBreaksRule, .rulesRefused, .cropRefused, .ruleConflict, .pickDoesNotFit, .entryGone, .exportRefused,
            .fileExists:
            return .refused
        case .usage, .needsTerminal: return .usage
        case .inputMissing, .inputNotRegular, .inputUnreadable, .nameNotUTF8, .notAnImage, .inputChanged, .undecodable,
            .metadataUnremovable, .notAPathList, .entryFile:
            return .input
        case let .several(errors): return errors.first?.exitStatus ?? .refused
        case .invalidSelectionFile, .newerVersion, .noSelection: return .selectionFile
        case .writeFailed, .outputFailed: return .writing
        case .lockTimeout: return .lock
        case .cancelled: return .cancelled
        }
    }

    /// A stable kebab-case name for scripts reading `--json` errors.
    public var code: String {
        switch self {
        case .selectionFull, .tooManyPaths, .pickDoesNotFit: return "selection-full"
        case .entryGone: return "entry-gone"
        case .exportRefused: return "export-refused"
        case .fileExists: return "file-exists"
        case .needsTerminal: return "no-terminal"
        case .cancelled: return "cancelled"
        case .indexOutOfRange: return "index-out-of-range"
        case .duplicate, .duplicateInBatch: return "duplicate"
        case .pathTaken: return "path-taken"
        case .emptySelection: return "empty-selection"
        case .noNextEntry: return "no-next-entry"
        case .noPreviousEntry: return "no-previous-entry"
        case .selectionExists: return "selection-exists"
        case .checkFailed: return "check-failed"
        case .alikeFound: return "alike-found"
        case .ruleBroken, .entryBreaksRule, .rulesRefused, .cropRefused: return "rule-broken"
        case .ruleConflict: return "rule-conflict"
        case .usage: return "usage"
        case .inputMissing: return "input-missing"
        case .inputNotRegular: return "input-not-regular"
        case .inputUnreadable: return "input-unreadable"
        case .nameNotUTF8: return "name-not-utf8"
        case .notAnImage: return "not-an-image"
        case .undecodable, .metadataUnremovable: return "undecodable"
        case .inputChanged: return "input-changed"
        case let .entryFile(_, _, problem): return problem.inputCode
        case .notAPathList: return "not-a-path-list"
        case let .several(errors): return errors.first?.code ?? "several"
        case .invalidSelectionFile: return "invalid-selection-file"
        case .newerVersion: return "newer-version"
        case .noSelection: return "no-selection"
        case .writeFailed: return "write-failed"
        case .outputFailed: return "output-failed"
        case .lockTimeout: return "lock-timeout"
        }
    }

    /// One line naming the file or index and what is wrong with it.
    public var message: String {
        switch self {
        case let .selectionFull(capacity, count, adding):
            if count >= capacity {
                return "the selection is full (\(count) of \(capacity)): "
                    + (adding == 1 ? "1 more image does not fit" : "\(adding) more images do not fit")
            }
            let what = adding == 1 ? "1 image does not fit" : "\(adding) images do not fit"
            return count == 0
                ? "\(what): the selection takes \(capacity)"
                : "\(what): the selection holds \(count) of \(capacity), room for \(capacity - count)"
        case let .indexOutOfRange(index, count):
            return count == 0
                ? "index \(index) is out of range: the selection is empty"
                : "index \(index) is out of range: the selection has \(count) \(count == 1 ? "entry" : "entries")"
        case let .duplicate(path, entry):
            return "\(path): already selected as entry \(entry) (same content)"
        case let .duplicateInBatch(path, sameAs, _, _):
            return "\(path): same content as \(sameAs), given earlier in this command"
        case let .pathTaken(path, entry):
            return
                "\(path): entry \(entry) already has this path, with the content it had when added"
                + "; 'imgsel replace \(entry) \(path)' records the new content"
        case .emptySelection:
            return "the selection is empty"
        case let .noNextEntry(current, count):
            return "no next entry: \(current) / \(count) is the last"
        case .noPreviousEntry:
            return "no previous entry: 1 is the first"
        case let .selectionExists(path):
            return "\(path): a selection already exists (use --force to replace it)"
        case let .checkFailed(problems):
            return "check found \(problems) \(problems == 1 ? "problem" : "problems")"
        case let .alikeFound(groups):
            return groups == 1 ? "1 group of alike images" : "\(groups) groups of alike images"
        case let .tooManyPaths(limit):
            return "standard input: more than \(limit) paths, more than any selection can take in one command"
        case let .ruleBroken(problem):
            return problem.message
        case let .entryBreaksRule(index, problem):
            return "entry \(index)" + (problem.path.map { " (\($0))" } ?? "") + ": " + problem.description
        case let .rulesRefused(entries):
            return (entries == 1 ? "1 entry breaks" : "\(entries) entries break")
                + " the rules given, so none was set (--force sets them anyway, and check reports those entries)"
        case let .cropRefused(index):
            return
                "the crop breaks a rule, so entry \(index) was left as it was (--force keeps it, and check reports it)"
        case let .ruleConflict(conflict):
            return conflict.words
        case let .exportRefused(path, entry, reason):
            let named = [entry.map { "entry \($0)" }, path.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
            return named.isEmpty ? "export refused: \(reason)" : "\(named): \(reason)"
        case let .fileExists(path):
            return "\(path): already exists; nothing was written (--force replaces the names export writes)"
        case let .pickDoesNotFit(capacity, count):
            return
                "another imgsel changed the selection while pick ran: with these picks it would hold \(count)"
                + " of \(capacity); nothing was written"
        case let .entryGone(path):
            return "\(path): no longer in the selection (another imgsel removed it)"
        case let .needsTerminal(command, reason):
            return "\(command) needs a terminal (/dev/tty: \(reason))"
        case let .cancelled(command, what):
            return "\(command) cancelled: \(what)"
        case let .usage(text):
            return text
        case let .inputMissing(path):
            return "\(path): no such file"
        case let .inputNotRegular(path, kind):
            return "\(path): not a regular file (\(kind))"
        case let .inputUnreadable(path, reason):
            return "\(path): cannot read: \(reason)"
        case let .nameNotUTF8(path):
            return "\(path): the name is not valid UTF-8, which the selection file cannot record"
        case let .notAnImage(path, reason):
            return "\(path): not a supported image (\(reason))"
        case let .undecodable(path, problem):
            return "\(path): \(problem.reason)"
        case let .metadataUnremovable(path, problem):
            return "\(path): \(problem.reason)"
        case let .inputChanged(path, entry):
            return "\(path): entry \(entry) changed since it was added (size or sha256 differs)"
        case let .entryFile(index, path, problem):
            return "entry \(index) (\(path)): \(problem.words)"
        case let .notAPathList(reason):
            return "standard input: not a list of paths: \(reason)"
        case let .several(errors):
            return errors.map(\.message).joined(separator: "; ")
        case let .invalidSelectionFile(path, reason):
            return "\(path): not a valid imgsel selection file: \(reason) (left untouched)"
        case let .noSelection(path):
            return "no selection file at \(path) ('imgsel init' or 'imgsel add' makes one)"
        case let .newerVersion(path, version):
            return
                "\(path): selection file version \(version) is newer than this imgsel understands"
                + " (\(SelectionFile.newestVersion)); left untouched"
        case let .writeFailed(path, reason):
            return "\(path): cannot write: \(reason); nothing was changed"
        case let .outputFailed(reason):
            return "standard output: cannot write: \(reason); the output is incomplete (the command itself ran)"
        case let .lockTimeout(path, seconds):
            return
                "\(path): another imgsel held the selection for more than \(formatSeconds(seconds)) s"
                + " (IMGSEL_LOCK_TIMEOUT)"
        }
    }
}

private func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() && seconds < 1e15 ? String(Int(seconds)) : String(seconds)
}
