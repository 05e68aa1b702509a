import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// What one run of the binary produced.
struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String
    let stdoutData: Data
    let stderrData: Data
    let arguments: [String]

    /// stdout split into lines, without the empty string after a final newline.
    var stdoutLines: [String] { Self.lines(stdout) }
    /// stderr split into lines, without the empty string after a final newline.
    var stderrLines: [String] { Self.lines(stderr) }

    static func lines(_ text: String) -> [String] {
        var parts = text.components(separatedBy: "\n")
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// For failure messages: everything a reader needs to see what happened.
    var transcript: String {
        "imgsel \(arguments.joined(separator: " "))\n--- exit \(status)\n"
            + "--- stdout:\n\(stdout)--- stderr:\n\(stderr)---"
    }
}

/// Where the built `imgsel` is: $IMGSEL_BIN, else beside the running test bundle.
enum Binary {
    static let url: URL? = BuiltProduct.url("imgsel", unlessSetIn: "IMGSEL_BIN")
}

/// The base of every end-to-end test: a fresh folder per test and a way to run imgsel in it.
class ImgselTestCase: XCTestCase {
    /// The test's own folder, the default working directory; removed in tearDown.
    struct MissingBinary: Error, CustomStringConvertible {
        var description: String {
            "the imgsel binary was not found: set IMGSEL_BIN or build it (swift build --build-tests)"
        }
    }

    private(set) var dir: URL!
    /// A sibling folder for stdin/stdout/stderr files, so `dir` only holds what the test and imgsel put there.
    private var ioDir: URL!
    private var runCounter = 0
    /// Makes every fixture image different unless a test copies one on purpose.
    var seedCounter = 0
    var tally = RunTally()
    /// Whether this class's runs of imgsel are calls of the library in this process (see
    /// `InProcessRun.swift`) rather than processes: all but the classes on the spawn list.
    var runsInProcess: Bool { Self.spawnedClasses[String(describing: type(of: self))] == nil }

    /// The default selection file, `.imgsel.json` in `dir`.
    var selectionURL: URL { dir.appendingPathComponent(".imgsel.json") }
    var lockURL: URL { dir.appendingPathComponent(".imgsel.json.lock") }

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard Binary.url != nil else {
            // A failure, never a skip: a suite that cannot find its binary has tested nothing.
            throw MissingBinary()
        }
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("imgsel-e2e-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // The binary uses getcwd(), which returns the physical path; match it.
        let real = URL(fileURLWithPath: Self.realPath(root.path), isDirectory: true)
        dir = real.appendingPathComponent("work", isDirectory: true)
        ioDir = real.appendingPathComponent("io", isDirectory: true)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: ioDir, withIntermediateDirectories: true)
        runCounter = 0
        seedCounter = 0
        tally = RunTally(spawnsBefore: Spawn.started)
    }

    override func tearDownWithError() throws {
        RunTally.record(name, tally)
        if let dir {
            let root = dir.deletingLastPathComponent()
            _ = try? FileManager.default.removeItem(at: root)
        }
        dir = nil
        ioDir = nil
        try super.tearDownWithError()
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: - Running the binary

    /// Runs imgsel (or `program`, such as a shell) with `args`: in this process (`runInProcess`)
    /// unless it `needsProcess`; a process's stdout and stderr go to files (no pipe deadlocks). The
    /// environment is the inherited one without IMGSEL_*, NO_COLOR, COLUMNS and LINES, plus `env`.
    /// `stdinFile` and `stdoutFile` open those paths instead (a folder as stdin, /dev/full as
    /// stdout); stdout then reads back empty.
    @discardableResult
    func run(
        _ args: [String], stdin: Data? = nil, env: [String: String] = [:], cwd: URL? = nil,
        program: URL? = nil, stdinFile: String? = nil, stdoutFile: String? = nil,
        timeout: TimeInterval = HangBound.seconds
    ) -> RunResult {
        let executable = program ?? Binary.url!
        runCounter += 1
        let n = runCounter
        let outURL = ioDir.appendingPathComponent("out-\(n)")
        let errURL = ioDir.appendingPathComponent("err-\(n)")
        let inURL = ioDir.appendingPathComponent("in-\(n)")
        guard
            needsProcess(
                args, program: program, stdinFile: stdinFile, stdoutFile: stdoutFile, env: env, cwd: cwd,
                timeout: timeout)
        else {
            return runInProcess(args, stdin: stdin, env: env, cwd: cwd, stdinFile: stdinFile, inURL: inURL)
        }
        tally.spawned += 1

        let stdinPath: String
        if let stdinFile {
            stdinPath = stdinFile
        } else if let stdin {
            do { try stdin.write(to: inURL) } catch {
                XCTFail("cannot set up the run's stdin: \(error)")
                return RunResult(
                    status: -1, stdout: "", stderr: "", stdoutData: Data(), stderrData: Data(), arguments: args)
            }
            stdinPath = inURL.path
        } else {
            stdinPath = "/dev/null"
        }
        // Spawn, not Foundation's Process, whose waitUntilExit was seen to miss a child's exit
        // and hang the suite; `Spawn.wait` is also the watchdog that kills a hanging command.
        let pid: pid_t
        do {
            pid = try Spawn.start(
                [executable.path] + args, environment: runEnvironment(env),
                descriptors: [
                    (0, .file(stdinPath, O_RDONLY)),
                    (1, .file(stdoutFile ?? outURL.path, O_WRONLY | O_CREAT | O_TRUNC)),
                    (2, .file(errURL.path, O_WRONLY | O_CREAT | O_TRUNC)),
                ],
                directory: (cwd ?? dir).path)
        } catch {
            XCTFail("cannot start \(executable.path): \(error)")
            return RunResult(
                status: -1, stdout: "", stderr: "", stdoutData: Data(), stderrData: Data(), arguments: args)
        }
        let (status, timedOut) = Spawn.wait(pid, timeout: timeout)
        let outData = (try? Data(contentsOf: outURL)) ?? Data()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        let result = RunResult(
            status: status, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            stdoutData: outData, stderrData: errData, arguments: args)
        if timedOut {
            XCTFail("\(executable.lastPathComponent) did not finish within \(timeout) s:\n\(result.transcript)")
        }
        return result
    }

    // MARK: - Files

    func url(_ relative: String) -> URL { dir.appendingPathComponent(relative) }

    func write(_ data: Data, to relative: String) -> URL {
        let target = url(relative)
        try? FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: target.path, contents: data)
        return target
    }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: url(relative).path) }

    /// Every name in a folder, hidden ones included, sorted.
    func listing(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url(relative).path)) ?? []).sorted()
    }

    /// The lower-case hex sha256 as /usr/bin/sha256sum computes it.
    func sha256sum(_ target: URL, file: StaticString = #filePath, line: UInt = #line) -> String {
        let outURL = ioDir.appendingPathComponent("sha-\(UUID().uuidString)")
        let status = Spawn.run(
            ["/usr/bin/sha256sum", target.path], outputPath: outURL.path, timeout: HangBound.seconds)
        guard status == 0 else {
            XCTFail("sha256sum exited \(status)", file: file, line: line)
            return ""
        }
        let text = String(decoding: (try? Data(contentsOf: outURL)) ?? Data(), as: UTF8.self)
        return String(text.prefix(while: { $0 != " " }))
    }

    /// A parsed JSON value from text, failing the test when it is not JSON.
    func parseJSON(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Any? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else {
            XCTFail("not JSON: \(text)", file: file, line: line)
            return nil
        }
        return value
    }
}

/// A test that cannot set up what it tests (no tmux, no pseudo-terminal) fails with this:
/// thrown, it ends the test as a failure, never as a skip that would pass unseen.
struct SetupFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
