import Posix
import SelectionModel
import Synchronization

/// Where `export` writes, all or nothing (SPEC, "Export"). Every file is made in a hidden folder
/// first: beside DIR when DIR does not exist (`.DIR.imgsel-XXXXXX`, renamed to DIR in one step, so
/// even a kill leaves DIR absent or whole), inside it when it does (`.imgsel-export-XXXXXX`, whose
/// files are renamed into place at the end). With `--replace` an existing DIR is made beside too, and
/// swapped in for the old DIR in one rename (`ExportFolder+Replace.swift`). The hidden folder is held
/// under an exclusive `flock`
/// while it lives, so the next export can tell a folder a kill left (no lock) from one another
/// export is filling (locked), and removes only the first.
///
/// `write` may be called from several threads at once; `commit` and `discard` from one.
public final class ExportFolder: Sendable {
    /// DIR, absolute, without a trailing slash.
    public let dir: String
    /// The hidden folder the files are made in.
    public let staging: String
    /// True when DIR did not exist: the hidden folder becomes DIR.
    public let creates: Bool
    /// True with `--replace` over an existing DIR: the hidden folder, beside it, is swapped in for it.
    public let replaces: Bool
    let lockFD: Int32
    /// Folders above DIR this export made (deepest first), removed again when it fails.
    private let madeAncestors: [String]
    /// Set once, by `commit` or `discard`, whichever comes first; `discard` then does nothing.
    let finished = Atomic<Bool>(false)

    static let insidePrefix = ".imgsel-export-"
    static func besidePrefix(_ name: String) -> String { "." + name + ".imgsel-" }

    /// `replace`: DIR, when it exists, is to hold the new set and nothing else (`--replace`).
    public init(dir typed: String, replace: Bool = false) throws(StoreError) {
        var dir = typed
        while dir.count > 1, dir.hasSuffix("/") { dir.removeLast() }
        let existing = Posix.status(dir)
        if let status = existing {
            guard status.isDirectory else { throw .writeFailed(path: dir, reason: "not a directory") }
            // The folder itself is swapped, not a link to it: the link stays, pointing at the new set.
            if replace, let real = Self.realPath(dir) { dir = real }
        }
        self.dir = dir
        let parent = PathName.directory(dir)
        let beside = parent + "/" + Self.besidePrefix(PathName.baseName(dir))
        replaces = replace && existing != nil
        if existing != nil, !replace {
            creates = false
            madeAncestors = []
            Self.removeAbandoned(in: dir, prefix: Self.insidePrefix)
            staging = dir + "/" + Self.insidePrefix + Posix.randomSuffix()
        } else {
            creates = existing == nil
            madeAncestors = creates ? try Self.makeAncestors(of: parent) : []
            Self.removeAbandoned(in: parent, prefix: Self.besidePrefix(PathName.baseName(dir)))
            staging = beside + Posix.randomSuffix()
        }
        if let code = Posix.makeFolder(staging, permissions: 0o777) {
            let reason = Posix.errorText(code)
            Self.removeFolders(madeAncestors)
            throw .writeFailed(path: creates || replaces ? dir : staging, reason: reason)
        }
        // The new DIR keeps the old one's permissions.
        if replaces, let status = existing { Posix.setPermissions(staging, status.permissions) }
        lockFD = Posix.openFolder(staging)
        if lockFD >= 0 { Posix.lock(lockFD, .exclusive) }
    }

    deinit {
        if !finished.load(ordering: .acquiring) { discard() }
    }

    /// The names among `names` that DIR already holds (nothing when DIR is new).
    public func taken(_ names: [String]) -> [String] {
        guard !creates, !replaces else { return [] }
        return names.filter { Posix.fileStatus(dir + "/" + $0, followLinks: false) != nil }
    }

    /// Writes one whole file into the hidden folder and flushes it to disk. `fill` hands the file
    /// its bytes through the function it is given, in as many pieces as it likes.
    public func write(
        _ name: String, _ fill: ((UnsafeRawBufferPointer) throws(StoreError) -> Void) throws(StoreError) -> Void
    ) throws(StoreError) {
        let path = staging + "/" + name
        let fd = Posix.createExclusive(path, readable: false, mode: 0o666)
        guard fd >= 0 else { throw .writeFailed(path: shown(name), reason: Posix.errorText()) }
        defer { Posix.close(fd) }
        try fill { (chunk) throws(StoreError) in
            if let code = Posix.writeAll(fd, chunk) {
                throw .writeFailed(path: self.shown(name), reason: Posix.errorText(code))
            }
        }
        if let code = Posix.sync(fd) { throw .writeFailed(path: shown(name), reason: Posix.errorText(code)) }
    }

    /// Writes `bytes` as one file.
    public func write(_ name: String, bytes: [UInt8]) throws(StoreError) {
        try write(name) { (put) throws(StoreError) in
            var failure: StoreError? = nil
            bytes.withUnsafeBytes { buffer in
                do throws(StoreError) { try put(buffer) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }

    /// Puts every file under its final name: the hidden folder renamed to DIR, or each file renamed
    /// into DIR (`replace`: over a file of that name; otherwise a name taken meanwhile fails the
    /// export and the files already placed are taken back). Returns each file's final path.
    public func commit(_ names: [String], replace: Bool) throws(StoreError) -> [String] {
        defer { finished.store(true, ordering: .releasing) }
        Posix.syncDirectory(staging)
        if replaces {
            do throws(StoreError) {
                try swapIn()
            } catch {
                discard()
                throw error
            }
            Posix.close(lockFD)
            return names.map { dir + "/" + $0 }
        }
        if creates {
            if let code = Posix.rename(staging, to: dir) {
                let reason = Posix.errorText(code)
                discard()
                throw .writeFailed(path: dir, reason: reason)
            }
            Posix.syncDirectory(PathName.directory(dir))
            Posix.close(lockFD)
            return names.map { dir + "/" + $0 }
        }
        var placed: [String] = []
        for name in names {
            let from = staging + "/" + name, to = dir + "/" + name
            // Without `replace`, a link (which never replaces) and then the staged name's removal.
            if let code = replace ? Posix.rename(from, to: to) : (Posix.link(from, to: to) ?? Posix.unlink(from)) {
                let reason =
                    code == Posix.Errno.exists ? "a file of that name appeared meanwhile" : Posix.errorText(code)
                for path in placed { Posix.unlink(path) }
                discard()
                throw .writeFailed(path: to, reason: reason)
            }
            placed.append(to)
        }
        Posix.syncDirectory(dir)
        Posix.removeFolder(staging)
        Posix.close(lockFD)
        Posix.syncDirectory(dir)
        return placed
    }

    /// Removes the hidden folder and what is in it, and the folders above DIR this export made:
    /// DIR as it was.
    public func discard() {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Self.removeFolderAndFiles(staging)
        Posix.close(lockFD)
        Self.removeFolders(madeAncestors)
        Posix.syncDirectory(creates || replaces ? PathName.directory(dir) : dir)
    }

    /// The path a message names for a file being written: its final one, as the user knows it.
    private func shown(_ name: String) -> String { dir + "/" + name }

    /// Removes the hidden folders in `folder` whose names start with `prefix` and that no export
    /// holds locked: what a killed export left.
    static func removeAbandoned(in folder: String, prefix: String) {
        guard case let .success(names) = ImageListing.names(in: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let path = folder + "/" + name
            guard let status = Posix.status(path, followLinks: false), status.isDirectory else { continue }
            let fd = Posix.openFolder(path, followLinks: false)
            guard fd >= 0 else { continue }
            defer { Posix.close(fd) }
            guard Posix.tryLock(fd, .exclusive) == nil else { continue }  // another export's, alive
            removeFolderAndFiles(path)
        }
    }

    /// Removes a folder's files, and the hidden folders an export made in it (an old DIR swapped out
    /// may hold one a kill left), then the folder.
    static func removeFolderAndFiles(_ path: String) {
        if case let .success(names) = ImageListing.names(in: path) {
            for name in names
            where Posix.unlink(path + "/" + name) == Posix.Errno.isDirectory && name.hasPrefix(insidePrefix) {
                removeFolderAndFiles(path + "/" + name)
            }
        }
        Posix.removeFolder(path)
    }

    /// Makes `folder` and the folders above it that are missing; returns those made, deepest first.
    private static func makeAncestors(of folder: String) throws(StoreError) -> [String] {
        var missing: [String] = []
        var path = folder
        while path != "/", !path.isEmpty, !Posix.exists(path) {
            missing.append(path)
            path = PathName.directory(path)
        }
        for (n, path) in missing.enumerated().reversed() {
            guard let code = Posix.makeFolder(path, permissions: 0o777), code != Posix.Errno.exists else { continue }
            let reason = Posix.errorText(code)
            removeFolders(Array(missing[(n + 1)...]))
            throw .writeFailed(path: path, reason: reason)
        }
        return missing
    }

    private static func removeFolders(_ folders: [String]) {
        for path in folders { Posix.removeFolder(path) }
    }
}
