import Foundation
import XCTest

@testable import TerminalImage

#if canImport(Glibc)
import Glibc
#endif

/// The query on a real pseudo-terminal: this test plays the terminal on the master side.
final class TerminalQueryTests: XCTestCase {
    private var master: Int32 = -1
    private var slave: Int32 = -1

    override func setUpWithError() throws {
        master = PseudoTerminal.openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, PseudoTerminal.grantpt(master) == 0, PseudoTerminal.unlockpt(master) == 0,
            let name = PseudoTerminal.ptsname(master)
        else { throw SetupFailure("no pseudo-terminal here") }
        slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        XCTAssertGreaterThanOrEqual(slave, 0)
    }

    override func tearDown() {
        close(slave)
        close(master)
    }

    private var side: MasterSide { MasterSide(master: master) }

    private func received(waiting milliseconds: Int32 = 0) -> [UInt8] { side.received(waiting: milliseconds) }
    private func answer(_ text: String) { side.answer(text) }

    private func modes() -> termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    private func echoing() -> Bool { modes().c_lflag & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON) }

    /// Input left unread on the slave side.
    private func pendingInput() -> Int {
        var count: Int32 = 0
        _ = ioctl(slave, UInt(FIONREAD), &count)
        return Int(count)
    }

    /// Runs `ask` on another thread while `terminal` plays the other side; returns the reply and its time.
    private func ask(
        _ query: TerminalQuery, cellSize: Bool = false, terminal: @escaping @Sendable () -> Void
    ) -> (TerminalReply, TimeInterval) {
        let player = Thread(block: terminal)
        let start = Date()
        player.start()
        let reply = query.ask(cellSize: cellSize)
        return (reply, Date().timeIntervalSince(start))
    }

    func testDA1ArrivingInPiecesEndsTheWaitAndTheModesComeBackAtOnce() {
        XCTAssertTrue(echoing())
        let query = TerminalQuery(fd: dup(slave))
        defer { query.close() }
        let (reply, time) = ask(query) { [side] in
            XCTAssertEqual(side.received(waiting: 1000), TerminalReply.query, "one write: kitty's query, OSC 11, DA1")
            side.answer("\u{1B}[?6")
            usleep(30_000)
            side.answer("2;4;22c")
        }
        XCTAssertTrue(reply.answered)
        XCTAssertTrue(reply.sixel)
        XCTAssertFalse(reply.kittyGraphics)
        XCTAssertLessThan(time, 0.245, "DA1 ends the wait, before the 250 ms are up")
        XCTAssertTrue(echoing(), "restored when DA1 came, before close")
    }

    /// kitty 0.26 answers its graphics query, OSC 11, and DA1 as `ESC [ ? 62 ; c`: that DA1 is
    /// what ends the wait (the loop returns on it, the modes come back before close), where it
    /// used to be taken for no answer, and imgsel waited out the 250 ms (issue 22, item 4).
    func testKittysOwnDA1EndsTheWait() {
        let query = TerminalQuery(fd: dup(slave))
        defer { query.close() }
        let (reply, _) = ask(query) { [side] in
            _ = side.received(waiting: 1000)
            side.answer("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;c")
        }
        XCTAssertTrue(reply.kittyGraphics)
        XCTAssertTrue(reply.answered, "DA1 came and was read as DA1")
        XCTAssertEqual(reply.deviceAttributesAnswer, "[?62;c")
        XCTAssertTrue(echoing(), "the wait ended on DA1: the modes are back before close")
        XCTAssertEqual(pendingInput(), 0, "nothing of the answer was left unread")
    }

    func testKittysAnswerAndTheCellSize() {
        let query = TerminalQuery(fd: dup(slave))
        defer { query.close() }
        let (reply, _) = ask(query, cellSize: true) { [side] in
            XCTAssertEqual(
                side.received(waiting: 1000),
                TerminalReply.kittyQuery + TerminalReply.backgroundQuery + TerminalReply.cellSizeQuery
                    + [0x1B, 0x5B, 0x63])
            side.answer("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
        }
        XCTAssertTrue(reply.kittyGraphics)
        XCTAssertEqual(reply.cellPixels?.width, 10)
        XCTAssertEqual(reply.cellPixels?.height, 20)
    }

    /// GNOME Terminal's answers: no cell size, the text area; the cell is the area over the
    /// cells the window had when asked.
    func testATextAreaAnswerIsTakenOverTheWindowsCells() {
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        XCTAssertEqual(ioctl(slave, UInt(TIOCSWINSZ), &size), 0)
        let query = TerminalQuery(fd: dup(slave))
        defer { query.close() }
        let (reply, _) = ask(query, cellSize: true) { [side] in
            _ = side.received(waiting: 1000)
            side.answer("\u{1B}[4;840;1080t\u{1B}[?65;1;9c")
        }
        XCTAssertNil(reply.cellPixels)
        XCTAssertEqual(reply.answeredCell?.width, 9)
        XCTAssertEqual(reply.answeredCell?.height, 21)
    }

    func testNoAnswerGivesUpAfter250MillisecondsAndALateAnswerIsDrainedNotEchoed() {
        let query = TerminalQuery(fd: dup(slave))
        let (reply, time) = ask(query) {}
        XCTAssertFalse(reply.answered)
        XCTAssertGreaterThanOrEqual(time, 0.245)
        // 250 ms, with room for a busy CI machine; waiting on for an answer that never comes fails it.
        XCTAssertLessThan(time, 1.0, "the wait ends")
        XCTAssertEqual(received(waiting: 100), TerminalReply.query)
        XCTAssertFalse(echoing(), "still quiet, for an answer that comes late")
        answer("\u{1B}[?62;4c")
        usleep(50_000)
        query.close()
        XCTAssertTrue(echoing(), "restored by close")
        XCTAssertEqual(pendingInput(), 0, "the late answer was read and dropped")
        XCTAssertEqual(received(waiting: 50), [], "and never echoed")
    }

    func testKeysTypedMeanwhileAreNotEchoed() {
        let query = TerminalQuery(fd: dup(slave))
        defer { query.close() }
        let (reply, _) = ask(query) { [side] in
            _ = side.received(waiting: 1000)
            side.answer("ls -l\r")
            usleep(20_000)
            side.answer("\u{1B}[?62;22c")
        }
        XCTAssertTrue(reply.answered)
        XCTAssertEqual(received(waiting: 50), [], "nothing echoed to the screen")
        XCTAssertEqual(pendingInput(), 0, "typed during the query: dropped")
        XCTAssertTrue(echoing())
    }

    func testNothingIsAskedOfWhatIsNoTerminal() {
        var pipeEnds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&pipeEnds), 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        XCTAssertNil(TerminalQuery.open(output: pipeEnds[1]))
        // A terminal that is not this process's controlling one is not asked either.
        XCTAssertNil(TerminalQuery.open(output: slave))
    }
}

/// The terminal's side of the pty: what it received, what it answers.
struct MasterSide: Sendable {
    let master: Int32

    /// What the terminal received so far (waiting up to `milliseconds` for the first bytes).
    func received(waiting milliseconds: Int32 = 0) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var wait = milliseconds
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, wait) > 0 else { return out }
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
            guard n > 0 else { return out }
            out += buffer[0..<n]
            wait = 20
        }
    }

    /// Types `text` on the terminal, as keys or answers.
    func answer(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
    }
}

/// The pty functions Glibc's Swift module leaves out, looked up in libc at run time.
enum PseudoTerminal {
    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
        guard let pointer = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("libc has no \(name)") }
        return unsafeBitCast(pointer, to: type)
    }

    static let openpt = symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsname = symbol("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
}
