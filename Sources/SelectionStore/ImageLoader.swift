import ImageHeaders
import Posix
import SelectionModel

/// An input image read whole, for the commands that decode it (`thumbnail`): opened as
/// `add` opens files (no blocking, regular files only), probed for its facts, then read.
public enum ImageLoader {
    /// `limit` says from the facts how many bytes are worth holding in memory (the decode
    /// budget of an image that size); a larger file is refused rather than read. A relative
    /// `path` is opened from `cwd`, the run's folder; errors name it as given.
    public static func load(
        _ path: String, cwd: String = "/", limit: (ImageFacts) -> Int
    ) throws(StoreError) -> (
        facts: ImageFacts, bytes: [UInt8]
    ) {
        let file = try InputFile.open(path, cwd: cwd)
        defer { Posix.close(file.fd) }
        let facts = try file.probe(path)
        guard file.size <= limit(facts) else {
            throw .tooLargeToDecode(path: path, width: facts.width, height: facts.height)
        }
        // Read straight into uninitialised storage: zero-filling a 23 MB PNG first was 25 M
        // instructions of memset in a 12-MP thumbnail, a write pass pread makes again.
        var failure: StoreError? = nil
        let size = file.size
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var filled = 0
            while filled < size, let base = buffer.baseAddress {
                guard let n = Posix.read(file.fd, into: base + filled, count: size - filled, at: filled) else {
                    failure = .inputUnreadable(path: path, reason: Posix.errorText())
                    break
                }
                if n == 0 {
                    failure = .inputUnreadable(path: path, reason: "it shrank while it was read")
                    break
                }
                filled += n
            }
            count = filled
        }
        if let failure { throw failure }
        return (facts, bytes)
    }
}
