import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// A detached tmux session on a private server, running a shell in a test's folder, whose
/// screen is read back with its colours (`capture-pane -p -e`) and parsed into cells.
///
/// Copied in small from TerminalUITests/TmuxPane.swift (a test target cannot use another's
/// helpers, and one shared target for two helpers would be more than they are): processes are
/// spawned directly and waited for with waitpid, as Foundation's Process missed the exit of
/// tmux's short-lived client; every wait polls with a deadline, no fixed sleeps.
final class TmuxScreen {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// A cell as the terminal shows it: its character and its two colours (nil: the default).
    struct Cell: Equatable {
        var character: Character
        var foreground: Colour?
        var background: Colour?
    }

    enum Colour: Equatable, CustomStringConvertible {
        case rgb(UInt8, UInt8, UInt8)
        case indexed(Int)

        var description: String {
            switch self {
            case let .rgb(r, g, b): return "rgb(\(r),\(g),\(b))"
            case let .indexed(n): return "#\(n)"
            }
        }
    }

    let socket: String
    let folder: URL
    var deadline: TimeInterval = 10
    private var count = 0

    /// A `columns × rows` pane running dash in `folder` (which holds the socket too: its path
    /// must stay under 108 bytes, so the folder should be short, e.g. under /tmp).
    init(columns: Int, rows: Int, folder: URL) throws {
        self.folder = folder
        socket = folder.appendingPathComponent("tmux.socket").path
        let started = tmux([
            "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "t", "-c", folder.path,
            "env PS1='$ ' dash -i",
        ])
        guard started.status == 0 else { throw Failure(description: "tmux new-session failed: \(started.output)") }
        tmux(["set-option", "-g", "window-size", "manual"])
        tmux(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
        try waitFor("the prompt") { $0.contains { $0.hasPrefix("$") } }
    }

    func close() { tmux(["kill-server"]) }

    @discardableResult
    func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        count += 1
        let outputPath = folder.appendingPathComponent("tmux-\(count).out").path
        defer { unlink(outputPath) }
        let status = Self.spawn(["tmux", "-S", socket] + arguments, outputPath: outputPath, timeout: deadline)
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    /// Types `command` and Enter.
    func run(_ command: String) {
        tmux(["send-keys", "-t", "t", "-l", command])
        tmux(["send-keys", "-t", "t", "Enter"])
    }

    /// The rows as plain text.
    func text() -> [String] { tmux(["capture-pane", "-p", "-t", "t"]).output.components(separatedBy: "\n") }

    /// The rows as cells, with their colours. tmux sends a colour only where it changes, from
    /// one line to the next too, and leaves out the trailing spaces of the default colours (`-N`
    /// keeps coloured ones): a missing cell is a blank of no colour.
    func cells() -> [[Cell]] {
        var foreground: Colour? = nil, background: Colour? = nil
        return tmux(["capture-pane", "-p", "-e", "-N", "-t", "t"]).output.components(separatedBy: "\n").map {
            Self.parse($0, &foreground, &background)
        }
    }

    func waitFor(_ what: String, _ condition: ([String]) -> Bool) throws {
        let end = Date().addingTimeInterval(deadline)
        while true {
            let rows = text()
            if condition(rows) { return }
            if Date() > end {
                throw Failure(
                    description: "waited \(deadline) s for \(what); the pane shows:\n" + rows.joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    /// Runs `command` after clearing the screen and waits for the prompt to come back under `marker`.
    func show(_ command: String, marker: String) throws {
        run("clear; \(command)")
        try waitFor("'\(marker)' and the prompt after it") { rows in
            guard let at = rows.firstIndex(where: { $0.contains(marker) }) else { return false }
            return rows[(at + 1)...].contains { $0.hasPrefix("$ ") || $0 == "$" }
        }
    }

    /// One line of `capture-pane -e`: SGR sequences set the colours of the characters after them.
    static func parse(_ line: String, _ foreground: inout Colour?, _ background: inout Colour?) -> [Cell] {
        var cells: [Cell] = []
        let scalars = Array(line.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) { j += 1 }
                if j < scalars.count, scalars[j] == "m" {
                    let text = String(String.UnicodeScalarView(scalars[(i + 2)..<j]))
                    apply(
                        text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 },
                        &foreground, &background)
                }
                i = j + 1
                continue
            }
            cells.append(Cell(character: Character(scalars[i]), foreground: foreground, background: background))
            i += 1
        }
        return cells
    }

    private static func apply(_ codes: [Int], _ foreground: inout Colour?, _ background: inout Colour?) {
        var k = 0
        while k < codes.count {
            let code = codes[k]
            switch code {
            case 0: foreground = nil; background = nil
            case 38, 48:
                var colour: Colour? = nil
                if k + 1 < codes.count, codes[k + 1] == 2, k + 4 < codes.count {
                    colour = .rgb(UInt8(codes[k + 2]), UInt8(codes[k + 3]), UInt8(codes[k + 4]))
                    k += 4
                } else if k + 2 < codes.count, codes[k + 1] == 5 {
                    colour = .indexed(codes[k + 2])
                    k += 2
                }
                if code == 38 { foreground = colour } else { background = colour }
            case 39: foreground = nil
            case 49: background = nil
            case 30...37: foreground = .indexed(code - 30)
            case 40...47: background = .indexed(code - 40)
            case 90...97: foreground = .indexed(code - 90 + 8)
            case 100...107: background = .indexed(code - 100 + 8)
            default: break
            }
            k += 1
        }
    }

    /// Runs a program and waits for it (killed after `timeout` seconds); its output to a file.
    static func spawn(_ arguments: [String], outputPath: String, timeout: TimeInterval) -> Int32 {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("IMGSEL_") && !terminalVariables.contains(key) && key != "COLORTERM"
        }
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
