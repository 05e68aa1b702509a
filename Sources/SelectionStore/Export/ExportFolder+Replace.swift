import Posix
import SelectionModel

/// `export DIR --replace` (SPEC, "Export"): the new set is made in the hidden folder beside DIR and
/// swapped in for the old DIR in one rename, so a reader (a CI loop over `DIR/*`) sees the old set or
/// the new one, never a mix; the old DIR is then removed. It removes files only: what else DIR holds
/// is refused before anything is made.
extension ExportFolder {
    /// What `--replace` must not remove from DIR: each folder it holds, and each of `kept` (absolute
    /// paths: the selection file, the entries' files) that is in it. Empty when DIR is no folder.
    public static func replaceBlockers(dir: String, keeping kept: [String]) -> (folders: [String], kept: [Int]) {
        guard let st = Posix.fileStatus(dir), Posix.isDirectory(st), let real = realPath(dir),
            case let .success(names) = ImageListing.names(in: real)
        else { return ([], []) }
        let folders = names.sorted().filter { name in
            guard !name.hasPrefix(insidePrefix), let st = Posix.fileStatus(real + "/" + name, followLinks: false)
            else { return false }
            return Posix.isDirectory(st)
        }
        let inside = real == "/" ? "/" : real + "/"
        let keptInside = kept.indices.filter { n in
            let folder = realPath(PathName.directory(kept[n])) ?? PathName.directory(kept[n])
            return (folder == "/" ? "/" : folder + "/").hasPrefix(inside)
        }
        return (folders.map { dir + "/" + $0 }, keptInside)
    }

    /// Puts the hidden folder in DIR's place and removes the old DIR. One rename (renameat2's
    /// RENAME_EXCHANGE); where the kernel or file system has no exchange, DIR is renamed aside and the
    /// hidden folder to DIR: two renames, between which DIR is absent but never mixed.
    func swapIn() throws(StoreError) {
        var old = staging
        if let code = Posix.exchange(staging, dir) {
            guard Posix.Errno.isUnsupported(code) else {
                throw .writeFailed(path: dir, reason: Posix.errorText(code))
            }
            old = PathName.directory(dir) + "/" + Self.besidePrefix(PathName.baseName(dir)) + Posix.randomSuffix()
            if let code = Posix.rename(dir, to: old) { throw .writeFailed(path: dir, reason: Posix.errorText(code)) }
            if let code = Posix.rename(staging, to: dir) {
                _ = Posix.rename(old, to: dir)
                throw .writeFailed(path: dir, reason: Posix.errorText(code))
            }
        }
        Posix.syncDirectory(PathName.directory(dir))
        // Named as the hidden folders are: if this is cut short, the next export removes what is left.
        Self.removeFolderAndFiles(old)
        Posix.syncDirectory(PathName.directory(dir))
    }

    /// The path with every link and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? { Posix.realPath(path) }
}
