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

/// The pty functions Glibc's Swift module leaves out (they sit behind
/// _XOPEN_SOURCE and _GNU_SOURCE), looked up in libc at run time.
enum PtyCalls {
    private static func symbol<T>(_ name: String, as type: T.Type) -> T {
        guard let pointer = dlsym(dlopen(nil, RTLD_NOW), name) else { fatalError("libc has no \(name)") }
        return unsafeBitCast(pointer, to: type)
    }

    static let openpt = symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
    static let grantpt = symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self)
    static let unlockpt = symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
    static let ptsname = symbol("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    static let addchdir = symbol(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
}

/// The size a test gives its terminal: cells, and pixels (0 when the terminal does not say).
struct TerminalSize {
    var columns: UInt16 = 80
    var rows: UInt16 = 24
    var pixelWidth: UInt16 = 0
    var pixelHeight: UInt16 = 0
}

extension ImgselTestCase {
    /// Runs imgsel with stdin and stdout on a fresh pseudo-terminal of `size`
    /// (set with TIOCSWINSZ), stderr to a file; reads everything until it exits.
    func runOnTerminal(
        _ args: [String], size: TerminalSize = TerminalSize(), env: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) -> PtyResult {
        let master = PtyCalls.openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, PtyCalls.grantpt(master) == 0, PtyCalls.unlockpt(master) == 0,
            let name = PtyCalls.ptsname(master)
        else {
            XCTFail("cannot open a pseudo-terminal: \(String(cString: strerror(errno)))", file: file, line: line)
            return PtyResult(status: -1, output: [], stderr: "")
        }
        defer { close(master) }
        let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            XCTFail("cannot open the pty's slave side", file: file, line: line)
            return PtyResult(status: -1, output: [], stderr: "")
        }
        var settings = termios()
        tcgetattr(slave, &settings)
        cfmakeraw(&settings)
        tcsetattr(slave, TCSANOW, &settings)
        var window = winsize(
            ws_row: size.rows, ws_col: size.columns, ws_xpixel: size.pixelWidth, ws_ypixel: size.pixelHeight)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &window)

        let errPath = dir.deletingLastPathComponent().appendingPathComponent("pty-err-\(UUID().uuidString)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, slave, 0)
        posix_spawn_file_actions_adddup2(&actions, slave, 1)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, slave)
        _ = PtyCalls.addchdir(&actions, dir.path)

        var environment = cleanTerminalEnvironment()
        for (key, value) in env { environment[key] = value }
        let argv = [Binary.url!.path] + args
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArgs + cEnv { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        close(slave)
        guard spawned == 0 else {
            XCTFail("cannot start imgsel: \(String(cString: strerror(spawned)))", file: file, line: line)
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
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let stderrText = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errPath)
        return PtyResult(status: exitStatus, output: output, stderr: stderrText)
    }
}
