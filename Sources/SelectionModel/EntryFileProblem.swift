/// What is wrong with an entry's file, from the entry's point of view: found by the store's
/// `EntryFile` (as `EntryFile.Problem`), carried by the store's `StoreError.entryFile`; the
/// command line words it.
public enum EntryFileProblem: Error, Equatable, Sendable {
    case missing
    case notRegular(kind: String)
    case unreadable(reason: String)
    case sizeChanged(recorded: Int, now: Int)
    /// The same size, other bytes (only a hash finds this).
    case contentChanged
}
