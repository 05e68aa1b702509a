import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A detached tmux session of its own (private server socket) running an interactive shell,
/// so a test can type into a real terminal, read its screen (as text, or as cells with their
/// colours: `TmuxPane+Cells`), and use job control.
///
/// Every wait polls until its condition holds or a deadline passes: no fixed sleeps.
public final class TmuxPane {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// The private server's socket, inside `folder` (tmux -S), so it goes with the folder:
    /// a named socket (-L) would stay behind in /tmp/tmux-UID after every test.
    public let socket: String
    /// The shell's working folder, for the files the pane's commands write.
    public let folder: URL
    /// How long a wait may take before the test fails: only a hang (`HangBound`).
    public var deadline: TimeInterval = HangBound.seconds
    private let ownsFolder: Bool
    private var commandCount = 0

    /// A `columns × rows` pane running dash in `folder`, or in a fresh folder under /tmp that
    /// `close` removes. The socket lives in the folder, and a socket's path must stay under
    /// 108 bytes: a given folder should be short.
    public init(columns: Int = 80, rows: Int = 24, folder given: URL? = nil) throws {
        if let given {
            folder = given
            ownsFolder = false
        } else {
            let name = "imgsel-tmux-\(getpid())-\(UUID().uuidString.prefix(8))"
            folder = URL(fileURLWithPath: "/tmp", isDirectory: true).appendingPathComponent(name, isDirectory: true)
            ownsFolder = true
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        socket = folder.appendingPathComponent("tmux.socket").path
        // dash, not bash: bash puts the terminal's modes back itself when a job is stopped or
        // killed by a signal, which would hide a program that does not. dash leaves them as
        // the program left them, and still has job control (Ctrl-Z, fg) when interactive.
        let started = tmux([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
            "-s", "t", "-c", folder.path, "env PS1='$ ' dash -i",
        ])
        guard started.status == 0 else { throw Failure(description: "tmux new-session failed: \(started.output)") }
        // tmux 3.3 sizes a detached session's window from these options, not only from -x/-y.
        tmux(["set-option", "-g", "window-size", "manual"])
        tmux(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
        try waitFor("the shell's prompt") { $0.contains { $0.hasPrefix("$") } }
    }

    /// Stops the private server, and removes the folder if the pane made it.
    public func close() {
        tmux(["kill-server"])
        if ownsFolder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs one tmux command on the private server and returns its status and output.
    @discardableResult
    public func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        commandCount += 1
        let outputPath = folder.appendingPathComponent("tmux-\(commandCount).out").path
        defer { unlink(outputPath) }
        let status = Spawn.run(["tmux", "-S", socket] + arguments, outputPath: outputPath, timeout: deadline)
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    /// Sends tmux key names (`Enter`, `Escape`, `C-z`, `Right`, `Space`).
    public func keys(_ names: String...) {
        tmux(["send-keys", "-t", "t"] + names)
    }

    /// Types `text` literally, then Enter.
    public func run(_ text: String) {
        tmux(["send-keys", "-t", "t", "-l", text])
        tmux(["send-keys", "-t", "t", "Enter"])
    }

    /// The pane's rows as text.
    public func screen() -> [String] {
        tmux(["capture-pane", "-p", "-t", "t"]).output.components(separatedBy: "\n")
    }

    /// A tmux format of the pane, e.g. `#{alternate_on}`.
    public func format(_ format: String) -> String {
        tmux(["display-message", "-p", "-t", "t", format]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until `condition` holds for the pane's rows; throws with the screen when it never does.
    public func waitFor(_ what: String, _ condition: ([String]) -> Bool) throws {
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
    public func waitForText(_ text: String) throws {
        try waitFor("'\(text)'") { $0.contains { $0.contains(text) } }
    }

    /// Waits until the tmux format reads `value`.
    public func waitForFormat(_ format: String, _ value: String) throws {
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

    /// Runs `command` after clearing the screen and waits for the prompt to come back under `marker`.
    public func show(_ command: String, marker: String) throws {
        run("clear; \(command)")
        try waitFor("'\(marker)' and the prompt after it") { rows in
            guard let at = rows.firstIndex(where: { $0.contains(marker) }) else { return false }
            return rows[(at + 1)...].contains { $0.hasPrefix("$ ") || $0 == "$" }
        }
    }

    /// Runs `command` in the pane with its output into the file `name`, and returns that output
    /// once the file is there whole (written to a temporary name, then renamed).
    public func output(of command: String, into name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        run("\(command) > \(name).part 2>&1; mv \(name).part \(name)")
        return try waitForFile(path)
    }

    /// Waits for a file and returns its text.
    public func waitForFile(_ path: String) throws -> String {
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
