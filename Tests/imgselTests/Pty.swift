import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// What one run of the binary on a pseudo-terminal produced: the bytes the
/// terminal received (exactly: the line discipline is raw) and stderr.
struct PtyResult {
    let status: Int32
    let output: [UInt8]
    let stderr: String

    var text: String { String(decoding: output, as: UTF8.self) }
    /// The output with escape sequences shown, for failure messages.
    var transcript: String {
        "--- exit \(status)\n--- terminal:\n" + text.replacingOccurrences(of: "\u{1B}", with: "⎋")
            + "\n--- stderr:\n\(stderr)---"
    }
}

extension ImgselTestCase {
    /// Runs imgsel with stdin and stdout on a fresh pseudo-terminal of `size`
    /// (set with TIOCSWINSZ), stderr to a file; reads everything until it exits.
    func runOnTerminal(
        _ args: [String], size: TerminalSize = TerminalSize(), env: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> PtyResult {
        let pty: Pty
        do {
            pty = try Pty.open(size: size)
        } catch {
            XCTFail(error.description, file: file, line: line)
            return PtyResult(status: -1, output: [], stderr: "")
        }
        let master = pty.master
        defer { close(master) }
        var settings = termios()
        tcgetattr(pty.slave, &settings)
        cfmakeraw(&settings)
        tcsetattr(pty.slave, TCSANOW, &settings)

        let errPath = dir.deletingLastPathComponent().appendingPathComponent("pty-err-\(UUID().uuidString)").path
        var environment = cleanTerminalEnvironment()
        for (key, value) in env { environment[key] = value }
        let pid: pid_t
        do {
            defer { close(pty.slave) }
            pid = try Spawn.start(
                [Binary.url!.path] + args, environment: environment,
                descriptors: [
                    (0, .copy(pty.slave)), (1, .copy(pty.slave)), (2, .file(errPath, O_WRONLY | O_CREAT | O_TRUNC)),
                ],
                closing: [master, pty.slave], directory: dir.path)
        } catch {
            XCTFail(error.description, file: file, line: line)
            return PtyResult(status: -1, output: [], stderr: "")
        }
        // Read until the slave side is closed by the exit (EIO), with a watchdog.
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(HangBound.seconds)
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 200)
            if ready == 0 {
                if Date() > deadline {
                    kill(pid, SIGKILL); XCTFail("imgsel did not finish on the pty", file: file, line: line); break
                }
                continue
            }
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        let exitStatus = Spawn.wait(pid, timeout: HangBound.seconds).status
        let stderrText = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errPath)
        return PtyResult(status: exitStatus, output: output, stderr: stderrText)
    }
}
