import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Exit 6: another imgsel (here: the test process) holds the selection's lock.
final class LockTests: ImgselTestCase {
    private var heldFD: Int32 = -1

    override func tearDownWithError() throws {
        release()
        try super.tearDownWithError()
    }

    /// Takes `operation` (LOCK_EX or LOCK_SH) on the sidecar, as another imgsel would.
    private func hold(_ operation: Int32, file: StaticString = #filePath, line: UInt = #line) {
        heldFD = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        XCTAssertGreaterThanOrEqual(heldFD, 0, "open the lock file", file: file, line: line)
        XCTAssertEqual(flock(heldFD, operation | LOCK_NB), 0, "take the lock", file: file, line: line)
    }

    private func release() {
        if heldFD >= 0 {
            _ = flock(heldFD, LOCK_UN)
            _ = close(heldFD)
            heldFD = -1
        }
    }

    /// Starts imgsel with these arguments in the test's folder, its output discarded.
    private func startSilentImgsel(_ arguments: [String]) throws -> pid_t {
        try Spawn.start(
            [Binary.url!.path] + arguments,
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGSEL_") },
            descriptors: [
                (0, .file("/dev/null", O_RDONLY)), (1, .file("/dev/null", O_WRONLY)), (2, .file("/dev/null", O_WRONLY)),
            ],
            directory: dir.path)
    }

    func testAWriterTimesOutWhileTheLockIsHeld() {
        seed(2)
        let before = selectionData()
        hold(LOCK_EX)
        let start = Date()
        let r = run(["add", png("new.png")], env: ["IMGSEL_LOCK_TIMEOUT": "0.3"])
        let elapsed = Date().timeIntervalSince(start)
        assertFailure(r, 6, stderrContains: [selectionURL.path, "0.3"])
        XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        XCTAssertFalse(r.stderr.contains(".lock"), "names the selection file, not the sidecar\n\(r.transcript)")
        XCTAssertGreaterThanOrEqual(elapsed, 0.25, "waited for the timeout")
        XCTAssertLessThan(elapsed, 5, "gave up after the timeout")
        assertUnchanged(before)
        // Once released, the same command goes through.
        release()
        assertSuccess(run(["add", "new.png"], env: ["IMGSEL_LOCK_TIMEOUT": "0.3"]))
        XCTAssertEqual(storedPaths(), ["img1.png", "img2.png", "new.png"])
    }

    func testTheTimeoutMessage() {
        seed(1)
        hold(LOCK_EX)
        let r = run(["clear"], env: ["IMGSEL_LOCK_TIMEOUT": "0.3"])
        assertExit(r, 6)
        XCTAssertEqual(
            r.stderr,
            "imgsel: \(selectionURL.path): another imgsel held the selection for more than 0.3 s"
                + " (IMGSEL_LOCK_TIMEOUT)\n"
        )
    }

    func testAReaderWaitsForAWriter() {
        seed(2)
        hold(LOCK_EX)
        assertFailure(run(["list"], env: ["IMGSEL_LOCK_TIMEOUT": "0.2"]), 6, stderrContains: [selectionURL.path])
        assertFailure(run(["check"], env: ["IMGSEL_LOCK_TIMEOUT": "0.2"]), 6)
        assertFailure(run(["view", "--index"], env: ["IMGSEL_LOCK_TIMEOUT": "0.2"]), 6)
    }

    func testReadersShareTheLockAndWritersWait() {
        seed(2)
        let before = selectionData()
        hold(LOCK_SH)
        let list = run(["list", "--paths"], env: ["IMGSEL_LOCK_TIMEOUT": "0.2"])
        assertSuccess(list)
        XCTAssertEqual(list.stdout, "img1.png\nimg2.png\n")
        assertFailure(run(["delete", "1"], env: ["IMGSEL_LOCK_TIMEOUT": "0.2"]), 6)
        assertFailure(run(["init", "--force"], env: ["IMGSEL_LOCK_TIMEOUT": "0.2"]), 6)
        assertUnchanged(before)
    }

    func testAWriterWaitsForTheLockToBeReleased() {
        seed(1)
        hold(LOCK_EX)
        let fd = heldFD
        // Release from another thread after a short while; the default timeout (10 s) covers it.
        let releaser = Thread {
            usleep(300_000)
            _ = flock(fd, LOCK_UN)
        }
        releaser.start()
        let start = Date()
        let r = run(["add", png("b.png")])
        assertSuccess(r)
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.2)
        XCTAssertEqual(storedPaths(), ["img1.png", "b.png"])
    }

    func testZeroTimeoutWithAFreeLock() {
        seed(1)
        assertSuccess(run(["add", png("b.png")], env: ["IMGSEL_LOCK_TIMEOUT": "0"]))
        XCTAssertEqual(storedPaths(), ["img1.png", "b.png"])
    }

    func testATimeoutThatIsNotANumberIsAUsageError() {
        seed(1)
        let before = selectionData()
        for bad in ["abc", "1s", "nan"] {
            let r = run(["add", png("b\(bad).png")], env: ["IMGSEL_LOCK_TIMEOUT": bad])
            assertUsage(r, stderrContains: ["IMGSEL_LOCK_TIMEOUT"])
            assertUnchanged(before)
        }
    }

    func testTheSidecarHoldsNoDataAndMayStay() {
        seed(1)
        XCTAssertTrue(exists(".imgsel.json.lock"))
        XCTAssertEqual(bytes(".imgsel.json.lock")?.count, 0)
    }

    func testConcurrentWritersNeverLoseAChange() throws {
        assertSuccess(run(["init", "--capacity", "20"]))
        let names = pngs(8, prefix: "c")
        let pids = try names.map { try startSilentImgsel(["-q", "add", $0]) }
        let statuses = pids.map { Spawn.wait($0, timeout: HangBound.seconds).status }
        XCTAssertEqual(statuses, Array(repeating: 0, count: names.count))
        XCTAssertEqual(Set(storedPaths()), Set(names), "every add is in the file")
        XCTAssertEqual(storedPaths().count, names.count)
        XCTAssertEqual(current(), 1)
        XCTAssertEqual(
            listing(".").filter { $0.hasPrefix(".") }, [".imgsel.json", ".imgsel.json.lock"], "no temporary files left")
    }

    func testConcurrentCursorMovesAreEachApplied() throws {
        seed(9)
        assertSuccess(run(["view", "first"]))
        let pids = try (0..<6).map { _ in try startSilentImgsel(["view", "next"]) }
        let statuses = pids.map { Spawn.wait($0, timeout: HangBound.seconds).status }
        XCTAssertEqual(statuses, Array(repeating: 0, count: 6))
        XCTAssertEqual(current(), 7, "six steps from the first entry")
    }
}
