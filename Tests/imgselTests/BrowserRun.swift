import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// One headless Chromium run for BrowserTests, ended by what the run is for, not by a clock.
///
/// Under load (issue 20) two things went wrong. After a download the browser sometimes prints
/// the DOM, saves the file and then never exits: `timeout` killed it at 60 s and the test failed
/// with everything done. And with `--virtual-time-budget` it quits once the page is idle in
/// virtual time, which can come before the download is written in real time. So a run ends when
/// its product is complete (the caller's `done`: the whole DOM printed, the screenshot's last
/// chunk written, the downloaded file in place), the browser is stopped then, and the one clock
/// left, `hangSeconds`, is reached only by a browser that hangs before its product is done.
extension BrowserTests {
    static let hangSeconds = Int(HangBound.seconds)

    /// The last bytes of every PNG: the IEND chunk and its CRC.
    static let pngEnd: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    static func file(_ url: URL, endsWith text: String) -> Bool { file(url, endsWith: Array(text.utf8)) }

    static func file(_ url: URL, endsWith tail: [UInt8]) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size >= UInt64(tail.count) else { return false }
        try? handle.seek(toOffset: size - UInt64(tail.count))
        return (try? handle.readToEnd()).map { [UInt8]($0) == tail } ?? false
    }

    /// Runs the browser on a page below `dir` until `done(stdout file)` holds or it exits by
    /// itself; returns its stdout. `virtualTime` adds `--virtual-time-budget=5000`, with which
    /// `--dump-dom` and `--screenshot` wait for the page's script and then print. `browser`
    /// stands in for Chromium in the test of this very wait.
    func browse(
        _ arguments: [String], page: String, virtualTime: Bool = true, browser: String? = nil,
        done: (_ stdout: URL) -> Bool
    ) throws -> String {
        let (file, fragment) = page.firstIndex(of: "#").map { (String(page[..<$0]), String(page[$0...])) } ?? (page, "")
        let pageURL = url(file).absoluteURL.absoluteString + fragment
        let out = dir.deletingLastPathComponent().appendingPathComponent("browser-\(UUID().uuidString).out")
        let err = out.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        // timeout(1) puts the browser in a process group of its own and signals all of it, on a
        // hang or when told to stop, so no renderer outlives the run. Not Foundation's Process:
        // under the full suite it missed timeout's exit and waited for ever in waitUntilExit.
        var flags = [
            "/usr/bin/timeout", "-k", "5", String(Self.hangSeconds), browser ?? Self.browser!, "--headless",
            "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio",
            "--user-data-dir=\(profile.path)",
        ]
        if virtualTime { flags.append("--virtual-time-budget=5000") }
        if geteuid() == 0 { flags.append("--no-sandbox") }
        // Its own HOME: the browser's files and downloads stay in the test's folder.
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = browserHome.path
        let pid: pid_t
        do {
            pid = try Spawn.start(
                flags + arguments + [pageURL], environment: environment,
                descriptors: [
                    (0, .file("/dev/null", O_RDONLY)), (1, .file(out.path, O_WRONLY | O_CREAT | O_TRUNC)),
                    (2, .file(err.path, O_WRONLY | O_CREAT | O_TRUNC)),
                ])
        } catch {
            throw SetupFailure(error.description)
        }
        var finished = false
        var status: Int32 = -1
        while true {
            if let ended = Spawn.ended(pid) {
                status = ended
                break
            }
            if !finished && done(out) {
                finished = true
                kill(pid, SIGTERM)
            }
            usleep(50_000)
        }
        let stdout = String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self)
        if finished || done(out) { return stdout }
        if status == 124 || status == 137 {
            XCTFail("the browser did not finish within \(Self.hangSeconds) s on \(page)\n\(stderr.suffix(2000))")
        } else if status != 0 {
            XCTFail("the browser exited \(status) on \(page)\n\(stderr.suffix(2000))")
        } else {
            XCTFail("the browser exited before its work on \(page) was done\n\(stderr.suffix(2000))")
        }
        return stdout
    }
}
