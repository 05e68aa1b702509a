import CTerminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// A terminal's modes (termios), read once to be put back exactly, and the two changes imgsel
    /// makes to them: raw for the full screen, quiet for the query. The one place termios is set.
    public struct TerminalModes: Sendable {
        fileprivate var modes: termios

        /// When a change takes effect: at once, after pending output (TCSADRAIN), or after it with
        /// unread input dropped (TCSAFLUSH).
        public enum When { case now, drain, flush }

        /// The modes of the terminal on `fd`; nil (errno set) when it is none.
        public static func of(_ fd: Int32) -> TerminalModes? {
            var modes = termios()
            return tcgetattr(fd, &modes) == 0 ? TerminalModes(modes: modes) : nil
        }

        /// Full screen's: no echo, no line editing, no signals from keys (Ctrl-C and Ctrl-Z arrive as
        /// bytes); a read waits for one byte.
        public var raw: TerminalModes {
            var raw = modes
            cfmakeraw(&raw)
            Self.setReadWait(&raw, minimum: 1)
            return TerminalModes(modes: raw)
        }

        /// The query's: no line editing and no echo, so neither answers nor typed keys show; a read
        /// returns at once with what is there.
        public var quiet: TerminalModes {
            var quiet = modes
            quiet.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
            Self.setReadWait(&quiet, minimum: 0)
            return TerminalModes(modes: quiet)
        }

        /// Sets these modes on `fd`; false (errno set) when the terminal refused.
        @discardableResult
        public func apply(to fd: Int32, _ when: When) -> Bool {
            var modes = self.modes
            let action: Int32
            switch when {
            case .now: action = TCSANOW
            case .drain: action = TCSADRAIN
            case .flush: action = TCSAFLUSH
            }
            return retryingInterrupts { tcsetattr(fd, action, &modes) } == 0
        }

        private static func setReadWait(_ modes: inout termios, minimum: UInt8) {
            withUnsafeMutableBytes(of: &modes.c_cc) { cc in
                cc[Int(VMIN)] = minimum
                cc[Int(VTIME)] = 0
            }
        }
    }

    /// The last-resort restore (CTerminal, in C, as it runs in a signal handler): from `arm` until
    /// `disarm`, a crash or `exit()` first writes `leave` (at most 256 bytes) to `fd` and puts back
    /// `modes`.
    public enum TerminalCrashRestore {
        @discardableResult
        public static func arm(fd: Int32, modes: TerminalModes, leave: [UInt8]) -> Bool {
            var saved = modes.modes
            return leave.withUnsafeBufferPointer { imgsel_terminal_arm(fd, &saved, $0.baseAddress, $0.count) } == 0
        }

        public static func disarm() { imgsel_terminal_disarm() }
    }

    /// Opens a terminal device (`/dev/tty`, or the name of the one on stdout) for reading and
    /// writing, never as the controlling terminal; -1 with errno set when it cannot.
    public static func openTerminal(_ path: String) -> Int32 {
        open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
    }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The device name of the terminal on `fd` (`/dev/pts/3`); nil when it is none.
    public static func terminalName(_ fd: Int32) -> String? { ttyname(fd).map { String(cString: $0) } }

    /// This process is in the terminal's foreground group: it may read and set modes there
    /// without being stopped by SIGTTIN or SIGTTOU.
    public static func isInForeground(ofTerminal fd: Int32) -> Bool { tcgetpgrp(fd) == getpgrp() }

    /// What TIOCGWINSZ says of `fd`, zeros included; nil when it says nothing (not a terminal).
    public static func windowSize(_ fd: Int32) -> (columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
        return (Int(size.ws_col), Int(size.ws_row), Int(size.ws_xpixel), Int(size.ws_ypixel))
    }
}
