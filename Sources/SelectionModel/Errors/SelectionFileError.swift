/// Why bytes are not a selection this imgsel can use (`SelectionFile.decode`); the file is left untouched.
public enum SelectionFileError: Error, Equatable, Sendable {
    /// Not imgsel's JSON; `reason` says what is wrong in the file's terms.
    case invalidSelectionFile(path: String, reason: String)
    /// Not one this imgsel can use: its rules contradict each other or its capacity (the command
    /// line words it as an invalid file, naming the rules' options).
    case rulesConflict(path: String, RuleConflict)
    /// Written by a newer imgsel (`version` > `SelectionFile.newestVersion`).
    case newerVersion(path: String, version: Int)
}
