#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Small wrappers over libc that the libraries share, so errno is read right after the
/// call that set it and turned into words once.
public enum Posix {
    /// strerror's words for an errno, for messages that say the cause.
    public static func errorText(_ code: Int32 = errno) -> String {
        guard let s = strerror(code) else { return "error \(code)" }
        return String(cString: s)
    }

    /// Calls `call` again while it fails with EINTR, as swift-system's
    /// `valueOrErrno(retryOnInterrupt:)` does: a signal handled meanwhile is no failure.
    /// Returns the last result; when it is negative, errno is what the call set.
    @inlinable
    public static func retryingInterrupts<Value: BinaryInteger>(_ call: () -> Value) -> Value {
        while true {
            let value = call()
            if value >= 0 || errno != EINTR { return value }
        }
    }

    /// `open` that retries on EINTR.
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        retryingInterrupts { Glibc.open(path, flags, mode) }
    }

    /// Linux's O_TMPFILE (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module does not export.
    public static let openTemporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY

    public static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// Writes all of `bytes`, through short writes and EINTR, or returns the errno that
    /// stopped it (EIO for a write of nothing). At `offset` with `pwrite`, else where the
    /// descriptor stands.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int? = nil) -> Int32? {
        var done = 0
        while done < bytes.count {
            let start = bytes.baseAddress! + done, count = bytes.count - done
            let n = retryingInterrupts {
                if let offset { pwrite(fd, start, count, off_t(offset + done)) } else { Glibc.write(fd, start, count) }
            }
            if n < 0 { return errno }
            if n == 0 { return EIO }
            done += n
        }
        return nil
    }

    /// Reads up to `count` bytes, retrying EINTR; nil with errno set on failure.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int? {
        let n = retryingInterrupts { Glibc.read(fd, buffer, count) }
        return n >= 0 ? n : nil
    }

    /// Reads up to `count` bytes from `offset` (pread, so no shared file offset moves), retrying
    /// EINTR; nil with errno set on failure, 0 at the end of the file.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int? {
        let n = retryingInterrupts { pread(fd, buffer, count, off_t(offset)) }
        return n >= 0 ? n : nil
    }

    /// Opens `path` for reading without blocking (a FIFO must not hang the reader) and never as a
    /// controlling terminal; -1 with errno set. `setBlocking` once it is known to be a regular file.
    public static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    }

    /// Opens what is not a regular file (a device such as /dev/null, a FIFO) to write into it in
    /// place, never as a controlling terminal; -1 with errno set.
    public static func openForWritingInPlace(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
    }

    /// Clears O_NONBLOCK, so reads behave plainly (a regular file never blocks anyway).
    public static func setBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }

    /// Why `readRegularFile` gave up.
    public enum ReadFailure: Error {
        case system(Int32)
        case notRegular(kind: String)
        case tooLarge(bytes: Int)
    }

    /// The whole content of a regular file of at most `limit` bytes. Opens
    /// without blocking and checks the type before reading, so that a FIFO
    /// never hangs the reader and a device such as /dev/zero never floods it.
    public static func readRegularFile(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let fd = openForReading(path)
        guard fd >= 0 else { return .failure(.system(errno)) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.system(errno)) }
        guard isRegular(st) else { return .failure(.notRegular(kind: kindName(st))) }
        guard Int(st.st_size) <= limit else { return .failure(.tooLarge(bytes: Int(st.st_size))) }
        var result: [UInt8] = []
        result.reserveCapacity(Int(st.st_size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, into: $0.baseAddress!, count: $0.count) }
            guard let n else { return .failure(.system(errno)) }
            if n == 0 { return .success(result) }
            result += chunk[0..<n]
            if result.count > limit { return .failure(.tooLarge(bytes: result.count)) }
        }
    }

    public static func fileStatus(_ path: String, followLinks: Bool = true) -> stat? {
        var st = stat()
        let rc = followLinks ? stat(path, &st) : lstat(path, &st)
        return rc == 0 ? st : nil
    }

    public static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Whether `path` leads (links followed) to a folder.
    public static func isDirectory(atPath path: String) -> Bool {
        fileStatus(path).map(isDirectory) ?? false
    }

    public static func isDirectory(_ st: stat) -> Bool { (st.st_mode & S_IFMT) == S_IFDIR }
    public static func isRegular(_ st: stat) -> Bool { (st.st_mode & S_IFMT) == S_IFREG }

    /// A word for what a non-regular file is, for error messages.
    public static func kindName(_ st: stat) -> String { kindName(type: UInt32(st.st_mode & S_IFMT)) }

    static func kindName(type: UInt32) -> String {
        switch mode_t(type) {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// Makes a rename durable, as the directory entry lives in the folder.
    public static func syncDirectory(_ path: String) {
        let fd = openFolder(path)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    public static func environment(_ name: String) -> String? {
        guard let v = getenv(name) else { return nil }
        return String(cString: v)
    }

    /// The longest path the kernel takes, its terminating NUL included (PATH_MAX).
    public static let pathMax = Int(PATH_MAX)

    public static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        let length = buffer.firstIndex(of: 0) ?? buffer.count
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Monotonic seconds, for lock timeouts unaffected by clock changes.
    public static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    /// A short random string for temporary names.
    public static func randomSuffix() -> String {
        var g = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<10).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] })
    }
}
