import Posix
import TerminalImage

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
    private let savedModes: Posix.TerminalModes
    private var savedMask: Posix.SignalMask?
    private var signalFD: Int32 = -1
    private var isFullScreen = false
    private var isBroken = false

    /// Bytes sent just before leaving the alternate screen, e.g. kitty's "delete all images".
    /// At most 200 bytes (the crash restore keeps a copy in C).
    public var extraLeaveBytes: [UInt8] = []

    static let enterBytes = Array("\u{1B}[?1049h\u{1B}[?25l".utf8)
    static let leaveBytes = Array("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l".utf8)

    private init(fd: Int32, modes: Posix.TerminalModes) {
        self.fd = fd
        self.savedModes = modes
    }

    deinit {
        leaveFullScreen()
        Posix.close(fd)
    }

    /// Opens the controlling terminal; `.noTerminal` when the process has none.
    public static func open() throws(TerminalError) -> TTYTerminal {
        let fd = Posix.openTerminal("/dev/tty")
        guard fd >= 0 else { throw .noTerminal(reason: Posix.errorText()) }
        guard Posix.isTerminal(fd), let modes = Posix.TerminalModes.of(fd) else {
            let reason = Posix.errorText()
            Posix.close(fd)
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
        let handled = Posix.SignalSet(TerminalSignals.terminating + TerminalSignals.screenEvents)
        guard let savedMask = handled.block() else { throw .setupFailed(reason: "cannot block signals") }
        self.savedMask = savedMask
        signalFD = handled.openDescriptor()
        guard signalFD >= 0 else {
            let reason = Posix.errorText()
            restoreMask()
            throw .setupFailed(reason: "signalfd: \(reason)")
        }
        guard applyRawMode() else {
            let reason = Posix.errorText()
            Posix.close(signalFD)
            signalFD = -1
            restoreMask()
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
        savedModes.apply(to: fd, .drain)
        Posix.TerminalCrashRestore.disarm()
        Posix.close(signalFD)
        signalFD = -1
        // Signals that came meanwhile are delivered now, with the terminal already restored.
        restoreMask()
    }

    private func restoreMask() {
        savedMask?.restore()
        savedMask = nil
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
        guard let ready = Posix.waitForInput([signalFD, wakeFD, fd], timeoutMilliseconds: timeoutMilliseconds)
        else { return .timeout }
        if ready[0].any, let event = takeSignal() { return event }
        if ready[1].any {
            WakePipe.drain()
            return .wake
        }
        if ready[2].any {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { Posix.read(fd, into: $0.baseAddress!, count: $0.count) }
            if let n, n > 0 { return .bytes(Array(buffer[0..<n])) }
            if n == nil && Posix.lastError == Posix.Errno.wouldBlock { return .timeout }
            // End of input or EIO: the terminal hung up; end as SIGHUP would.
            return .signal(Posix.Signal.hangUp)
        }
        return .timeout
    }

    public func suspend() {
        stop(wholeGroup: true)
    }

    /// One signal from the signalfd, handled or turned into an event.
    private func takeSignal() -> TerminalInput? {
        let signal = Posix.nextSignal(fromDescriptor: signalFD)
        switch signal {
        case Posix.Signal.windowChange:
            return .resized
        case Posix.Signal.continued:
            // Continued after a stop that was not ours (SIGSTOP): the shell may have reset the modes.
            reenter()
            return .resumed
        case Posix.Signal.terminalStop:
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
        guard isFullScreen, !Posix.isIgnored(Posix.Signal.terminalStop) else { return }
        write(extraLeaveBytes + Self.leaveBytes)
        savedModes.apply(to: fd, .drain)
        // Pending while blocked; unblocking delivers it, and its default action stops us here.
        Posix.send(Posix.Signal.terminalStop, toGroup: wholeGroup)
        let stopSignal = Posix.SignalSet([Posix.Signal.terminalStop])
        stopSignal.unblock()
        _ = stopSignal.block()
        // The SIGCONT that woke us is pending: take it so it does not redraw a second time.
        Posix.SignalSet([Posix.Signal.continued]).takePending()
        reenter()
    }

    private func reenter() {
        guard isFullScreen else { return }
        _ = applyRawMode()
        write(Self.enterBytes)
    }

    private func applyRawMode() -> Bool {
        savedModes.raw.apply(to: fd, .drain)
    }

    private func armCrashRestore() {
        let leave = Array(extraLeaveBytes.prefix(200)) + Self.leaveBytes
        Posix.TerminalCrashRestore.arm(fd: fd, modes: savedModes, leave: leave)
    }
}
