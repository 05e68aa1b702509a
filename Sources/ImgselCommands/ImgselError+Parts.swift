import SelectionStore

/// An error's files renamed as the user typed them, and several errors as one and back.
extension ImgselError {
    /// The same failure naming `new` where it named `old`: the library names
    /// files as it stores them, the command line as the user can use them.
    public func replacingPath(_ old: String, with new: String) -> ImgselError {
        func swap(_ p: String) -> String { p == old ? new : p }
        switch self {
        case let .duplicate(path, entry): return .duplicate(path: swap(path), entry: entry)
        case let .duplicateInBatch(path, sameAs, position, earlier):
            return .duplicateInBatch(path: swap(path), sameAs: swap(sameAs), position: position, earlier: earlier)
        case let .pathTaken(path, entry): return .pathTaken(path: swap(path), entry: entry)
        case var .ruleBroken(problem):
            problem.path = problem.path.map(swap)
            return .ruleBroken(problem)
        case .entryBreaksRule(let index, var problem):
            problem.path = problem.path.map(swap)
            return .entryBreaksRule(index: index, problem)
        case let .exportRefused(path, entry, reason):
            return .exportRefused(path: path.map(swap), entry: entry, reason: reason)
        case let .inputMissing(path): return .inputMissing(path: swap(path))
        case let .inputNotRegular(path, kind): return .inputNotRegular(path: swap(path), kind: kind)
        case let .inputUnreadable(path, reason): return .inputUnreadable(path: swap(path), reason: reason)
        case let .notAnImage(path, reason): return .notAnImage(path: swap(path), reason: reason)
        case let .undecodable(path, problem): return .undecodable(path: swap(path), problem: problem)
        case let .metadataUnremovable(path, problem): return .metadataUnremovable(path: swap(path), problem)
        case let .inputChanged(path, entry): return .inputChanged(path: swap(path), entry: entry)
        case let .entryFile(index, path, problem): return .entryFile(index: index, path: swap(path), problem: problem)
        case let .entryGone(path): return .entryGone(path: swap(path))
        case let .several(errors): return .several(errors.map { $0.replacingPath(old, with: new) })
        case let .writeFailed(path, reason): return .writeFailed(path: swap(path), reason: reason)
        default: return self
        }
    }

    /// The individual failures, so the executable can print one line each.
    public var parts: [ImgselError] {
        if case let .several(errors) = self { return errors }
        return [self]
    }

    /// One error for a command that tries every item and reports every failure
    /// (`add` and `info` over files, `save --all` over entries); nil when none failed.
    public static func combining(_ failures: [ImgselError]) -> ImgselError? {
        failures.count <= 1 ? failures.first : .several(failures)
    }
}
