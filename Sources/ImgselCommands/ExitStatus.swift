/// imgsel's exit statuses, each with what it means: the help's table is made from these.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case done = 0
    /// Refused by the selection's state.
    case refused = 1
    case usage = 2
    /// An input file.
    case input = 3
    case selectionFile = 4
    /// Writing a file, or standard output.
    case writing = 5
    case lock = 6
    /// The user left a full-screen command without its work: `pick` with Esc, `q` or Ctrl-C
    /// (nothing written), `browse` with Ctrl-C (the cursor not moved). 128 + SIGINT, as shells
    /// and fzf say it.
    case cancelled = 130

    /// Its lines in `imgsel --help`'s "Exit status" table.
    public var meanings: [String] {
        switch self {
        case .done: return ["done"]
        case .refused:
            return [
                "refused by the selection's state (full, out of range, duplicate, path taken, rule broken, empty,"
                    + " no next)"
            ]
        case .usage: return ["usage error; or pick and browse without a terminal"]
        case .input: return ["an input file is missing, unreadable or not an image"]
        case .selectionFile: return ["the selection file is missing, invalid or newer (left untouched)"]
        case .writing:
            return [
                "writing failed (nothing changed)",
                "the command ran, but its output could not be written to stdout (output-failed)",
            ]
        case .lock: return ["timed out waiting for another imgsel's lock"]
        case .cancelled: return ["cancelled: pick left with Esc, q or Ctrl-C (nothing written), browse with Ctrl-C"]
        }
    }
}
