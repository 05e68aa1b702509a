import Foundation
import ImageHeaders
import XCTest

/// The zsh and fish scripts, and the shells completion refuses.
extension CompletionTests {
    func testTheZshScriptIsACompdefFunction() throws {
        let text = run(["completion", "zsh"]).stdout
        XCTAssertTrue(text.hasPrefix("#compdef imgsel\n"), text)
        XCTAssertTrue(text.contains("compdef _imgsel imgsel"))
        XCTAssertTrue(text.contains("_imgsel \"$@\""))
        for command in registeredCommands() {
            let summary = (command["summary"] as? String ?? "").replacingOccurrences(of: "'", with: "'\\''")
            let entry = "'\(command["name"] as? String ?? ""):\(summary)'"
            XCTAssertTrue(text.contains(entry), "zsh describes \(entry)")
        }
        let zsh = try installedShell("zsh")
        let url = script("zsh")
        XCTAssertEqual(shell(zsh, ["-n", url.path]).0, 0, "zsh -n accepts it")
        seed(2)
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "delete", ""]), "1:img1.png\n2:img2.png\nlast:the last entry\n")
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "completion", ""]), "bash\nzsh\nfish\n")
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "add", ""]), "(files )\n")
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "--album", ""]), "(files -/)\n")
        XCTAssertEqual(
            zshOffers(zsh, url, ["imgsel", "rules", "--types", "jpeg,"]),
            "(compset -P *,)\n" + ImageFormats.all.map { $0.name + "\n" }.joined())
        XCTAssertEqual(
            zshOffers(zsh, url, ["imgsel", "rules", "--clear", ""]).components(separatedBy: "\n").last { !$0.isEmpty },
            "all")
    }

    /// The shell's path; a skip that says so where it is not installed (a test that returned
    /// here passed without running it; .ci/run installs both shells, and CI fails on a skip).
    /// The shell's path; a missing shell skips the test, except under CI, which installs it.
    func installedShell(_ name: String) throws -> String {
        guard let path = ["/usr/bin/\(name)", "/bin/\(name)"].first(where: FileManager.default.isExecutableFile) else {
            let message = "\(name) is needed to run its completion script: apt-get install \(name) (.ci/run does this)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { throw MissingShell(description: message) }
            throw XCTSkip(message)
        }
        return path
    }

    struct MissingShell: Error, CustomStringConvertible { let description: String }

    /// What the fish script offers for the command line `line` (the completion's lines as fish prints them).
    func fishOffers(_ fish: String, _ url: URL, _ line: String) -> String {
        shell(fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", url.path, line]).1
    }

    /// What the zsh function offers for `words` (as zsh keeps them: quoted as typed).
    /// Outside a completion widget the completion system's functions are stubs that print what they get.
    func zshOffers(
        _ zsh: String, _ url: URL, _ words: [String], file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        let driver = """
            compdef() { :; }
            _describe() { while [[ $1 == -* ]]; do [[ $1 == -t ]] && shift; shift; done; shift
              local a; for a in "$@"; do [[ $a == -- ]] || print -l -- "${(P@)a}"; done; }
            compadd() { [[ $1 == -a ]] && print -l -- "${(P@)2}"; }
            compset() { print -- "(compset $*)"; }
            _files() { print -- "(files $*)"; }
            source "$1"; shift
            words=("$@"); CURRENT=$#
            _imgsel
            """
        let (_, out, err) = shell(zsh, ["-c", driver, "zsh", url.path] + words)
        XCTAssertEqual(err, "", "zsh printed errors", file: file, line: line)
        return out
    }

    func testZshUnquotesTheFileOptionAsTheShellWill() throws {
        let zsh = try installedShell("zsh")
        let url = script("zsh")
        seed(3)
        png("a.png")
        png("b.png")
        assertSuccess(run(["-f", "my sel.json", "add", "a.png"]))
        assertSuccess(run(["-f", "x.json", "add", "a.png", "b.png"]))
        let one = "1:a.png\nlast:the last entry\n", two = "1:a.png\n2:b.png\nlast:the last entry\n"
        for (fileWord, expected) in [
            ("'my sel.json'", one), ("\"my sel.json\"", one), ("my\\ sel.json", one), ("my' 'sel.json", one),
            ("~/x.json", two), ("'x'.json", two), ("\"x.json\"", two),
        ] {
            XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "-f", fileWord, "delete", ""]), expected, fileWord)
            XCTAssertEqual(
                zshOffers(zsh, url, ["imgsel", "--file=" + fileWord, "delete", ""]), expected, "--file=\(fileWord)")
        }
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "-f", "'~/x.json'", "delete", ""]), "", "a quoted ~ is a name")
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "-qf", "'my sel.json'", "delete", ""]), one)
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "-qfx.json", "delete", ""]), two)
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "-fx.json", "delete", ""]), two)
        for word in ["$(touch pwned)", "`touch pwned`", "\"$(touch pwned)\"", "x;touch pwned"] {
            _ = zshOffers(zsh, url, ["imgsel", "-f", word, "delete", ""])
        }
        XCTAssertFalse(exists("pwned"), "the file word was evaluated")
    }

    func testTheFishScriptCompletesThroughOneFunction() throws {
        let text = run(["completion", "fish"]).stdout
        XCTAssertTrue(text.contains("complete -c imgsel -f -a '(__imgsel_complete)'"), text)
        for command in registeredCommands() {
            XCTAssertTrue(
                text.contains("'\(command["name"] as? String ?? "")\t"), "fish lists \(command["name"] ?? "")")
        }
        let fish = try installedShell("fish")
        let url = script("fish")
        XCTAssertEqual(shell(fish, ["-n", url.path]).0, 0, "fish -n accepts it")
        seed(2)
        func offers(_ line: String) -> String { fishOffers(fish, url, line) }
        XCTAssertEqual(offers("imgsel delete "), "1\timg1.png\n2\timg2.png\nlast\tthe last entry\n")
        XCTAssertEqual(offers("imgsel completion z"), "zsh\n")
        XCTAssertEqual(offers("imgsel add img2"), "img2.png\n")
        XCTAssertEqual(offers("imgsel list --gri"), "--grid\tthe nine-grid, with a + cell while there is room\n")
        XCTAssertEqual(offers("imgsel view --graphics b"), "blocks\n")
        XCTAssertEqual(offers("imgsel rules --types jpeg,p"), "jpeg,png\n")
        XCTAssertEqual(offers("imgsel rules --clear min-count,no"), "min-count,no-alpha\nmin-count,no-animation\n")
        XCTAssertEqual(offers("imgsel init --target app-store-ipa"), "app-store-ipad-13\n")
        XCTAssertEqual(
            offers("imgsel rules --tar").split(separator: "\n").map { $0.prefix { $0 != "\t" } },
            ["--target", "--targets"])
    }

    func testFishReadsTheFileOptionAsTheShellWill() throws {
        let fish = try installedShell("fish")
        let url = script("fish")
        seed(3)
        png("a.png")
        png("b.png")
        assertSuccess(run(["-f", "my sel.json", "add", "a.png"]))
        assertSuccess(run(["-f", "x.json", "add", "a.png", "b.png"]))
        func offers(_ line: String) -> String { fishOffers(fish, url, line) }
        let one = "1\ta.png\nlast\tthe last entry\n", two = "1\ta.png\n2\tb.png\nlast\tthe last entry\n"
        XCTAssertEqual(offers("imgsel -f 'my sel.json' delete "), one)
        XCTAssertEqual(offers("imgsel --file=my\\ sel.json delete "), one)
        XCTAssertEqual(offers("imgsel -f ~/x.json delete "), two)
        XCTAssertEqual(offers("imgsel --file=~/x.json delete "), two)
        XCTAssertEqual(offers("imgsel -qf 'my sel.json' delete "), one)
        XCTAssertEqual(offers("imgsel -qfx.json delete "), two)
        XCTAssertEqual(offers("imgsel -fx.json delete "), two)
        XCTAssertEqual(offers("imgsel -f '$(touch pwned)' delete "), "")
        XCTAssertFalse(exists("pwned"))
    }

    func testCompletionNeedsAKnownShell() {
        assertUsage(run(["completion"]), usageLine: "usage: imgsel completion bash|zsh|fish")
        assertUsage(run(["completion", "tcsh"]), usageLine: "usage: imgsel completion bash|zsh|fish")
        assertUsage(run(["completion", "bash", "zsh"]))
        let json = run(["--json", "completion", "bash"])
        assertSuccess(json)
        let object = parseJSON(json.stdout) as? [String: Any]
        XCTAssertEqual(object?["shell"] as? String, "bash")
        XCTAssertEqual(object?["script"] as? String, run(["completion", "bash"]).stdout)
        XCTAssertEqual(
            run(["-q", "completion", "fish"]).stdout, run(["completion", "fish"]).stdout, "-q still prints it")
        XCTAssertEqual(listing("."), [])
    }
}
