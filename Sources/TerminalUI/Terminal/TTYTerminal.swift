import CTerminal
import Posix
import TerminalImage

#if canImport(Glibc)
import Glibc
#endif

/// The real terminal: `/dev/tty`, so a full-screen command works with its stdout in a pipe or
/// inside `$( )`.
///
/// Full screen is raw input (termios: no echo, no line editing, no signals from keys: Ctrl-C
/// and Ctrl-Z arrive as bytes), the alternate screen and a hidden cursor. The modes found at
/// `open` are saved and put back exactly on every way out: `leaveFullScreen` (call it in a
/// `defer`), before a terminating signal's death (`TerminalInput.signal`), before a stop
/// (Ctrl-Z, SIGTSTP), and, as a last resort from C, on a crash or `exit()`.
public final class TTYTerminal: TerminalIO {
    public let fd: Int32
    private let savedModes: termios
    private var savedMask = sigset_t()
    private var signalFD: Int32 = -1
    private var isFullScreen = false
    private var isBroken = false

    /// Bytes sent just before leaving the alternate screen, e.g. kitty's "delete all images".
    /// At most 200 bytes (the crash restore keeps a copy in C).
    public var extraLeaveBytes: [UInt8] = []

    static let enterBytes = Array("\u{1B}[?1049h\u{1B}[?25l".utf8)
    static let leaveBytes = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    private init(fd: Int32, modes: termios) {
        self.fd = fd
        self.savedModes = modes
    }

    deinit {
        leaveFullScreen()
        close(fd)
    }

    /// Opens the controlling terminal; `.noTerminal` when the process has none.
    public static func open() throws(TerminalError) -> TTYTerminal {
        let fd = Glibc.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .noTerminal(reason: String(cString: strerror(errno))) }
        var modes = termios()
        guard isatty(fd) == 1, tcgetattr(fd, &modes) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .noTerminal(reason: reason)
        }
        return TTYTerminal(fd: fd, modes: modes)
    }

    /// Wakes `read` from another thread.
    public var waker: TerminalWaker? {
        WakePipe.ends.map { TerminalWaker(writeEnd: $0.write) }
    }

    public func enterFullScreen() throws(TerminalError) {
        guard !isFullScreen else { return }
        var handled = TerminalSignals.set(TerminalSignals.terminating + TerminalSignals.screenEvents)
        guard pthread_sigmask(SIG_BLOCK, &handled, &savedMask) == 0 else {
            throw .setupFailed(reason: "cannot block signals")
        }
        signalFD = imgsel_signalfd_open(&handled)
        guard signalFD >= 0 else {
            let reason = String(cString: strerror(errno))
            pthread_sigmask(SIG_SETMASK, &savedMask, nil)
            throw .setupFailed(reason: "signalfd: \(reason)")
        }
        guard applyRawMode() else {
            let reason = String(cString: strerror(errno))
            close(signalFD)
            signalFD = -1
            pthread_sigmask(SIG_SETMASK, &savedMask, nil)
            throw .setupFailed(reason: "cannot set the terminal's modes: \(reason)")
        }
        armCrashRestore()
        isFullScreen = true
        write(Self.enterBytes)
    }

    public func leaveFullScreen() {
        guard isFullScreen else { return }
        isFullScreen = false
        write(extraLeaveBytes + Self.leaveBytes)
        var modes = savedModes
        tcsetattr(fd, TCSADRAIN, &modes)
        imgsel_terminal_disarm()
        close(signalFD)
        signalFD = -1
        // Signals that came meanwhile are delivered now, with the terminal already restored.
        pthread_sigmask(SIG_SETMASK, &savedMask, nil)
    }

    public func write(_ bytes: [UInt8]) {
        guard !isBroken, !bytes.isEmpty else { return }
        // A failed write means the terminal is gone (EIO after a hang-up): later ones would fail too.
        if bytes.withUnsafeBytes({ Posix.writeAll(fd, $0) }) != nil { isBroken = true }
    }

    public func windowSize() -> WindowSize {
        if let size = WindowSize.reported(fd: fd), size.columns > 0, size.rows > 0 { return size }
        return WindowSize(columns: 80, rows: 24)
    }

    public func read(timeoutMilliseconds: Int32) -> TerminalInput {
        let wakeFD = WakePipe.ends?.read ?? -1
        var fds = [
            pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        ]
        let ready = Posix.retryingInterrupts { poll(&fds, nfds_t(fds.count), timeoutMilliseconds) }
        if ready <= 0 { return .timeout }
        if fds[0].revents != 0, let event = takeSignal() { return event }
        if fds[1].revents != 0 {
            WakePipe.drain()
            return .wake
        }
        if fds[2].revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n > 0 { return .bytes(Array(buffer[0..<n])) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { return .timeout }
            // End of input or EIO: the terminal hung up; end as SIGHUP would.
            return .signal(SIGHUP)
        }
        return .timeout
    }

    public func suspend() {
        stop(wholeGroup: true)
    }

    /// One signal from the signalfd, handled or turned into an event.
    private func takeSignal() -> TerminalInput? {
        let signal = imgsel_signalfd_next(signalFD)
        switch signal {
        case SIGWINCH:
            return .resized
        case SIGCONT:
            // Continued after a stop that was not ours (SIGSTOP): the shell may have reset the modes.
            reenter()
            return .resumed
        case SIGTSTP:
            stop(wholeGroup: false)
            return .resumed
        case let other where other > 0:
            return .signal(other)
        default:
            return nil
        }
    }

    /// Puts the terminal back and stops, as the line discipline's Ctrl-Z would have: the key
    /// stops the whole foreground process group (the rest of a pipeline too); a SIGTSTP sent
    /// from outside to this process stops this process. Returns once continued, in full screen.
    private func stop(wholeGroup: Bool) {
        guard isFullScreen, imgsel_signal_is_ignored(SIGTSTP) == 0 else { return }
        write(extraLeaveBytes + Self.leaveBytes)
        var modes = savedModes
        tcsetattr(fd, TCSADRAIN, &modes)
        // Pending while blocked; unblocking delivers it, and its default action stops us here.
        _ = kill(wholeGroup ? 0 : getpid(), SIGTSTP)
        var stopSignal = TerminalSignals.set([SIGTSTP])
        pthread_sigmask(SIG_UNBLOCK, &stopSignal, nil)
        pthread_sigmask(SIG_BLOCK, &stopSignal, nil)
        // The SIGCONT that woke us is pending: take it so it does not redraw a second time.
        var continued = TerminalSignals.set([SIGCONT])
        var noWait = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&continued, nil, &noWait)
        reenter()
    }

    private func reenter() {
        guard isFullScreen else { return }
        _ = applyRawMode()
        write(Self.enterBytes)
    }

    private func applyRawMode() -> Bool {
        var raw = savedModes
        cfmakeraw(&raw)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        return tcsetattr(fd, TCSADRAIN, &raw) == 0
    }

    private func armCrashRestore() {
        var modes = savedModes
        let leave = Array(extraLeaveBytes.prefix(200)) + Self.leaveBytes
        _ = leave.withUnsafeBufferPointer { imgsel_terminal_arm(fd, &modes, $0.baseAddress, $0.count) }
    }
}
