import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Where the built `tui-demo` is: $TUI_DEMO_BIN, else beside the running test bundle (the
/// test target depends on it, so `swift build --build-tests` builds it).
enum DemoBinary {
    static let path: String? = locate()

    private static func locate() -> String? {
        if let explicit = ProcessInfo.processInfo.environment["TUI_DEMO_BIN"], !explicit.isEmpty { return explicit }
        var folders: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first, !first.isEmpty {
            var url = URL(fileURLWithPath: first).standardizedFileURL
            while url.path != "/" {
                if url.lastPathComponent.hasSuffix(".xctest") {
                    folders.append(url.deletingLastPathComponent())
                    break
                }
                url = url.deletingLastPathComponent()
            }
            folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        return folders.map { $0.appendingPathComponent("tui-demo").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A detached tmux session of its own (private server socket) running an interactive shell,
/// so a test can type into a real terminal, read its screen, and use job control.
///
/// Every wait polls until its condition holds or a deadline passes: no fixed sleeps.
final class TmuxPane {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The private server's socket, inside `folder` (tmux -S), so it goes with the folder:
    /// a named socket (-L) would stay behind in /tmp/tmux-UID after every test.
    let socket: String
    /// A fresh folder for the files the pane's commands write (stty output, statuses).
    let folder: URL
    /// How long a wait may take before the test fails (CI machines can be slow).
    var deadline: TimeInterval = 10
    private var commandCount = 0

    init(columns: Int = 80, rows: Int = 24) throws {
        let name = "imgsel-tui-\(getpid())-\(UUID().uuidString.prefix(8))"
        // /tmp rather than $TMPDIR: a socket's path must stay under 108 bytes.
        folder = URL(fileURLWithPath: "/tmp", isDirectory: true).appendingPathComponent(name, isDirectory: true)
        socket = folder.appendingPathComponent("tmux.socket").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // dash, not bash: bash puts the terminal's modes back itself when a job is stopped or
        // killed by a signal, which would hide a program that does not. dash leaves them as
        // the program left them, and still has job control (Ctrl-Z, fg) when interactive.
        let shell = "env -u TMUX PS1='$ ' dash -i"
        let started = tmux([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
            "-s", "t", "-c", folder.path, shell,
        ])
        guard started.status == 0 else { throw Failure(description: "tmux new-session failed: \(started.output)") }
        // tmux 3.3 sizes a detached session's window from these options, not only from -x/-y.
        tmux(["set-option", "-g", "window-size", "manual"])
        tmux(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
        try waitFor("the shell's prompt") { $0.contains { $0.hasPrefix("$") } }
    }

    /// Stops the private server and removes the folder.
    func close() {
        tmux(["kill-server"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs one tmux command on the private server and returns its status and output.
    @discardableResult
    func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        commandCount += 1
        let outputPath = folder.appendingPathComponent("tmux-\(commandCount).out").path
        defer { unlink(outputPath) }
        let status = Spawn.run(["tmux", "-S", socket] + arguments, outputPath: outputPath, timeout: deadline)
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    /// Sends tmux key names (`Enter`, `Escape`, `C-z`, `Right`, `Space`).
    func keys(_ names: String...) {
        tmux(["send-keys", "-t", "t"] + names)
    }

    /// Types `text` literally, then Enter.
    func run(_ text: String) {
        tmux(["send-keys", "-t", "t", "-l", text])
        tmux(["send-keys", "-t", "t", "Enter"])
    }

    /// The pane's rows as text.
    func screen() -> [String] {
        tmux(["capture-pane", "-p", "-t", "t"]).output.components(separatedBy: "\n")
    }

    /// A tmux format of the pane, e.g. `#{alternate_on}`.
    func format(_ format: String) -> String {
        tmux(["display-message", "-p", "-t", "t", format]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until `condition` holds for the pane's rows; throws with the screen when it never does.
    func waitFor(_ what: String, _ condition: ([String]) -> Bool) throws {
        let end = Date().addingTimeInterval(deadline)
        while true {
            let rows = screen()
            if condition(rows) { return }
            if Date() > end {
                throw Failure(
                    description: "waited \(deadline) s for \(what); the pane shows:\n"
                        + rows.joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    /// Waits until some row contains `text`.
    func waitForText(_ text: String) throws {
        try waitFor("'\(text)'") { $0.contains { $0.contains(text) } }
    }

    /// Waits until the tmux format reads `value`.
    func waitForFormat(_ format: String, _ value: String) throws {
        let end = Date().addingTimeInterval(deadline)
        while self.format(format) != value {
            if Date() > end {
                throw Failure(
                    description: "\(format) stayed \(self.format(format)), not \(value); the pane shows:\n"
                        + screen().joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    /// Runs `command` in the pane with its output into the file `name`, and returns that output
    /// once the file is there whole (written to a temporary name, then renamed).
    func output(of command: String, into name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        run("\(command) > \(name).part 2>&1; mv \(name).part \(name)")
        return try waitForFile(path)
    }

    /// Waits for a file and returns its text.
    func waitForFile(_ path: String) throws -> String {
        let end = Date().addingTimeInterval(deadline)
        while !FileManager.default.fileExists(atPath: path) {
            if Date() > end {
                throw Failure(
                    description: "no \(path) after \(deadline) s; the pane shows:\n"
                        + screen().joined(separator: "\n"))
            }
            usleep(20_000)
        }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}

/// Runs a program with posix_spawn and waits for it with waitpid.
///
/// Not Foundation's Process: it missed the exit of tmux's short-lived client (which forks the
/// server and leaves at once) and then waited for ever in waitUntilExit. Output goes to a
/// file, not a pipe: the server that `new-session` starts keeps the descriptors it was given,
/// so a pipe would never reach its end.
enum Spawn {
    /// The exit status, 128 + the signal for a killed program, -1 if it could not start.
    /// A program still running after `timeout` seconds is killed.
    static func run(_ arguments: [String], outputPath: String, timeout: TimeInterval) -> Int32 {
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        // `swift test` runs the tests with NO_COLOR=1; a user's terminal has no such thing, and
        // imgsel draws no pictures under it.
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm-256color"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return -1 }
        let end = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > end {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(1_000)
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
