#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// What `poll` says of one descriptor.
    public struct Readiness: Sendable {
        /// There is input (POLLIN).
        public let readable: Bool
        /// Anything at all: input, a hang-up or an error.
        public let any: Bool
    }

    /// Waits until one of `fds` (-1 for none) has input, a hang-up or an error, or until
    /// `timeoutMilliseconds` pass (-1: no limit); nil (errno set) when poll fails. A signal handled
    /// meanwhile waits again for what is left of the time.
    public static func waitForInput(_ fds: [Int32], timeoutMilliseconds: Int32) -> [Readiness]? {
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let deadline = monotonicMilliseconds() + Int64(timeoutMilliseconds)
        var timeout = timeoutMilliseconds
        while true {
            let ready = poll(&polled, nfds_t(polled.count), timeout)
            if ready >= 0 { break }
            guard errno == EINTR else { return nil }
            if timeoutMilliseconds >= 0 { timeout = Int32(clamping: max(0, deadline - monotonicMilliseconds())) }
        }
        return polled.map { Readiness(readable: $0.revents & Int16(POLLIN) != 0, any: $0.revents != 0) }
    }

    /// Milliseconds of CLOCK_MONOTONIC, which no change of the wall clock moves.
    public static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }

    /// A pipe, both ends non-blocking and close-on-exec; nil when none can be had.
    public static func nonBlockingPipe() -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    /// One write of what fits (EINTR retried): the count written, or -1 with errno set.
    public static func writeOnce(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        retryingInterrupts { Glibc.write(fd, bytes.baseAddress, bytes.count) }
    }
}
