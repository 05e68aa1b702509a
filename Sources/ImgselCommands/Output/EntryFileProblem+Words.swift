import SelectionStore

extension EntryFileProblem {
    /// What is wrong, in the words `check` prints after `entry N (PATH): `.
    var words: String {
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
}
