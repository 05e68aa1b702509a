import Posix

/// What a stat says of a file, to tell cheaply that it changed: which file the path reaches
/// (a rename onto it, as every imgsel write is, makes another), its size and its modification
/// time (an edit in place). `browse` compares these before every key rather than re-reading.
public struct FileStamp: Equatable, Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    public let modified: Int64
    public let modifiedNanoseconds: Int64

    /// nil when nothing is there (or it cannot be reached). Links are followed.
    public init?(_ path: String) {
        guard let status = Posix.status(path) else { return nil }
        device = status.device
        inode = status.inode
        size = Int64(status.size)
        modified = status.modifiedSeconds
        modifiedNanoseconds = status.modifiedNanoseconds
    }
}
