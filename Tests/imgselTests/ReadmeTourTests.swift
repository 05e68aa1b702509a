import Foundation
import XCTest

/// Runs the README's tour block as a new user would paste it, so the README
/// cannot drift from what imgsel does.
final class ReadmeTourTests: ImgselTestCase {
    private let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheTourRunsFromTopToBottom() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let tour = try XCTUnwrap(readme.range(of: "## A 30-second tour"), "README has no tour")
        let rest = readme[tour.upperBound...]
        let start = try XCTUnwrap(rest.range(of: "```sh\n"))
        let end = try XCTUnwrap(rest[start.upperBound...].range(of: "```"))
        let script = String(rest[start.upperBound..<end.lowerBound])
        XCTAssertTrue(script.contains("imgsel save --all"))

        // -e: any command failing fails the tour; print the tour folder so it can be removed.
        let result = run(
            ["-euo", "pipefail", "-c", script + "\necho \"TOUR=$tour\"\n"], env: ["NO_COLOR": "1"],
            cwd: packageRoot, program: URL(fileURLWithPath: "/bin/bash"))
        let stdout = result.stdout, stderr = result.stderr
        if let line = stdout.split(separator: "\n").last(where: { $0.hasPrefix("TOUR=") }) {
            try? FileManager.default.removeItem(atPath: String(line.dropFirst(5)))
        }
        XCTAssertEqual(result.status, 0, "the tour failed:\n\(stdout)\n\(stderr)")
        XCTAssertEqual(stderr, "", "the tour printed errors")
        XCTAssertTrue(stdout.contains("1 / 2  sunset.png  96×64 PNG 540 B"), stdout)
        XCTAssertTrue(stdout.contains("saved-album/"), stdout)
    }

    /// The `sh` block that follows `marker` in the README, or the `.nf` block in the man page.
    private func block(after marker: String, inManPage: Bool = false) throws -> String {
        let name = inManPage ? "man/imgsel.1" : "README.md"
        let text = try String(contentsOf: packageRoot.appendingPathComponent(name), encoding: .utf8)
        let rest = text[try XCTUnwrap(text.range(of: marker), "\(name) has no '\(marker)'").upperBound...]
        let (open, close) = inManPage ? (".nf\n", ".fi") : ("```sh\n", "```")
        let start = try XCTUnwrap(rest.range(of: open))
        let end = try XCTUnwrap(rest[start.upperBound...].range(of: close))
        let body = String(rest[start.upperBound..<end.lowerBound])
        return inManPage
            ? body.split(separator: "\n", omittingEmptySubsequences: false).map { RoffPage.plain(String($0)) }
                .joined(separator: "\n") : body
    }

    /// Runs `script` under bash in the test's folder with the built imgsel first on PATH.
    private func bash(_ script: String) -> RunResult {
        let path =
            Binary.url!.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return run(["-c", script], env: ["PATH": path, "NO_COLOR": "1"], program: URL(fileURLWithPath: "/bin/bash"))
    }

    func testTheWalkLoopUploadsEachEntryOnceAndStopsQuietly() throws {
        for inManPage in [false, true] {
            let loop = try block(after: "Walk the set in a script", inManPage: inManPage)
            XCTAssertTrue(loop.contains("view next"), loop)
            let script = "upload() { printf 'UPLOAD:%s\\n' \"$1\"; }\n" + loop + "\necho END\n"
            // An empty selection uploads nothing (no `upload ""`).
            assertSuccess(run(["init", "--force"]))
            let empty = bash(script)
            assertExit(empty, 0)
            XCTAssertFalse(empty.stdout.contains("UPLOAD:"), empty.transcript)
            // Two entries: each uploaded once, the end of the set said by the exit status alone.
            assertSuccess(run(["add", png("one \(inManPage).png"), png("two \(inManPage).png")]))
            let walk = bash(script)
            assertSuccess(walk)
            XCTAssertEqual(
                walk.stdout, "UPLOAD:one \(inManPage).png\nUPLOAD:two \(inManPage).png\nEND\n", walk.transcript)
        }
    }

    func testEveryXargsExampleCopesWithASpaceInAName() throws {
        let tour = try block(after: "## A 30-second tour")
        var examples = tour.split(separator: "\n").map(String.init).filter { $0.contains("xargs") }
        examples += run(["help", "list"]).stdoutLines.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("imgsel ") && $0.contains("xargs") }
        XCTAssertGreaterThanOrEqual(examples.count, 2, "the tour and list --help each show one")
        assertSuccess(run(["add", png("my shot.png"), png("plain.png")]))
        for example in examples {
            let r = bash(example)
            assertSuccess(r)
            XCTAssertTrue(r.stdout.contains("my shot.png"), r.transcript)
        }
    }
}
