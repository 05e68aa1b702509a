import Posix
import SelectionModel

/// The file an entry points to, compared with what `add` recorded: its size and sha256.
///
/// The one answer to "has this entry's file changed?", at the depth each command can
/// afford: a stat for `view`'s warning (instant on any file), a full hash for `check`,
/// a verified stream for `html`'s embedded images, and the whole file verified in memory
/// for `view`'s inline image. Problems come back typed; the commands word them.
public struct EntryFile: Sendable {
    public let entry: Entry
    /// Where the kernel finds the file (absolute).
    public let path: String
    /// The entry's place in the selection, for errors that name it.
    public let index: Int

    public init(_ entry: Entry, path: String, index: Int) {
        self.entry = entry
        self.path = path
        self.index = index
    }

    /// What is wrong with the file, from the entry's point of view (a model value, so that
    /// `StoreError.entryFile`'s users need not know the store's types).
    public typealias Problem = EntryFileProblem

    /// A stat, not a hash, so it stays instant on large files: catches a file that is gone,
    /// is no longer a regular file, or changed size. Links are followed (a dangling one is missing).
    public func quickProblem() -> Problem? {
        guard let status = Posix.status(path) else {
            let code = Posix.lastError
            return code == Posix.Errno.noEntry || code == Posix.Errno.notDirectory
                ? .missing : .unreadable(reason: Posix.errorText(code))
        }
        guard status.isRegular else { return .notRegular(kind: status.kindName) }
        let size = status.size
        return size == entry.bytes ? nil : .sizeChanged(recorded: entry.bytes, now: size)
    }

    /// Reads the whole file through SHA-256: catches every change.
    public func problem() -> Problem? {
        do {
            let file = try open()
            defer { Posix.close(file.fd) }
            return walk(file) { _ in true }
        } catch {
            return error
        }
    }

    /// Passes the file to `body` in chunks of at most `FileHash.chunkSize`, then checks it.
    /// `body` has seen the bytes before a mismatch is known, so it must write only to
    /// something the caller can still throw away. A problem is thrown as the input error
    /// naming `path` and the entry (`inputChanged` for a size or content that differs).
    /// `body` throws its own error type `E`, which carries the store's failures too.
    public func stream<E: StoreErrorWrapping>(_ body: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        let file: InputFile
        do {
            file = try open()
        } catch {
            throw E(error.asInputError(path: path, index: index))
        }
        defer { Posix.close(file.fd) }
        var failure: E? = nil
        let problem = walk(file) { chunk in
            do throws(E) {
                try body(chunk)
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        if let problem { throw E(problem.asInputError(path: path, index: index)) }
    }

    /// Checks the file without passing it on (a linked page still promises the recorded files).
    public func verify() throws(StoreError) {
        try stream { (_) throws(StoreError) in }
    }

    /// The whole file, checked: exactly the recorded bytes or a problem. Holds it all in
    /// memory, so the caller bounds `entry.bytes` first (an inline image).
    public func contents() throws(Problem) -> [UInt8] {
        let file = try open()
        defer { Posix.close(file.fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entry.bytes)
        if let problem = walk(
            file,
            {
                bytes.append(contentsOf: $0); return true
            })
        {
            throw problem
        }
        return bytes
    }

    /// Opens the file as `add` opened it: without blocking, a regular file only.
    private func open() throws(Problem) -> InputFile {
        do {
            return try InputFile.open(path)
        } catch {
            switch error {
            case .inputMissing: throw .missing
            case let .inputNotRegular(_, kind): throw .notRegular(kind: kind)
            case let .inputUnreadable(_, reason): throw .unreadable(reason: reason)
            default: throw .unreadable(reason: "\(error)")
            }
        }
    }

    /// Reads `file` from its start in chunks, hashing them and handing each to `body` (which
    /// returns false to stop at once); the problem found, nil when the bytes are the recorded ones.
    private func walk(_ file: InputFile, _ body: (UnsafeRawBufferPointer) -> Bool) -> Problem? {
        guard file.size == entry.bytes else { return .sizeChanged(recorded: entry.bytes, now: file.size) }
        var hasher = SHA256()
        var total = 0
        let size = FileHash.chunkSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            guard let n = Posix.read(file.fd, into: buffer.baseAddress!, count: size) else {
                return .unreadable(reason: Posix.errorText())
            }
            if n == 0 { break }
            total += n
            // Grown since the stat: say so without reading the rest.
            guard total <= entry.bytes else { return .sizeChanged(recorded: entry.bytes, now: total) }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<n])
            hasher.update(chunk)
            guard body(chunk) else { return nil }
        }
        guard total == entry.bytes else { return .sizeChanged(recorded: entry.bytes, now: total) }
        return SHA256.hex(hasher.finalize()) == entry.sha256 ? nil : .contentChanged
    }
}

extension EntryFileProblem {
    /// The input error a call that needs the file's bytes fails with: its problem as a file
    /// (missing, not regular, unreadable), or `inputChanged` naming `path` and the entry.
    package func asInputError(path: String, index: Int) -> StoreError {
        switch self {
        case .missing: return .inputMissing(path: path)
        case let .notRegular(kind): return .inputNotRegular(path: path, kind: kind)
        case let .unreadable(reason): return .inputUnreadable(path: path, reason: reason)
        case .sizeChanged, .contentChanged: return .inputChanged(path: path, entry: index)
        }
    }
}
