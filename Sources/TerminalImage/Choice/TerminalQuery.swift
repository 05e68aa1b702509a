import Posix

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
    private var saved: Posix.TerminalModes?
    private var oldMask: Posix.SignalMask?
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
        guard Posix.isTerminal(output), let name = Posix.terminalName(output) else { return nil }
        let fd = Posix.openTerminal(name)
        guard fd >= 0 else { return nil }
        guard Posix.isInForeground(ofTerminal: fd) else {
            Posix.close(fd)
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
        guard let saved = Posix.TerminalModes.of(fd) else {
            releaseSignals()
            return reply
        }
        self.saved = saved
        guard saved.quiet.apply(to: fd, .now) else {
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
        Posix.close(fd)
    }

    /// Puts the modes back (TCSAFLUSH drops unread input: what is left of a late answer).
    private func restore(flushing: Bool) {
        saved?.apply(to: fd, flushing ? .flush : .now)
        waiting = false
        releaseSignals()
    }

    /// Waits up to `waitingMilliseconds` for input and feeds what came to the reply; false
    /// when nothing came (or the terminal is gone). Bytes that are no answer are dropped.
    private func readAvailable(waitingMilliseconds: Int) -> Bool {
        let ready = Posix.waitForInput([fd], timeoutMilliseconds: Int32(clamping: waitingMilliseconds))
        guard ready?.first?.readable == true else { return false }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { Posix.read(fd, into: $0.baseAddress!, count: $0.count) } ?? 0
        guard count > 0 else { return false }
        _ = reply.feed(buffer[0..<count])
        return true
    }

    private func writeAll(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { Posix.writeAll(fd, $0) } == nil
    }

    private static let heldSignals = Posix.SignalSet([
        Posix.Signal.interrupt, Posix.Signal.quit, Posix.Signal.terminate, Posix.Signal.hangUp,
        Posix.Signal.terminalStop, Posix.Signal.backgroundRead, Posix.Signal.backgroundWrite,
    ])

    private func holdSignals() { oldMask = Self.heldSignals.block() }

    private func releaseSignals() {
        oldMask?.restore()
        oldMask = nil
    }

    /// Milliseconds on the monotonic clock.
    private func now() -> Int { Int(Posix.monotonicMilliseconds()) }
}
