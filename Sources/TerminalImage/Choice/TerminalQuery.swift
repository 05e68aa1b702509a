import Posix

#if canImport(Glibc)
import Glibc
#endif

/// The one question imgsel puts to a terminal whose environment does not say what it draws:
/// the kitty graphics query, OSC 11 (the background colour) and DA1 (and `CSI 16 t` and
/// `CSI 14 t` when the window reports no pixels), written at once; the answers are read until
/// DA1's, which every terminal sends last, or until the time is up.
///
/// While it waits the terminal is in non-canonical mode without echo, so neither the answers
/// nor keys typed meanwhile show on the screen; typed keys are dropped (there is no safe way
/// to give them back). The signals that stop or end the process from the keyboard or
/// outside (SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU) are held back
/// until the modes are restored, so the terminal is never left without echo. When DA1's
/// answer came, the modes go back at once. When it did not, they stay until `close()`, so
/// that an answer arriving late (a slow link) is read and dropped there, not echoed; the
/// caller closes once its picture is made, before writing it.
public final class TerminalQuery {
    /// How long a terminal has to answer: the SPEC's 250 ms.
    public static let timeoutMilliseconds = 250

    private let fd: Int32
    private var saved = termios()
    private var oldMask = sigset_t()
    /// The modes are changed and the signals held: `close()` has work to do.
    private var waiting = false
    private var closed = false
    private var reply = TerminalReply()

    init(fd: Int32) { self.fd = fd }

    deinit { close() }

    /// The terminal on `output` (stdout by default), opened afresh for reading its answers;
    /// nil when `output` is no terminal, or this process is not in its foreground (reading
    /// or setting modes there would stop it with SIGTTIN or SIGTTOU), or it is not the
    /// process's controlling terminal (whose input another program would be reading).
    public static func open(output: Int32 = 1) -> TerminalQuery? {
        guard isatty(output) == 1, let name = ttyname(output) else { return nil }
        let fd = Glibc.open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard tcgetpgrp(fd) == getpgrp() else {
            _ = Glibc.close(fd)
            return nil
        }
        return TerminalQuery(fd: fd)
    }

    /// The bytes of the question: kitty's query, OSC 11 (the background), `CSI 16 t` and
    /// `CSI 14 t` if asked for, then DA1.
    public static func question(cellSize: Bool) -> [UInt8] {
        TerminalReply.kittyQuery + TerminalReply.backgroundQuery + (cellSize ? TerminalReply.cellSizeQuery : [])
            + TerminalReply.deviceAttributesQuery
    }

    /// Asks once and waits at most `timeoutMilliseconds` for DA1's answer. What came is in
    /// the reply (`answered` false when DA1 did not come in time).
    public func ask(cellSize: Bool = false, timeoutMilliseconds: Int = timeoutMilliseconds) -> TerminalReply {
        guard !closed, !waiting else { return reply }
        holdSignals()
        guard tcgetattr(fd, &saved) == 0 else {
            releaseSignals()
            return reply
        }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
        withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &quiet) == 0 else {
            releaseSignals()
            return reply
        }
        waiting = true
        let question = Self.question(cellSize: cellSize)
        guard writeAll(question) else {
            restore(flushing: false)
            return reply
        }
        let deadline = now() + timeoutMilliseconds
        while !reply.answered {
            let left = deadline - now()
            if left <= 0 || !readAvailable(waitingMilliseconds: left) { break }
        }
        if reply.answered {
            _ = reply.finish()
            restore(flushing: false)
        }
        if reply.textAreaPixels != nil, let window = WindowSize.reported(fd: fd) {
            reply.cellsWhenAsked = (columns: window.columns, rows: window.rows)
        }
        return reply
    }

    /// Reads and drops what arrived since (a late answer, typed keys), restores the modes,
    /// lets held signals through and closes the terminal. Safe to call twice.
    public func close() {
        guard !closed else { return }
        closed = true
        if waiting {
            while readAvailable(waitingMilliseconds: 0) {}
            restore(flushing: true)
        }
        _ = Glibc.close(fd)
    }

    /// Puts the modes back (TCSAFLUSH drops unread input: what is left of a late answer).
    private func restore(flushing: Bool) {
        _ = tcsetattr(fd, flushing ? TCSAFLUSH : TCSANOW, &saved)
        waiting = false
        releaseSignals()
    }

    /// Waits up to `waitingMilliseconds` for input and feeds what came to the reply; false
    /// when nothing came (or the terminal is gone). Bytes that are no answer are dropped.
    private func readAvailable(waitingMilliseconds: Int) -> Bool {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, Int32(clamping: waitingMilliseconds))
        if ready < 0 && errno == EINTR { return true }
        guard ready > 0, poller.revents & Int16(POLLIN) != 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        guard count > 0 else { return false }
        _ = reply.feed(buffer[0..<count])
        return true
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Posix.writeAll(fd, $0) } == nil
    }

    private static let heldSignals = [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGTTIN, SIGTTOU]

    private func holdSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in Self.heldSignals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, &oldMask)
    }

    private func releaseSignals() {
        pthread_sigmask(SIG_SETMASK, &oldMask, nil)
    }

    /// Milliseconds on the monotonic clock.
    private func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }
}
