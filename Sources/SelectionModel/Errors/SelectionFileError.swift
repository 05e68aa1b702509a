/// Why bytes are not a selection this imgsel can use (`SelectionFile.decode`); the file is left untouched.
public enum SelectionFileError: Error, Equatable, Sendable {
    /// Not imgsel's JSON; `reason` says what is wrong in the file's terms.
    case invalidSelectionFile(path: String, reason: String)
    /// Written by a newer imgsel (`version` > `SelectionFile.newestVersion`).
    case newerVersion(path: String, version: Int)
}
