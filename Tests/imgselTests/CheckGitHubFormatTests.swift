import Foundation
import XCTest

/// `check --format github`: each problem a GitHub Actions annotation on stdout, parsed back here
/// line by line as the runner reads them (and unescaped as it does), against the text report.
final class CheckGitHubFormatTests: ImgselTestCase {
    struct Annotation: Equatable {
        var level: String, file: String?, title: String, message: String
    }

    /// Every stdout line as an annotation; a line that is not one fails the test.
    func annotations(_ stdout: String, file: StaticString = #filePath, line: UInt = #line) -> [Annotation] {
        stdout.split(separator: "\n").compactMap { text in
            let parts = text.components(separatedBy: "::")
            guard text.hasPrefix("::"), parts.count >= 3 else {
                XCTFail("not an annotation: \(text)", file: file, line: line)
                return nil
            }
            let head = parts[1].split(separator: " ", maxSplits: 1).map(String.init)
            var properties: [String: String] = [:]
            for pair in (head.count > 1 ? head[1] : "").split(separator: ",") {
                let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if kv.count == 2 { properties[kv[0]] = unescape(kv[1]) }
            }
            return Annotation(
                level: head[0], file: properties["file"], title: properties["title"] ?? "",
                message: unescape(parts[2...].joined(separator: "::")))
        }
    }

    func unescape(_ text: String) -> String {
        var out = text
        for (code, character) in [("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")] {
            out = out.replacingOccurrences(of: code, with: character)
        }
        return out
    }

    func testEveryProblemIsAnAnnotationOnItsFileWithTheTextReportsWords() throws {
        seed(3)
        _ = write(Fixtures.png(width: 4, height: 3, seed: 700), to: "img2.png")  // same size, other content
        try FileManager.default.removeItem(at: url("img3.png"))
        assertSuccess(run(["rules", "--min-count", "5"]))
        let text = run(["check"])
        assertFailure(text, 1)
        let r = run(["check", "--format", "github"])
        assertExit(r, 1)
        XCTAssertEqual(r.stderr, "imgsel: check found 3 problems\n", "the annotations are the report, then its sum")
        let found = annotations(r.stdout)
        XCTAssertEqual(found.map(\.level), ["error", "error", "error"], r.stdout)
        XCTAssertEqual(found.map(\.file), ["img2.png", "img3.png", nil])
        XCTAssertEqual(found.map(\.title), ["size-changed", "file-missing", "too-few-entries"])
        // The same words as the text report's lines, after "entry N (PATH): ".
        let words = text.stderrLines.dropLast().map { line in
            line.range(of: "): ").map { String(line[$0.upperBound...]) } ?? String(line.dropFirst("imgsel: ".count))
        }
        XCTAssertEqual(found.map(\.message), ["img2.png: " + words[0], "img3.png: " + words[1], words[2]])
    }

    func testAPathWithCommasColonsAndPercentsIsEscapedAndComesBackWhole() throws {
        _ = write(Fixtures.png(width: 4, height: 3, seed: 3), to: "a,b:c 100%.png")
        assertSuccess(run(["add", "a,b:c 100%.png"]))
        try FileManager.default.removeItem(at: url("a,b:c 100%.png"))
        let r = run(["check", "--format", "github"])
        assertExit(r, 1)
        XCTAssertTrue(r.stdout.hasPrefix("::error file=a%2Cb%3Ac 100%25.png,title=file-missing::"), r.stdout)
        XCTAssertEqual(annotations(r.stdout).first?.file, "a,b:c 100%.png")
    }

    func testWhatExportWillMendIsANoticeAndKeepsExit0() {
        seed(1)
        assertSuccess(run(["rules", "--max-width", "2"]))
        let r = run(["check", "--format", "github"])
        assertSuccess(r)
        let found = annotations(r.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }.joined(separator: "\n"))
        XCTAssertEqual(found.map(\.level), ["notice"], r.stdout)
        XCTAssertEqual(found.first?.file, "img1.png")
        XCTAssertTrue(r.stdout.contains("ok: 1 entry checked"), r.stdout)
    }

    func testAnUnknownFormatIsAUsageError() {
        seed(1)
        let r = run(["check", "--format", "xml"])
        assertExit(r, 2)
        XCTAssertTrue(r.stderr.hasPrefix("imgsel: check: --format must be text or github, not 'xml'\n"), r.stderr)
    }
}
