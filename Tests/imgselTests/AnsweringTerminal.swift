import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A terminal that answers (or not) imgsel's query: the binary runs in a session of its own
/// on a fresh pseudo-terminal, which is its controlling terminal (so it may ask), with the
/// line discipline as a new terminal has it (canonical, echoing: an echo would show). This
/// test plays the terminal: it reads what imgsel writes and, once the query (ending in
/// DA1, `ESC [ c`) came, types `typed`, then writes `answer`.
struct AnsweringTerminal {
    /// What this terminal says to the query.
    enum Answer {
        case nothing
        /// `ESC [ ? attributes c`, e.g. "62;4;22" (sixel) or "62;22".
        case deviceAttributes(String)
        /// kitty's answers as kitty 0.26 sends them: `OK` to its graphics query, then DA1 with
        /// a trailing empty field and no sixel (`ESC [ ? 62 ; c`).
        case kitty
        /// The background colour (OSC 11, `ESC ] 11 ; rgb:… ESC \`, e.g. "ffff/ffff/ffff"),
        /// then DA1 with these attributes: xterm's answers.
        case background(String, deviceAttributes: String)
        /// The text area's size in pixels (`ESC [ 4 ; height ; width t`, the answer to `CSI 14 t`)
        /// and no cell size, then DA1: GNOME Terminal's (VTE's) answers.
        case textArea(width: Int, height: Int, deviceAttributes: String)
    }

    struct Result {
        let status: Int32
        /// What the terminal received (with ONLCR on: "\r\n" for a newline).
        let output: [UInt8]
        let stderr: String
        /// When the query came, and when the first byte after it did, from the start.
        let queryAt: TimeInterval?
        let nextAt: TimeInterval?
        /// The terminal's local modes before and after the run.
        let modesBefore: tcflag_t
        let modesAfter: tcflag_t

        var text: String { String(decoding: output, as: UTF8.self) }
        /// How many times the terminal received `sequence` (a query, say).
        func count(of sequence: String) -> Int { text.components(separatedBy: sequence).count - 1 }
        var asked: Bool { queryAt != nil }
        var transcript: String {
            "--- exit \(status)\n--- terminal:\n" + text.replacingOccurrences(of: "\u{1B}", with: "⎋")
                + "\n--- stderr:\n\(stderr)---"
        }
    }

    static let query = Array("\u{1B}[c".utf8)

    /// Runs imgsel `args` in `folder` on an answering terminal of `size`.
    /// `then`: keys to type once the output holds a marker, in order (`q` once a picture came).
    /// `memoryLimitKB`: run under `ulimit -v` of that many KiB (through /bin/sh, which execs imgsel).
    /// `stdoutFile`: stdout to that file rather than the terminal (which stays the controlling one).
    static func run(
        _ args: [String], in folder: URL, size: TerminalSize = TerminalSize(), env: [String: String] = [:],
        answer: Answer, typed: String = "", then steps: [(after: String, type: String)] = [],
        memoryLimitKB: Int? = nil, stdoutFile: String? = nil
    ) throws -> Result {
        var steps = steps
        let pty: Pty
        do { pty = try Pty.open(size: size) } catch { throw SetupFailure(error.description) }
        defer { pty.close() }
        let master = pty.master, slave = pty.slave
        var modes = termios()
        tcgetattr(slave, &modes)
        let before = modes.c_lflag

        let errPath = folder.deletingLastPathComponent().appendingPathComponent("tty-err-\(UUID().uuidString)").path
        var environment = cleanTerminalEnvironment()
        for (key, value) in env { environment[key] = value }
        let argv =
            memoryLimitKB.map { ["/bin/sh", "-c", "ulimit -v \($0) && exec \"$0\" \"$@\"", Binary.url!.path] }
            ?? [Binary.url!.path]
        let start = Date()
        let pid: pid_t
        do {
            // A session of its own: the pty it opens as stdin becomes its controlling terminal.
            pid = try Spawn.start(
                argv + args, environment: environment,
                descriptors: [
                    (0, .file(pty.name, O_RDWR)),
                    (1, stdoutFile.map { .file($0, O_WRONLY | O_CREAT | O_TRUNC) } ?? .copy(0)),
                    (2, .file(errPath, O_WRONLY | O_CREAT | O_TRUNC)),
                ],
                closing: [master, slave], directory: folder.path, newSession: true)
        } catch {
            throw SetupFailure(error.description)
        }

        var output: [UInt8] = []
        var queryAt: TimeInterval? = nil
        var nextAt: TimeInterval? = nil
        var status: Int32 = 0
        var exited = false
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = start.addingTimeInterval(HangBound.seconds)
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, exited ? 50 : 5) > 0 {
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
                if n > 0 {
                    let now = Date().timeIntervalSince(start)
                    if queryAt != nil && nextAt == nil { nextAt = now }
                    output += buffer[0..<n]
                    if let step = steps.first, String(decoding: output, as: UTF8.self).contains(step.after) {
                        steps.removeFirst()
                        _ = Array(step.type.utf8).withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
                    }
                    if queryAt == nil, output.count >= query.count, Array(output.suffix(query.count)) == query {
                        queryAt = now
                        let reply = Array(typed.utf8) + bytes(of: answer)
                        if !reply.isEmpty { _ = reply.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) } }
                    }
                    continue
                }
            }
            if exited { break }
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                continue
            }
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("imgsel did not finish on the answering terminal")
                break
            }
        }
        tcgetattr(slave, &modes)
        let stderrText = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errPath)
        let exitStatus = Spawn.exitStatus(status)
        return Result(
            status: exitStatus, output: output, stderr: stderrText, queryAt: queryAt, nextAt: nextAt,
            modesBefore: before, modesAfter: modes.c_lflag)
    }

    private static func bytes(of answer: Answer) -> [UInt8] {
        switch answer {
        case .nothing: return []
        case let .deviceAttributes(list): return Array("\u{1B}[?\(list)c".utf8)
        case .kitty: return Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c".utf8)
        case let .background(colour, list): return Array("\u{1B}]11;rgb:\(colour)\u{1B}\\\u{1B}[?\(list)c".utf8)
        case let .textArea(width, height, list): return Array("\u{1B}[4;\(height);\(width)t\u{1B}[?\(list)c".utf8)
        }
    }
}
