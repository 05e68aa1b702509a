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
        let result = run(["-euo", "pipefail", "-c", script + "\necho \"TOUR=$tour\"\n"], env: ["NO_COLOR": "1"],
                         cwd: packageRoot, program: URL(fileURLWithPath: "/bin/bash"), timeout: 120)
        let stdout = result.stdout, stderr = result.stderr
        if let line = stdout.split(separator: "\n").last(where: { $0.hasPrefix("TOUR=") }) {
            try? FileManager.default.removeItem(atPath: String(line.dropFirst(5)))
        }
        XCTAssertEqual(result.status, 0, "the tour failed:\n\(stdout)\n\(stderr)")
        XCTAssertEqual(stderr, "", "the tour printed errors")
        XCTAssertTrue(stdout.contains("1 / 2  sunset.png  96×64 PNG 540 B"), stdout)
        XCTAssertTrue(stdout.contains("saved-album/"), stdout)
    }
}
