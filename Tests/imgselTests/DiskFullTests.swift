import Foundation
import TerminalTestSupport
import XCTest

/// Exit 5 on a really full, or read-only, file system: a small tmpfs mounted
/// in a private mount namespace (`unshare`; as a mapped root in a user
/// namespace when not run as root), so the test needs no setup and leaves no mount.
final class DiskFullTests: ImgselTestCase {
    private struct Outcome {
        let status: Int32
        let stderr: String
        /// Every file on the tmpfs after the command, but the filler, with its bytes.
        let files: [String: Data]
        let transcript: String
    }

    private let writes: [[String]] = [
        ["add", "fresh.png"], ["replace", "1", "fresh.png"], ["delete", "1"], ["move", "1", "3"],
        ["toggle", "fresh.png"], ["toggle", "img2.png"], ["clear"], ["view", "next"], ["view", "3"],
        ["init", "--force"], ["save"], ["save", "2"], ["--album", "new-album/deeper", "save", "--all"],
    ]

    override func setUpWithError() throws {
        try super.setUpWithError()
        seed(3)
        png("fresh.png")
        try FileManager.default.createDirectory(at: url("saved-album"), withIntermediateDirectories: true)
        assertSuccess(run(["save", "3"]))
    }

    /// Copies `dir` onto a fresh tmpfs, fills it (or makes it read-only), runs imgsel `args` there,
    /// and copies back what is left on it.
    private func onSmallDisk(_ args: [String], readOnly: Bool) throws -> Outcome {
        let root = dir.deletingLastPathComponent()
        let small = root.appendingPathComponent("small-\(UUID().uuidString)")
        let out = root.appendingPathComponent("out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let script = """
            set -e
            mount -t tmpfs -o size=256k tmpfs "$SMALL"
            cp -a "$STAGE/." "$SMALL/"
            cd "$SMALL"
            dd if=/dev/zero of=filler bs=4096 2>/dev/null || true
            if [ "$READONLY" = 1 ]; then mount -o remount,ro "$SMALL"; fi
            set +e
            "$IMGSEL" "$@" > "$OUT/stdout" 2> "$OUT/stderr"
            echo $? > "$OUT/status"
            mkdir "$OUT/after" && cp -a "$SMALL/." "$OUT/after/" && rm -f "$OUT/after/filler"
            """
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGSEL_") }
        env["SMALL"] = small.path
        env["STAGE"] = dir.path
        env["OUT"] = out.path
        env["READONLY"] = readOnly ? "1" : "0"
        env["IMGSEL"] = Binary.url!.path
        let setupErr = out.appendingPathComponent("setup-stderr")
        let pid = try Spawn.start(
            ["/usr/bin/unshare"] + (getuid() == 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"])
                + ["sh", "-c", script, "sh"] + args,
            environment: env,
            descriptors: [
                (0, .file("/dev/null", O_RDONLY)), (1, .file("/dev/null", O_WRONLY)),
                (2, .file(setupErr.path, O_WRONLY | O_CREAT | O_TRUNC)),
            ])
        _ = Spawn.wait(pid, timeout: HangBound.seconds)

        func text(_ name: String) -> String {
            String(decoding: (try? Data(contentsOf: out.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
        }
        let status = Int32(text("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        let transcript =
            "imgsel \(args.joined(separator: " ")) on a \(readOnly ? "read-only" : "full") tmpfs\n"
            + "--- exit \(status)\n--- stderr:\n\(text("stderr"))--- setup:\n\(text("setup-stderr"))---"
        return Outcome(
            status: status, stderr: text("stderr"), files: snapshot(out.appendingPathComponent("after")),
            transcript: transcript)
    }

    /// Every file below `folder` (relative path → bytes), folders as empty data with a trailing slash.
    private func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let base = folder.path + "/"
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return files }
        for case let relative as String in walker {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + relative, isDirectory: &isDirectory)
            files[isDirectory.boolValue ? relative + "/" : relative] =
                isDirectory.boolValue
                ? Data() : (try? Data(contentsOf: URL(fileURLWithPath: base + relative))) ?? Data()
        }
        return files
    }

    private func assertEveryWriteRefused(
        readOnly: Bool, cause: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = snapshot(dir)
        XCTAssertNotNil(before[".imgsel.json"], file: file, line: line)
        for args in writes {
            let outcome = try onSmallDisk(args, readOnly: readOnly)
            XCTAssertEqual(outcome.status, 5, outcome.transcript, file: file, line: line)
            let lines = RunResult.lines(outcome.stderr)
            XCTAssertFalse(lines.isEmpty, outcome.transcript, file: file, line: line)
            for message in lines {
                XCTAssertTrue(
                    message.contains(cause) && message.contains("/") && message.contains("nothing was changed"),
                    "each line names a path and the cause\n\(outcome.transcript)", file: file, line: line)
            }
            if args.last != "--all" { XCTAssertEqual(lines.count, 1, outcome.transcript, file: file, line: line) }
            XCTAssertEqual(
                outcome.files, before, "every file as it was, no temporary or folder left\n\(outcome.transcript)",
                file: file, line: line)
        }
    }

    func testEveryWriteOnAFullDiskExits5AndChangesNothing() throws {
        try assertEveryWriteRefused(readOnly: false, cause: "No space left on device")
    }

    func testEveryWriteOnAReadOnlyDiskExits5AndChangesNothing() throws {
        try assertEveryWriteRefused(readOnly: true, cause: "Read-only file system")
    }

    /// An update that would change nothing (the cursor already there, an entry moved onto
    /// itself, an empty selection cleared) is no write, so it needs no writable disk.
    func testAnUpdateThatChangesNothingWorksOnAReadOnlyDisk() throws {
        for args in [["view", "1"], ["view", "first"], ["-q", "view", "1"], ["move", "2", "2"]] {
            let outcome = try onSmallDisk(args, readOnly: true)
            XCTAssertEqual(outcome.status, 0, outcome.transcript)
            XCTAssertEqual(outcome.stderr, "", outcome.transcript)
        }
        assertSuccess(run(["clear"]))
        let cleared = try onSmallDisk(["clear"], readOnly: true)
        XCTAssertEqual(cleared.status, 0, cleared.transcript)
        XCTAssertEqual(cleared.stderr, "", cleared.transcript)
    }

    func testReadersStillWorkOnAFullDisk() throws {
        for args in [["list"], ["check"], ["view", "--index"], ["info", "fresh.png"]] {
            for readOnly in [false, true] {
                let outcome = try onSmallDisk(args, readOnly: readOnly)
                XCTAssertEqual(outcome.status, 0, outcome.transcript)
                XCTAssertEqual(outcome.stderr, "", outcome.transcript)
            }
        }
    }
}
