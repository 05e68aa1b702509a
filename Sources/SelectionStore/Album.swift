#if canImport(Glibc)
import Glibc
#endif

/// The folder `save` copies into: the phone's photo album.
///
/// A copy appears whole or not at all (written unnamed, then linked in), a
/// name is never overwritten (a taken one gets " (1)", " (2)"…), and a file
/// of identical bytes already under a candidate name counts as saved.
public struct Album: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    public struct Saved: Equatable, Sendable {
        /// Absolute path of the copy in the album.
        public let path: String
        /// True when identical bytes were already there and nothing was written.
        public let alreadyThere: Bool
    }

    /// Copies the entry's file into the album under its own name.
    /// `source` is the absolute path; the copy must match the recorded hash.
    public func save(_ entry: Entry, source: String, index: Int) throws(ImgselError) -> Saved {
        try makeFolder()
        let name = PathName.baseName(source)
        var attempt = 0
        var races = 0
        var copy: PendingCopy? = nil
        defer { copy?.discard() }
        while attempt < 10_000 {
            let candidate = folder + "/" + Self.candidateName(name, attempt)
            attempt += 1
            if let st = Posix.fileStatus(candidate, followLinks: false) {
                if Posix.isRegular(st), Int(st.st_size) == entry.bytes,
                   (try? FileHash.sha256(path: candidate).sha256) == entry.sha256 {
                    return Saved(path: candidate, alreadyThere: true)
                }
                continue
            }
            if copy == nil { copy = try PendingCopy.make(in: folder, from: source, entry: entry, index: index) }
            switch copy!.link(as: candidate) {
            case .linked:
                Posix.syncDirectory(folder)
                return Saved(path: candidate, alreadyThere: false)
            case .taken:
                // Another save took the name meanwhile: look at that name again, a few times at most.
                races += 1
                if races < 100 { attempt -= 1 }
            case let .failed(code):
                throw .writeFailed(path: candidate, reason: Posix.errorText(code))
            }
        }
        throw .writeFailed(path: folder + "/" + name, reason: "every name up to \" (9999)\" is taken")
    }

    /// Takes back a copy this process just made, when a later one in the same
    /// command failed; a copy that was already there is never removed.
    public func remove(_ saved: Saved) {
        guard !saved.alreadyThere else { return }
        unlink(saved.path)
        Posix.syncDirectory(folder)
    }

    /// `IMG.jpg`, `IMG (1).jpg`, `IMG (2).jpg`…; the suffix goes before the extension.
    public static func candidateName(_ name: String, _ attempt: Int) -> String {
        guard attempt > 0 else { return name }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return "\(name[..<dot]) (\(attempt))\(name[dot...])"
        }
        return "\(name) (\(attempt))"
    }

    /// The album folder and its ancestors that do not exist yet, deepest first;
    /// taken before saving so that a failed save can remove what it created.
    public func missingFolders() -> [String] {
        var missing: [String] = []
        var path = folder
        while path != "/", !path.isEmpty, !Posix.exists(path) {
            missing.append(path)
            path = PathName.directory(path)
        }
        return missing
    }

    /// Removes folders a failed save created, if they are still empty (another
    /// save may have put a file there meanwhile, and then they stay).
    public func removeFolders(_ folders: [String]) {
        for path in folders where rmdir(path) == 0 { Posix.syncDirectory(PathName.directory(path)) }
    }

    private func makeFolder() throws(ImgselError) {
        var built = ""
        for part in folder.split(separator: "/") {
            built += "/" + part
            if mkdir(built, 0o755) != 0 {
                let code = errno
                guard code == EEXIST else { throw .writeFailed(path: built, reason: Posix.errorText(code)) }
            }
        }
        guard let st = Posix.fileStatus(folder), Posix.isDirectory(st) else {
            throw .writeFailed(path: folder, reason: "not a directory")
        }
    }
}

/// A complete, flushed copy in the album folder that has no name yet.
///
/// With `O_TMPFILE` it is unnamed until linked, so a killed `save` leaves
/// nothing behind; where the file system lacks it, a hidden temporary name is used.
private struct PendingCopy {
    let fd: Int32
    let tempPath: String?
    let folderPath: String

    enum LinkResult { case linked, taken, failed(Int32) }

    static func make(in folder: String, from source: String, entry: Entry, index: Int) throws(ImgselError) -> PendingCopy {
        let input = try InputFile.open(source)
        defer { Posix.close(input.fd) }
        var tempPath: String? = nil
        // Read-write: the copy is read back to verify it.
        var fd = Posix.open(folder, Posix.openTemporaryFile | O_RDWR | O_CLOEXEC, 0o644)
        if fd < 0 {
            let path = folder + "/.imgsel-save-" + Posix.randomSuffix()
            fd = Posix.open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else { throw .writeFailed(path: folder, reason: Posix.errorText()) }
            tempPath = path
        }
        let copy = PendingCopy(fd: fd, tempPath: tempPath, folderPath: folder)
        do throws(ImgselError) {
            try copy.fill(from: input.fd, source: source, entry: entry, index: index)
        } catch {
            copy.discard()
            throw error
        }
        return copy
    }

    /// Copies in the kernel while hashing the copy as read back; refuses a
    /// source that no longer matches the entry, and flushes the copy to disk.
    private func fill(from input: Int32, source: String, entry: Entry, index: Int) throws(ImgselError) {
        var hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: FileHash.chunkSize, alignment: 64)
        defer { buffer.deallocate() }
        let total: Int
        do {
            total = try FileCopy.copy(from: input, to: fd, limit: entry.bytes, buffer: buffer) { hasher.update($0) }
        } catch {
            switch error {
            case let .read(code): throw .inputUnreadable(path: source, reason: Posix.errorText(code))
            case let .write(code): throw .writeFailed(path: tempPath ?? folderPath, reason: Posix.errorText(code))
            }
        }
        guard total == entry.bytes, SHA256.hex(hasher.finalize()) == entry.sha256 else {
            throw .inputChanged(path: source, entry: index)
        }
        if fsync(fd) != 0 { throw .writeFailed(path: tempPath ?? folderPath, reason: Posix.errorText()) }
    }

    /// Gives the copy `name`; never replaces an existing file.
    func link(as name: String) -> LinkResult {
        let rc: Int32
        if let tempPath {
            rc = Glibc.link(tempPath, name)
        } else {
            rc = linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, name, AT_SYMLINK_FOLLOW)
        }
        if rc == 0 { return .linked }
        return errno == EEXIST ? .taken : .failed(errno)
    }

    func discard() {
        Posix.close(fd)
        if let tempPath { unlink(tempPath) }
    }
}
