import Posix
import SelectionModel

/// The only way to the selection file: readers share a lock, writers hold an
/// exclusive one, and a write is atomic, so no command can forget either.
public struct Store: Sendable {
    /// Absolute, cleaned path of the selection file.
    public let path: String
    /// Seconds to wait for another imgsel's lock before giving up (exit 6).
    public let lockTimeout: Double

    /// Seconds to wait when IMGSEL_LOCK_TIMEOUT does not say.
    public static let defaultLockTimeout = 10.0

    public init(path: String, lockTimeout: Double = Store.defaultLockTimeout) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// `path` itself, or where it leads when it is a symbolic link to a regular file.
    /// Writes replace the file by rename, which would replace a link with a copy, and
    /// the lock sits beside the file: so two names for one selection must become one.
    /// A dangling link leads to its target, as a shell's `> link` would: the selection is
    /// created there (a target in a folder that does not exist fails to write, naming it).
    /// (A link to anything else stays as it is, to be refused by name.)
    public static func following(_ path: String) -> String {
        var current = path
        // As many hops as the kernel allows (MAXSYMLINKS); a longer chain is left to fail by name.
        for _ in 0..<40 {
            guard let status = Posix.status(current, followLinks: false), status.isSymbolicLink else {
                return current
            }
            if let target = Posix.status(current) {
                guard target.isRegular, let resolved = Posix.realPath(current) else { return current }
                return resolved
            }
            guard Posix.lastError == Posix.Errno.noEntry, let target = PhysicalPath.linkTarget(current) else {
                return current
            }
            current = inRealFolder(target)
        }
        return path
    }

    /// `path` with its folder resolved by `realpath` when that folder exists, so that
    /// every name for one selection file finds the same lock beside it.
    private static func inRealFolder(_ path: String) -> String {
        guard let real = Posix.realPath(PathName.directory(path)) else { return path }
        return (real == "/" ? "" : real) + "/" + PathName.baseName(path)
    }

    /// The folder stored paths are relative to.
    public var folder: String { PathName.directory(path) }
    public var lockPath: String { FileLock.lockPath(for: path) }

    /// The selection as it is now. A missing file is `noSelection` (exit 4) and creates
    /// nothing: a mistyped `-f` must not read as an empty set. Under the lock it also removes
    /// a temporary file a killed writer left, even one killed while creating the selection
    /// (whose lock file is then already there), so none outlives the next command.
    public func read() throws(StoreError) -> Selection {
        if Posix.status(path, followLinks: false) == nil {
            // Only a file that is not there is no selection; a name too long is an error.
            let code = Posix.lastError
            guard code == Posix.Errno.noEntry || code == Posix.Errno.notDirectory else {
                throw .invalidSelectionFile(path: path, reason: "cannot read it: " + Posix.errorText(code))
            }
            guard Posix.exists(AtomicFile.temporaryPath(for: path)) else { throw .noSelection(path: path) }
        }
        let lock = try FileLock.shared(for: path, timeout: lockTimeout)
        if lock != nil { AtomicFile.removeStale(for: path) }
        return try withExtendedLifetime(lock) { () throws(StoreError) -> Selection in
            guard let selection = try load() else { throw .noSelection(path: path) }
            return selection
        }
    }

    /// Locks, loads, hands the selection to `body`, and writes the result only if `body`
    /// returned without error and changed something. A missing file is an empty selection
    /// when `creating` (add, toggle), else `noSelection`, and nothing is created.
    ///
    /// `body` runs first on the selection as a reader sees it: an update that is refused, or
    /// that changes nothing (`view 1` with the cursor on 1), ends there and never opens a file
    /// for writing, so it works on a read-only disk. A change runs `body` again under the
    /// exclusive lock, on the selection as it is by then, and writes that.
    ///
    /// `body` throws its own error type `E`, which carries the store's failures too.
    public func update<T, E: StoreErrorWrapping>(
        creating: Bool = false, _ body: (inout Selection) throws(E) -> T
    ) throws(E) -> T {
        let seen: Selection?
        do {
            seen = try read()
        } catch {
            switch error {
            case .noSelection where creating: seen = Selection()
            // The locked pass below says why, as a writer always has (a name too long: exit 5).
            case .selectionFile(.invalidSelectionFile), .selectionFile(.rulesConflict): seen = nil
            default: throw E(error)
            }
        }
        if let seen {
            var trial = seen
            let unchanged = try body(&trial)
            if trial == seen { return unchanged }
        }
        let lock = try E.lifting(FileLock.exclusive(for: path, timeout: lockTimeout))
        return try withExtendedLifetime(lock) { () throws(E) -> T in
            AtomicFile.removeStale(for: path)
            guard let original = try E.lifting(load()) ?? (creating ? Selection() : nil) else {
                throw E(.noSelection(path: path))
            }
            var selection = original
            let result = try body(&selection)
            if selection != original { try E.lifting(AtomicFile.replace(path, with: SelectionFile.encode(selection))) }
            return result
        }
    }

    /// Writes a new empty selection under `rules`; refuses to replace an existing file unless
    /// `force`, and with `force` replaces even a file it cannot read (rules and all).
    public func create(capacity: Int, rules: Rules = Rules(), force: Bool) throws(StoreError) {
        guard Selection.capacityRange.contains(capacity) else {
            throw .capacityOutOfRange(capacity)
        }
        let lock = try FileLock.exclusive(for: path, timeout: lockTimeout)
        try withExtendedLifetime(lock) { () throws(StoreError) in
            AtomicFile.removeStale(for: path)
            // Never a FIFO, device or folder someone named by mistake, with or without --force;
            // said first, as "use --force" would only lead to this refusal.
            if let st = Posix.fileStatus(path), !Posix.isRegular(st) {
                throw .invalidSelectionFile(path: path, reason: "not a regular file (\(Posix.kindName(st)))")
            }
            // --force replaces an unreadable selection.
            if Posix.exists(path), !force { throw .selectionExists(path: path) }
            try AtomicFile.replace(path, with: SelectionFile.encode(Selection(capacity: capacity, rules: rules)))
        }
    }

    /// Far beyond any real selection (99 entries with the longest paths), small enough to refuse quickly.
    static let sizeLimit = 16 << 20

    /// nil when the file does not exist.
    private func load() throws(StoreError) -> Selection? {
        switch Posix.readRegularFile(path, limit: Self.sizeLimit) {
        case let .success(bytes):
            do {
                return try SelectionFile.decode(bytes, path: path)
            } catch {
                throw .selectionFile(error)
            }
        case .failure(.system(Posix.Errno.noEntry)):
            return nil
        case let .failure(.system(code)):
            throw .invalidSelectionFile(path: path, reason: "cannot read it: " + Posix.errorText(code))
        case let .failure(.notRegular(kind)):
            throw .invalidSelectionFile(path: path, reason: "not a regular file (\(kind))")
        case let .failure(.tooLarge(bytes)):
            throw .invalidSelectionFile(path: path, reason: "\(bytes) bytes is too large for a selection file")
        }
    }
}
