import Foundation
import ImgselCommands
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Running the command line in this process: the library (`Imgsel.run`) with the test's
/// arguments, environment, working directory and stdin, and a console whose stdout and stderr
/// are kept in memory. No process to start, and a crash points at a line. It shares the
/// process, so nothing here changes the process's current directory or environment; what
/// needs a process of its own is spawned (see `needsProcess`).
extension ImgselTestCase {
    /// The classes whose runs are calls in process. Not yet the default: the library still
    /// opens the FILE arguments of add, info, replace, toggle and pick as typed, that is
    /// against this process's current directory rather than the run's `cwd`, so a test
    /// whose inputs are relative paths must be a process until SelectionStore opens them
    /// against the run's folder (openat on it). These classes pass in process as they are.
    static let inProcessClasses: Set<String> = [
        "HelpPinTests", "ManPageTests", "InitOnANonRegularFileTests", "UnreadableStdinTests",
    ]

    /// Whether this run must be a process: a class not in process, another program, stdout
    /// on a file such as /dev/full, a bound on how long it may take (a hang is killed only in
    /// a process), the full-screen commands (the controlling terminal, signal handlers).
    func needsProcess(_ args: [String], program: URL?, stdoutFile: String?, timeout: TimeInterval) -> Bool {
        !runsInProcess || program != nil || stdoutFile != nil || timeout != HangBound.seconds
            || args.contains("pick") || args.contains("browse")
    }

    /// The environment a run gets: the inherited one without IMGSEL_*, NO_COLOR, COLUMNS and LINES, plus `env`.
    func runEnvironment(_ env: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("IMGSEL_") && key != "NO_COLOR" && key != "COLUMNS" && key != "LINES"
        }
        for (key, value) in env { environment[key] = value }
        return environment
    }

    /// One run of the library, as `run` would have spawned it.
    func runInProcess(
        _ args: [String], stdin: Data?, env: [String: String], cwd: URL?, stdinFile: String?, inURL: URL
    ) -> RunResult {
        tally.inProcess += 1
        var inPath = "/dev/null"
        if let stdinFile {
            inPath = stdinFile
        } else if let stdin {
            do { try stdin.write(to: inURL) } catch { XCTFail("cannot write the run's stdin: \(error)") }
            inPath = inURL.path
        }
        let input = open(inPath, O_RDONLY)
        // Asked whether it is a terminal and how wide: it is not, as a file would not be.
        let output = open("/dev/null", O_WRONLY)
        defer {
            close(input)
            close(output)
        }
        guard input >= 0, output >= 0 else {
            XCTFail("cannot open the run's stdin \(inPath)")
            return RunResult(
                status: -1, stdout: "", stderr: "", stdoutData: Data(), stderrData: Data(), arguments: args)
        }
        let sink = Sink()
        let io = ProcessIO(
            environment: runEnvironment(env), cwd: Self.realPath((cwd ?? dir).path), stdin: input, stdout: output,
            stdoutIsTerminal: false, stderrIsTerminal: false,
            writeOut: { bytes in
                sink.out += bytes
                return nil
            },
            writeErr: { sink.err += $0 },
            endBySignal: { signal in fatalError("a run in process was ended by signal \(signal)") })
        let status = Imgsel.run(args, io: io)
        let outData = Data(sink.out)
        let errData = Data(sink.err)
        return RunResult(
            status: status, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), stdoutData: outData, stderrData: errData,
            arguments: args)
    }
}

/// stdout and stderr of a run in process.
private final class Sink {
    var out: [UInt8] = []
    var err: [UInt8] = []
}

/// How the runs of one test went: in process, or as processes (the harness's, and every
/// `Spawn.start`: ptys, tmux, xterm). With $IMGSEL_TEST_TALLY set to a file, tearDown appends
/// `name in-process spawned` for each test, so the suite's split can be counted.
struct RunTally {
    var inProcess = 0
    var spawned = 0
    var spawnsBefore = 0

    static func record(_ test: String, _ tally: RunTally) {
        guard let path = ProcessInfo.processInfo.environment["IMGSEL_TEST_TALLY"] else { return }
        let spawned = tally.spawned + Spawn.started - tally.spawnsBefore
        let line = "\(test) \(tally.inProcess) \(spawned)\n"
        guard let handle = FileHandle(forWritingAtPath: path) else {
            _ = FileManager.default.createFile(atPath: path, contents: Data(line.utf8))
            return
        }
        handle.seekToEndOfFile()
        handle.write(Data(line.utf8))
        handle.closeFile()
    }
}
