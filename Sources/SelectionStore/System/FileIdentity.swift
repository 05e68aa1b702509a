import Posix

/// Which file a path reaches (links followed): two paths name the same file when these agree,
/// however differently they are spelt (a symlinked folder, a link given to `-f`).
public struct FileIdentity: Equatable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    /// nil when nothing is there (or it cannot be reached).
    public init?(_ path: String) {
        guard let status = Posix.status(path) else { return nil }
        device = status.device
        inode = status.inode
    }
}
