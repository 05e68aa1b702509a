import Foundation
import XCTest

/// `export` on a really full disk: a small tmpfs in a private mount namespace (`unshare`, as the
/// DiskFullTests do), filled up. Exit 5 naming the file, and DIR as it was, no hidden folder left.
final class ExportDiskFullTests: ImgselTestCase {
    private func onFullDisk(
        _ args: [String], dirExists: Bool
    ) throws -> (status: Int32, stderr: String, after: [String]) {
        let root = dir.deletingLastPathComponent()
        let small = root.appendingPathComponent("small"), out = root.appendingPathComponent("result")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let script = """
            set -e
            mount -t tmpfs -o size=512k tmpfs "$SMALL"
            cp -a "$STAGE/." "$SMALL/"
            cd "$SMALL"
            if [ "$DIR_EXISTS" = 1 ]; then mkdir out; echo mine > out/notes.txt; fi
            dd if=/dev/zero of=filler bs=4096 2>/dev/null || true
            set +e
            "$IMGSEL" "$@" > "$OUT/stdout" 2> "$OUT/stderr"
            echo $? > "$OUT/status"
            (ls -A; [ -d out ] && ls -A out | sed 's|^|out/|') > "$OUT/after"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments =
            (getuid() == 0 ? ["--mount"] : ["--user", "--map-root-user", "--mount"]) + ["sh", "-c", script, "sh"] + args
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("IMGSEL_") }
        env["SMALL"] = small.path
        env["STAGE"] = dir.path
        env["OUT"] = out.path
        env["DIR_EXISTS"] = dirExists ? "1" : "0"
        env["IMGSEL"] = Binary.url!.path
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        func text(_ name: String) -> String {
            String(decoding: (try? Data(contentsOf: out.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
        }
        try? FileManager.default.removeItem(at: small)
        let status = Int32(text("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return (status, text("stderr"), RunResult.lines(text("after")))
    }

    func testAFullDiskIsExit5AndLeavesDIRAsItWas() throws {
        pillowNoisePNG("noise.png", width: 200, height: 200)
        assertSuccess(run(["add", "noise.png"]))
        let staged = listing(".")
        for (dirExists, args) in [
            (false, ["export", "out"]), (true, ["export", "out"]), (false, ["export", "out", "--max-side", "150"]),
        ] {
            let outcome = try onFullDisk(args, dirExists: dirExists)
            let what = "\(args) into \(dirExists ? "an existing" : "a new") DIR: \(outcome)"
            XCTAssertEqual(outcome.status, 5, what)
            XCTAssertTrue(outcome.stderr.contains("No space left on device"), what)
            XCTAssertTrue(outcome.stderr.contains("out/01-noise.png") || outcome.stderr.contains("out:"), what)
            let expected = (staged + ["filler"] + (dirExists ? ["out", "out/notes.txt"] : [])).sorted()
            XCTAssertEqual(outcome.after.sorted(), expected, "DIR as it was, no hidden folder: \(what)")
        }
    }
}
