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
    /// The classes whose runs of imgsel stay processes, each for what a call in process cannot
    /// stand for. Every other class runs imgsel in process.
    static let spawnedClasses: [String: String] = [
        "LockTests": "imgsel waits for, and gives up on, a lock another process holds",
        "SimilarTests": "similar's exit status (0 none, 1 alike, 3 undecodable) as a script reads it from the binary",
        "AlikeAtAddTests": "add's warning and --distinct's refusal as a script meets them, from the binary",
        "UploadTargetTests": "a target's rules, refusals and export, as the binary a CI job runs",
    ]

    /// Whether this run must be a process: a class on the spawn list, another program, stdout
    /// on a file such as /dev/full, a bound on how long it may take (a hang is killed only in
    /// a process), the full-screen commands (the controlling terminal, signal handlers), and a
    /// run that meets a FIFO or a device (as stdin, an argument, a variable or a name in its
    /// folder): opening or reading one would block this process, where a process's hang meets
    /// the watchdog (HangBound) and fails the test.
    func needsProcess(
        _ args: [String], program: URL?, stdinFile: String?, stdoutFile: String?, env: [String: String],
        cwd: URL?, timeout: TimeInterval
    ) -> Bool {
        if !runsInProcess || program != nil || stdoutFile != nil || timeout != HangBound.seconds
            || args.contains("pick") || args.contains("browse")
        {
            return true
        }
        if let stdinFile, Self.mayBlock(stdinFile, devices: false) { return true }
        let folder = (cwd ?? dir).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return (args + env.values + names).contains { Self.mayBlock($0.hasPrefix("/") ? $0 : folder + "/" + $0) }
    }

    /// Whether `path` leads (links followed) to a FIFO, or with `devices` a character device.
    static func mayBlock(_ path: String, devices: Bool = true) -> Bool {
        var st = stat()
        guard !path.isEmpty, stat(path, &st) == 0 else { return false }
        let kind = st.st_mode & S_IFMT
        return kind == S_IFIFO || (devices && kind == S_IFCHR)
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
