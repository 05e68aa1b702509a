/// What is wrong with an entry's file, from the entry's point of view: found by the store's
/// `EntryFile` (as `EntryFile.Problem`), carried by `ImgselError.entryFile`.
public enum EntryFileProblem: Error, Equatable, Sendable {
    case missing
    case notRegular(kind: String)
    case unreadable(reason: String)
    case sizeChanged(recorded: Int, now: Int)
    /// The same size, other bytes (only a hash finds this).
    case contentChanged
}

extension EntryFileProblem {
    /// What is wrong, in the words `check` prints after `entry N (PATH): `.
    public var words: String {
        switch self {
        case .missing: return "file is missing"
        case let .notRegular(kind): return "not a regular file (\(kind))"
        case let .unreadable(reason): return "cannot read: \(reason)"
        case let .sizeChanged(recorded, now): return "size changed: \(recorded) bytes recorded, \(now) now"
        case .contentChanged: return "content changed: sha256 differs from the recorded one"
        }
    }

    /// The `--json` code of the input error it is (exit 3).
    var inputCode: String {
        switch self {
        case .missing: return "input-missing"
        case .notRegular: return "input-not-regular"
        case .unreadable: return "input-unreadable"
        case .sizeChanged, .contentChanged: return "input-changed"
        }
    }

    /// The input error (exit 3) a command that needs the file's bytes fails with.
    package func asInputError(path: String, index: Int) -> ImgselError {
        switch self {
        case .missing: return .inputMissing(path: path)
        case let .notRegular(kind): return .inputNotRegular(path: path, kind: kind)
        case let .unreadable(reason): return .inputUnreadable(path: path, reason: reason)
        case .sizeChanged, .contentChanged: return .inputChanged(path: path, entry: index)
        }
    }
}
