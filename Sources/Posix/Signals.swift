import CTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// The signal numbers the libraries name (the values are the platform's).
    public enum Signal {
        public static let interrupt = SIGINT
        public static let quit = SIGQUIT
        public static let terminate = SIGTERM
        public static let hangUp = SIGHUP
        public static let pipe = SIGPIPE
        /// SIGTSTP: Ctrl-Z's stop, or one sent from outside.
        public static let terminalStop = SIGTSTP
        public static let backgroundRead = SIGTTIN
        public static let backgroundWrite = SIGTTOU
        public static let windowChange = SIGWINCH
        public static let continued = SIGCONT
    }

    /// A set of signals (sigset_t), to block in this thread or to read from a descriptor.
    public struct SignalSet: Sendable {
        fileprivate var set = sigset_t()

        public init(_ signals: [Int32]) {
            sigemptyset(&set)
            for signal in signals { sigaddset(&set, signal) }
        }

        /// Blocks these signals in this thread (threads started later inherit it); the mask
        /// before, to put back, or nil (errno set) when it could not.
        public func block() -> SignalMask? {
            var set = self.set
            var old = SignalMask()
            return pthread_sigmask(SIG_BLOCK, &set, &old.set) == 0 ? old : nil
        }

        /// Unblocks these signals in this thread: one pending is delivered at once.
        public func unblock() {
            var set = self.set
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }

        /// Takes one of these signals that is pending, without waiting (it stays blocked).
        public func takePending() {
            var set = self.set
            var noWait = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&set, nil, &noWait)
        }

        /// A non-blocking, close-on-exec descriptor these (blocked) signals are read from, so they
        /// are handled in the ordinary flow of a poll loop, never in a handler; -1 with errno set.
        /// Linux's signalfd(2), in CTerminal. Elsewhere -1 with ENOSYS: the full screen then cannot
        /// start (it reports a setup failure), which gives up the full screen until a self-pipe or
        /// kqueue's EVFILT_SIGNAL takes signalfd's place here.
        public func openDescriptor() -> Int32 {
            #if os(Linux)
            var set = self.set
            return imgsel_signalfd_open(&set)
            #else
            errno = ENOSYS
            return -1
            #endif
        }
    }

    /// A thread's signal mask, as it was before a `block`.
    public struct SignalMask: Sendable {
        var set = sigset_t()

        /// A mask of no signals.
        public init() {}

        /// Puts this mask back; signals that came meanwhile are delivered now.
        public func restore() {
            var set = self.set
            pthread_sigmask(SIG_SETMASK, &set, nil)
        }
    }

    /// The next signal read from `openDescriptor`'s descriptor: its number, 0 when none is
    /// waiting, -1 on error.
    public static func nextSignal(fromDescriptor fd: Int32) -> Int32 { imgsel_signalfd_next(fd) }

    /// `signal`'s disposition is SIG_IGN (inherited from the parent, as nohup does).
    public static func isIgnored(_ signal: Int32) -> Bool { imgsel_signal_is_ignored(signal) != 0 }

    /// Gives `signal` back its default action.
    public static func restoreDefaultAction(_ signal: Int32) { _ = Glibc.signal(signal, SIG_DFL) }

    /// Sends `signal` to this process, or to its whole process group.
    public static func send(_ signal: Int32, toGroup: Bool = false) { _ = kill(toGroup ? 0 : getpid(), signal) }

    /// This process's id.
    public static var processID: Int32 { getpid() }
}

extension Posix.SignalSet {
    /// Whether one of `signals` is pending for the process (sigpending) and was not already
    /// blocked before `mask`, the mask the holder found.
    public static func arrived(_ signals: [Int32], blockedBefore mask: Posix.SignalMask) -> Bool {
        var pending = sigset_t()
        guard sigpending(&pending) == 0 else { return false }
        return signals.contains { sigismember(&pending, $0) == 1 && !mask.contains($0) }
    }
}

extension Posix.SignalMask {
    /// Whether `signal` is in the mask.
    public func contains(_ signal: Int32) -> Bool {
        var set = self.set
        return sigismember(&set, signal) == 1
    }
}
