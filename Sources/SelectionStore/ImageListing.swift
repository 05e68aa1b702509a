import ImageHeaders
import Posix
import SelectionModel

/// A file `pick` shows: found among the paths it was given and probed (its header, never its
/// pixels, nor its hash: a folder of hundreds must list at once).
public struct ListedImage: Equatable, Sendable {
    /// The path as `add` would be given it: as typed, or the folder as typed joined with the name.
    public let typed: String
    /// Where the kernel finds it, absolute.
    public let path: String
    public let facts: ImageFacts
    public let bytes: Int

    public init(typed: String, path: String, facts: ImageFacts, bytes: Int) {
        self.typed = typed
        self.path = path
        self.facts = facts
        self.bytes = bytes
    }

    /// The file's name, shown under its thumbnail.
    public var name: String { PathName.baseName(path) }
}

/// The images `pick` shows for its PATH arguments.
public enum ImageListing {
    /// The images among the files given and the files directly in the folders given, in name
    /// order (byte order of the path as typed), each once. What is not an image, not a regular
    /// file, unreadable, hidden in a folder (a name starting with `.`), or named in bytes that
    /// are not UTF-8 is left out. A path that does not exist, or a folder that cannot be read,
    /// is an error naming it (exit 3): a typo must not look like an empty folder.
    public static func images(in paths: [String], cwd: String) throws(StoreError) -> [ListedImage] {
        var candidates: [String] = []
        var failures: [StoreError] = []
        for typed in paths {
            let absolute = PhysicalPath.absoluteOnDisk(typed, base: cwd)
            guard let status = Posix.status(absolute) else {
                let code = Posix.lastError
                failures.append(
                    code == Posix.Errno.noEntry || code == Posix.Errno.notDirectory
                        ? .inputMissing(path: typed) : .inputUnreadable(path: typed, reason: Posix.errorText(code)))
                continue
            }
            guard status.isDirectory else {
                candidates.append(typed)
                continue
            }
            switch names(in: absolute) {
            case .success(let names):
                candidates += names.filter { !$0.hasPrefix(".") }.map { joined(typed, $0) }
            case .failure(let error):
                failures.append(.inputUnreadable(path: typed, reason: Posix.errorText(error.code)))
            }
        }
        if let failure = StoreError.combining(failures) { throw failure }

        var seen = Set<String>()
        var found: [ListedImage] = []
        for typed in candidates.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let absolute = PhysicalPath.absoluteOnDisk(typed, base: cwd)
            guard seen.insert(absolute).inserted, let probed = try? ImageInspector.probe(absolute) else { continue }
            found.append(ListedImage(typed: typed, path: absolute, facts: probed.facts, bytes: probed.bytes))
        }
        return found
    }

    /// `folder/name`; a folder typed as `.` gives the name alone, as `ls` shows it.
    static func joined(_ folder: String, _ name: String) -> String {
        if folder == "." || folder == "./" { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The names in a folder, without `.` and `..` and without names that are not UTF-8.
    static func names(in folder: String) -> Result<[String], Int32Error> {
        guard let names = Posix.folderNames(folder) else { return .failure(Int32Error(Posix.lastError)) }
        return .success(names)
    }
}

/// An errno as an Error, for `Result`.
struct Int32Error: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}
