import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `export` stopped at random moments, as the save tests stop `save`: a SIGKILL leaves DIR absent or
/// whole (never part of the set) and the next export removes the hidden folder it left; SIGINT,
/// SIGTERM and SIGHUP leave DIR as it was with no hidden folder at all.
final class ExportKillTests: ImgselTestCase {
    private let args = ["export", "out", "--max-side", "120"]

    override func setUpWithError() throws {
        try super.setUpWithError()
        pillow(
            """
            import random
            random.seed(5)
            for n in range(6):
                Image.frombytes('RGB', (240, 180), bytes(random.getrandbits(8) for _ in range(240 * 180 * \
            3))).save('n%d.png' % n)
            """)
        assertSuccess(run(["add"] + (0..<6).map { "n\($0).png" }))
    }

    /// Starts the built imgsel in the test's folder; its stdout and stderr go nowhere.
    private func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Binary.url!
        process.arguments = arguments
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGSEL_") }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The finished set, name → bytes.
    private func contents(_ folder: String) -> [String: Data] {
        Dictionary(uniqueKeysWithValues: listing(folder).map { ($0, bytes(folder + "/" + $0) ?? Data()) })
    }

    private func hidden() -> [String] { listing(".").filter { $0.hasPrefix(".out.imgsel-") } }

    func testAKillAtAnyMomentLeavesDIRAbsentOrWholeAndTheNextExportCleansUp() throws {
        let started = Date()
        assertSuccess(run(args))
        let duration = Date().timeIntervalSince(started)
        let whole = contents("out")
        XCTAssertEqual(whole.count, 6)
        var generator = SystemRandomNumberGenerator()
        var outcomes = (absent: 0, whole: 0, killed: 0, leftHidden: 0)
        for trial in 0..<16 {
            try? FileManager.default.removeItem(at: url("out"))
            let process = try start(args)
            // A third within the first few milliseconds, the rest anywhere in the run.
            let delay =
                trial % 3 == 0
                ? Double.random(in: 0...0.004, using: &generator)
                : Double.random(in: 0...(duration * 1.2), using: &generator)
            usleep(useconds_t(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { outcomes.killed += 1 }
            if exists("out") {
                XCTAssertEqual(contents("out"), whole, "trial \(trial) after \(delay) s: DIR is whole")
                outcomes.whole += 1
            } else {
                outcomes.absent += 1
            }
            if !hidden().isEmpty { outcomes.leftHidden += 1 }
            if exists("out") { try FileManager.default.removeItem(at: url("out")) }
            assertSuccess(run(args))
            XCTAssertEqual(hidden(), [], "trial \(trial): the next export removed what the kill left")
            XCTAssertEqual(contents("out"), whole)
        }
        print(
            "export kills: \(outcomes.killed) of 16 landed mid-run; DIR absent \(outcomes.absent), "
                + "whole \(outcomes.whole); a hidden folder left \(outcomes.leftHidden) times, "
                + "removed by the next export"
        )
        XCTAssertGreaterThan(outcomes.killed, 5, "the kills landed while export ran")
    }

    func testINTTERMAndHUPLeaveAnExistingDIRAsItWas() throws {
        _ = write(Data("mine".utf8), to: "out/notes.txt")
        let started = Date()
        assertSuccess(run(args + ["--force"]))
        let duration = Date().timeIntervalSince(started)
        let after = contents("out")
        var stopped = 0
        for (trial, signal) in [SIGINT, SIGTERM, SIGHUP, SIGINT, SIGTERM, SIGHUP, SIGINT, SIGTERM, SIGHUP].enumerated()
        {
            try FileManager.default.removeItem(at: url("out"))
            _ = write(Data("mine".utf8), to: "out/notes.txt")
            let process = try start(args)
            usleep(useconds_t(Double(trial + 1) / 10 * duration * 1_000_000))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(listing("out").filter { $0.hasPrefix(".") }, [], "no hidden folder inside DIR")
            if process.terminationReason == .uncaughtSignal {
                XCTAssertEqual(process.terminationStatus, signal, "ended by the signal itself")
                // Held signals take effect once the run lets them go: one that lands between export's last
                // look and its commit (one rename) ends the process after DIR became the whole set. Either
                // way DIR is one of the two, never a mix.
                let now = contents("out")
                if now == after { continue }
                stopped += 1
                XCTAssertEqual(now, ["notes.txt": Data("mine".utf8)], "signal \(signal): DIR as it was")
            } else {
                XCTAssertEqual(process.terminationStatus, 0)
                XCTAssertEqual(contents("out"), after, "finished before the signal: the whole set")
            }
        }
        XCTAssertGreaterThan(stopped, 4, "most signals landed while export ran")
    }
}
