import Posix
import SelectionModel

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

    /// One entry to save: `source` is where its file is (absolute), `index` its place in the
    /// selection, for messages.
    public struct Request: Sendable {
        public let entry: Entry
        public let source: String
        public let index: Int

        public init(entry: Entry, source: String, index: Int) {
            self.entry = entry
            self.source = source
            self.index = index
        }
    }

    /// Copies every request's file into the album under its own name, all or nothing, and
    /// returns where each went, in order. First every copy, verified against the recorded
    /// hash and flushed but unnamed; then the names, all in one short stretch, so a kill
    /// part-way leaves no part of the set. Every request is tried before a failure is
    /// reported, so all of them are reported at once; then the copies this call named and
    /// the folders it made are taken back (copies already there are never removed).
    public func save(_ requests: [Request]) throws(StoreError) -> [Saved] {
        let newFolders = missingFolders()
        var prepared: [PreparedSave] = []
        var failures: [StoreError] = []
        for request in requests {
            do {
                prepared.append(try prepare(request.entry, source: request.source, index: request.index))
            } catch {
                failures.append(error)
            }
        }
        var saved: [Saved] = []
        if failures.isEmpty {
            for item in prepared {
                do {
                    saved.append(try place(item))
                } catch {
                    failures.append(error)
                    break
                }
            }
        }
        prepared.removeAll()  // unplaced copies vanish here
        if let failure = StoreError.combining(failures) {
            for copy in saved { remove(copy) }
            removeFolders(newFolders)
            throw failure
        }
        flush()
        return saved
    }

    /// Does the slow part of a save (the verified, flushed copy) without naming
    /// it, so that `save --all` can prepare every copy before naming any: a kill
    /// then leaves the whole set or none of it, but for the moment of linking.
    func prepare(_ entry: Entry, source: String, index: Int) throws(StoreError) -> PreparedSave {
        try makeFolder()
        let name = PathName.baseName(source)
        var attempt = 0
        while attempt < Self.maxAttempts {
            let candidate = folder + "/" + NumberedName.candidate(name, attempt)
            switch Self.occupant(of: candidate, matching: entry) {
            case .identical:
                return PreparedSave(entry: entry, name: name, firstFree: attempt, existing: candidate, copy: nil)
            case .other: attempt += 1
            case .none:
                let copy = try PendingCopy.make(in: folder, from: source, entry: entry, index: index)
                return PreparedSave(entry: entry, name: name, firstFree: attempt, existing: nil, copy: copy)
            }
        }
        throw Self.everyNameTaken(folder + "/" + name)
    }

    /// Names a prepared copy: the first free candidate from where `prepare`
    /// stopped looking (another save may have taken it meanwhile).
    /// Call `flush` once after the last one.
    func place(_ prepared: PreparedSave) throws(StoreError) -> Saved {
        if let existing = prepared.existing { return Saved(path: existing, alreadyThere: true) }
        guard let copy = prepared.copy else { throw .writeFailed(path: folder, reason: "the copy was already placed") }
        var attempt = prepared.firstFree
        var races = 0
        while attempt < Self.maxAttempts {
            let candidate = folder + "/" + NumberedName.candidate(prepared.name, attempt)
            switch Self.occupant(of: candidate, matching: prepared.entry) {
            case .identical:
                prepared.release()
                return Saved(path: candidate, alreadyThere: true)
            case .other:
                attempt += 1
                continue
            case .none: break
            }
            switch copy.link(as: candidate) {
            case .linked:
                prepared.release()
                return Saved(path: candidate, alreadyThere: false)
            case .taken:
                // Another save took the name meanwhile: look at that name again, a few times at most.
                races += 1
                if races >= 100 { attempt += 1 }
            case let .failed(code):
                throw .writeFailed(path: candidate, reason: Posix.errorText(code))
            }
        }
        throw Self.everyNameTaken(folder + "/" + prepared.name)
    }

    /// Makes the names given by `place` durable.
    func flush() { Posix.syncDirectory(folder) }

    private static let maxAttempts = 10_000

    private enum Occupant { case none, identical, other }

    /// What is at a candidate name: nothing, the entry's very bytes, or something else.
    private static func occupant(of candidate: String, matching entry: Entry) -> Occupant {
        guard let status = Posix.status(candidate, followLinks: false) else { return .none }
        if status.isRegular, status.size == entry.bytes,
            (try? FileHash.sha256(path: candidate).sha256) == entry.sha256
        {
            return .identical
        }
        return .other
    }

    private static func everyNameTaken(_ path: String) -> StoreError {
        .writeFailed(path: path, reason: "every name up to \" (9999)\" is taken")
    }

    /// Takes back a copy this process just made, when a later one in the same
    /// command failed; a copy that was already there is never removed.
    func remove(_ saved: Saved) {
        guard !saved.alreadyThere else { return }
        Posix.unlink(saved.path)
        Posix.syncDirectory(folder)
    }

    /// The album folder and its ancestors that do not exist yet, deepest first;
    /// taken before saving so that a failed save can remove what it created.
    func missingFolders() -> [String] {
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
    func removeFolders(_ folders: [String]) {
        for path in folders where Posix.removeFolder(path) == nil { Posix.syncDirectory(PathName.directory(path)) }
    }

    private func makeFolder() throws(StoreError) {
        var built = ""
        for part in folder.split(separator: "/") {
            built += "/" + part
            if let code = Posix.makeFolder(built, permissions: 0o755) {
                guard code == Posix.Errno.exists else { throw .writeFailed(path: built, reason: Posix.errorText(code)) }
            }
        }
        guard let status = Posix.status(folder), status.isDirectory else {
            throw .writeFailed(path: folder, reason: "not a directory")
        }
    }
}
