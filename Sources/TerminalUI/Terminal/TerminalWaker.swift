import Posix

/// Wakes a waiting `TTYTerminal.read` from another thread (a thumbnail is ready), which then
/// returns `.wake`. Safe to call from any thread, any number of times: wakes that come
/// before the loop reads them are merged into one.
public struct TerminalWaker: Sendable {
    let writeEnd: Int32

    public func wake() {
        let byte: UInt8 = 1
        // Non-blocking: a full pipe already holds a wake-up, so EAGAIN loses nothing.
        _ = withUnsafeBytes(of: byte) { Posix.writeOnce(writeEnd, $0) }
    }
}

/// One pipe for the whole process, never closed: a background thread may call `wake()` at
/// any time, and a closed and reused descriptor would put its byte into some other file.
enum WakePipe {
    static let ends: (read: Int32, write: Int32)? = Posix.nonBlockingPipe()

    /// Empties the pipe, so the next poll waits again.
    static func drain() {
        guard let ends else { return }
        var buffer = [UInt8](repeating: 0, count: 64)
        while (buffer.withUnsafeMutableBytes { Posix.read(ends.read, into: $0.baseAddress!, count: $0.count) } ?? 0) > 0
        {}
    }
}
