import Foundation
import ImageHeaders
import XCTest

/// `imgsel completion bash|zsh|fish`: the bash function is run as bash runs it
/// (COMP_WORDS, COMP_CWORD, then COMPREPLY is read back). zsh and fish are run
/// too when they are installed; their scripts' shape is checked either way.
final class CompletionTests: ImgselTestCase {
    private var scriptURL: URL!

    /// A shell command run in the test's folder with the built imgsel first on PATH.
    func shell(_ program: String, _ arguments: [String]) -> (Int32, String, String) {
        let path =
            Binary.url!.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let r = run(arguments, env: ["PATH": path, "HOME": dir.path], program: URL(fileURLWithPath: program))
        return (r.status, r.stdout, r.stderr)
    }

    func script(_ shellName: String, file: StaticString = #filePath, line: UInt = #line) -> URL {
        let r = run(["completion", shellName])
        assertSuccess(r, file: file, line: line)
        return write(r.stdoutData, to: "../completion.\(shellName)")
    }

    /// What bash offers for `words`, the last being the word under the cursor.
    /// `commandLine` is COMP_LINE when it is not the words joined by spaces:
    /// bash splits `--file=x` into `--file`, `=`, `x` though they touch in the line.
    func bashOffers(
        _ words: [String], commandLine: String? = nil, file: StaticString = #filePath, line: UInt = #line
    ) -> [String] {
        if scriptURL == nil { scriptURL = script("bash", file: file, line: line) }
        let driver = """
            source "$1" || exit 9
            COMP_LINE=$2
            shift 2
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_POINT=${#COMP_LINE}
            _imgsel
            ((${#COMPREPLY[@]})) && printf '%s\\n' "${COMPREPLY[@]}"
            exit 0
            """
        let arguments = ["-c", driver, "bash", scriptURL.path, commandLine ?? words.joined(separator: " ")] + words
        let (status, out, err) = shell("/bin/bash", arguments)
        XCTAssertEqual(status, 0, "bash: \(err)", file: file, line: line)
        XCTAssertEqual(err, "", "bash printed errors", file: file, line: line)
        return RunResult.lines(out)
    }

    func registeredCommands() -> [[String: Any]] {
        (parseJSON(run(["--json", "help"]).stdout) as? [String: Any])?["commands"] as? [[String: Any]] ?? []
    }

    func testBashOffersEveryCommand() {
        let names = registeredCommands().compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("completion"))
        XCTAssertEqual(bashOffers(["imgsel", ""]), names)
        XCTAssertEqual(bashOffers(["imgsel", "de"]), ["delete"])
        XCTAssertEqual(bashOffers(["imgsel", "-q", "--file", "x.json", "li"]), ["list"])
        XCTAssertEqual(bashOffers(["imgsel", "help", "c"]), names.filter { $0.hasPrefix("c") })
        XCTAssertEqual(bashOffers(["imgsel", "completion", ""]), ["bash", "zsh", "fish"])
    }

    func testBashOffersEachCommandsOptionsAndTheGlobalOnes() {
        let globals = [
            "--file", "-f", "--album", "--json", "--quiet", "-q", "--no-color", "--graphics", "--help", "-h",
            "--version",
        ]
        XCTAssertEqual(bashOffers(["imgsel", "-"]), globals)
        for command in registeredCommands() {
            let name = command["name"] as? String ?? "?"
            let own = (command["options"] as? [[String: Any]] ?? []).flatMap { $0["names"] as? [String] ?? [] }
            XCTAssertEqual(bashOffers(["imgsel", name, "-"]), globals + own, name)
        }
        XCTAssertEqual(bashOffers(["imgsel", "list", "--gri"]), ["--grid"])
        XCTAssertEqual(bashOffers(["imgsel", "--graphics", "s"]), ["sixel"], "the ways after --graphics")
        XCTAssertEqual(bashOffers(["imgsel", "view", "--graphics", ""]), GraphicsWays.names)
        XCTAssertEqual(bashOffers(["imgsel", "add", "--", "-"]), [], "after --, no options")
    }

    func testBashOffersTheSelectionsEntries() {
        seed(3)
        XCTAssertEqual(bashOffers(["imgsel", "delete", ""]), ["1", "2", "3", "last"])
        XCTAssertEqual(bashOffers(["imgsel", "delete", "1", ""]), ["1", "2", "3", "last"], "delete takes several")
        XCTAssertEqual(bashOffers(["imgsel", "replace", ""]), ["1", "2", "3", "last"])
        XCTAssertEqual(bashOffers(["imgsel", "save", ""]), ["1", "2", "3", "last"])
        XCTAssertEqual(bashOffers(["imgsel", "save", "2", ""]), [], "save takes one")
        XCTAssertEqual(bashOffers(["imgsel", "move", "3", ""]), ["1", "2", "3", "last"])
        XCTAssertEqual(bashOffers(["imgsel", "view", ""]), ["1", "2", "3", "last", "next", "prev", "first"])
        XCTAssertEqual(bashOffers(["imgsel", "view", "n"]), ["next"])
        XCTAssertEqual(bashOffers(["imgsel", "init", "--capacity", ""]), [])
        XCTAssertEqual(
            listing(".").filter { !$0.hasPrefix("img") }, [".imgsel.json", ".imgsel.json.lock"],
            "asking created nothing")
    }

    /// `--types` offers the format registry's names and `--clear` the rules' names, each item
    /// of a comma-separated list completed after the last comma.
    func testBashOffersTypeAndRuleNamesAsCommaSeparatedLists() {
        let types = ImageFormats.all.map(\.name)
        XCTAssertEqual(types.count, 9)
        XCTAssertEqual(bashOffers(["imgsel", "rules", "--types", ""]), types)
        XCTAssertEqual(bashOffers(["imgsel", "init", "--types", "jpeg,p"]), ["jpeg,png"])
        XCTAssertEqual(bashOffers(["imgsel", "init", "--types", "jpeg,png,he"]), ["jpeg,png,heic", "jpeg,png,heif"])
        XCTAssertEqual(
            bashOffers(["imgsel", "rules", "--types", "=", "jpeg,w"], commandLine: "imgsel rules --types=jpeg,w"),
            ["jpeg,webp"])
        XCTAssertEqual(
            bashOffers(["imgsel", "rules", "--clear", "max-"]),
            ["max-bytes", "max-width", "max-height", "max-pixels", "max-aspect"])
        XCTAssertEqual(bashOffers(["imgsel", "rules", "--clear", "types,a"]), ["types,all"])
        XCTAssertEqual(bashOffers(["imgsel", "rules", "--max-bytes", ""]), [], "a size is not guessed")
        XCTAssertEqual(bashOffers(["imgsel", "rules", ""]), [], "rules takes no argument")
        XCTAssertEqual(
            bashOffers(["imgsel", "rules", "--types", "png", "--min-"]),
            ["--min-width", "--min-height", "--min-aspect", "--min-count"])
    }

    func testBashAsksTheSelectionTheCommandLineNames() {
        seed(3)
        png("other.png")
        assertSuccess(run(["-f", "other.json", "add", "other.png"]))
        XCTAssertEqual(bashOffers(["imgsel", "-f", "other.json", "delete", ""]), ["1", "last"])
        XCTAssertEqual(bashOffers(["imgsel", "--file=other.json", "view", "1"]), ["1"])
        XCTAssertEqual(
            bashOffers(["imgsel", "-f", "missing.json", "delete", ""]), [], "an empty selection has no entries")
        XCTAssertFalse(exists("missing.json"))
    }

    func testBashJoinsTheFileOptionBashSplitAtTheEqualsSign() {
        seed(3)
        png("other.png")
        png("shot.png")
        assertSuccess(run(["-f", "other.json", "add", "other.png"]))
        // What bash really hands over for `imgsel --file=other.json view <Tab>`.
        XCTAssertEqual(
            bashOffers(
                ["imgsel", "--file", "=", "other.json", "view", ""], commandLine: "imgsel --file=other.json view "),
            ["1", "last", "next", "prev", "first"])
        XCTAssertEqual(
            bashOffers(
                ["imgsel", "--file", "=", ".imgsel.json", "delete", ""],
                commandLine: "imgsel --file=.imgsel.json delete "),
            ["1", "2", "3", "last"])
        // Spaces around the `=` are three words to the shell too.
        XCTAssertEqual(
            bashOffers(["imgsel", "--file", "=", "other.json", "view", ""]), [],
            "`--file = x` makes `=` the file and `other.json` the command")
        // The value itself: after `--file=` bash completes the word after the `=`.
        XCTAssertEqual(bashOffers(["imgsel", "--file", "=", "sh"], commandLine: "imgsel --file=sh"), ["shot.png"])
        XCTAssertEqual(
            bashOffers(["imgsel", "--album", "=", ""], commandLine: "imgsel --album="), [], "no folders here")
        XCTAssertEqual(
            bashOffers(
                ["imgsel", "-q", "--file", "=", "other.json", "li"], commandLine: "imgsel -q --file=other.json li"),
            ["list"])
    }

    func testBashUnquotesTheFileOptionAsTheShellWill() {
        seed(3)
        png("a.png")
        png("b.png")
        assertSuccess(run(["-f", "my sel.json", "add", "a.png"]))
        assertSuccess(run(["-f", "x.json", "add", "a.png", "b.png"]))
        let one = ["1", "last"], two = ["1", "2", "last"]
        for (fileWord, expected) in [
            ("'my sel.json'", one), ("\"my sel.json\"", one), ("my\\ sel.json", one), ("my' 'sel.json", one),
            ("~/x.json", two), ("'x'.json", two), ("\"x.json\"", two),
        ] {
            XCTAssertEqual(bashOffers(["imgsel", "-f", fileWord, "delete", ""]), expected, fileWord)
            XCTAssertEqual(
                bashOffers(
                    ["imgsel", "--file", "=", fileWord, "delete", ""],
                    commandLine: "imgsel --file=\(fileWord) delete "),
                expected, "--file=\(fileWord)")
        }
        // A quoted ~ stays a file named ~; the default selection is not asked instead.
        XCTAssertEqual(bashOffers(["imgsel", "-f", "'~/x.json'", "delete", ""]), [])
        // Bundled short options: -qf PATH and -qfPATH.
        XCTAssertEqual(bashOffers(["imgsel", "-qf", "'my sel.json'", "delete", ""]), one)
        XCTAssertEqual(bashOffers(["imgsel", "-qfx.json", "delete", ""]), two)
        XCTAssertEqual(bashOffers(["imgsel", "-fx.json", "delete", ""]), two, "-fPATH with no other flag")
        XCTAssertEqual(bashOffers(["imgsel", "-qf", "x.json", "delete", ""]), two)
        XCTAssertEqual(
            bashOffers(["imgsel", "-qf", "my"]), ["my sel.json", "my sel.json.lock"], "after -qf a file name")
        XCTAssertEqual(bashOffers(["imgsel", "-qfx.json", "de"]), ["delete"], "after -qfx.json a command")
        // Nothing in the word is run.
        for word in ["$(touch pwned)", "`touch pwned`", "\"$(touch pwned)\"", "x;touch pwned"] {
            _ = bashOffers(["imgsel", "-f", word, "delete", ""])
        }
        XCTAssertFalse(exists("pwned"), "the file word was evaluated")
    }

    func testBashOffersFileNamesWhereAFileGoes() {
        seed(2)
        png("shot one.png")
        _ = write(Data(), to: "shots/inner.png")
        for command in ["add", "toggle", "info"] {
            XCTAssertEqual(bashOffers(["imgsel", command, "s"]).sorted(), ["shot one.png", "shots"], command)
            XCTAssertEqual(
                bashOffers(["imgsel", command, "img1.png", "img"]).sorted(), ["img1.png", "img2.png"],
                "\(command) takes several")
        }
        XCTAssertEqual(bashOffers(["imgsel", "replace", "2", "s"]).sorted(), ["shot one.png", "shots"])
        XCTAssertEqual(bashOffers(["imgsel", "replace", "2", "x.png", ""]), [])
        XCTAssertEqual(bashOffers(["imgsel", "--album", "s"]), ["shots"], "--album offers folders")
        XCTAssertEqual(bashOffers(["imgsel", "-f", "s"]).sorted(), ["shot one.png", "shots"])
        XCTAssertEqual(bashOffers(["imgsel", "add", "shots/"]), ["shots/inner.png"])
    }

    func testTheBashScriptRegistersItself() {
        let url = script("bash")
        let (status, out, _) = shell("/bin/bash", ["-c", "source \"$1\" && complete -p imgsel", "bash", url.path])
        XCTAssertEqual(status, 0)
        XCTAssertEqual(out, "complete -F _imgsel imgsel\n")
    }

    func testTheZshScriptIsACompdefFunction() {
        let text = run(["completion", "zsh"]).stdout
        XCTAssertTrue(text.hasPrefix("#compdef imgsel\n"), text)
        XCTAssertTrue(text.contains("compdef _imgsel imgsel"))
        XCTAssertTrue(text.contains("_imgsel \"$@\""))
        for command in registeredCommands() {
            let summary = (command["summary"] as? String ?? "").replacingOccurrences(of: "'", with: "'\\''")
            let entry = "'\(command["name"] as? String ?? ""):\(summary)'"
            XCTAssertTrue(text.contains(entry), "zsh describes \(entry)")
        }
        guard let zsh = ["/usr/bin/zsh", "/bin/zsh"].first(where: FileManager.default.isExecutableFile) else { return }
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

    func testZshUnquotesTheFileOptionAsTheShellWill() {
        guard let zsh = ["/usr/bin/zsh", "/bin/zsh"].first(where: FileManager.default.isExecutableFile) else { return }
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

    func testTheFishScriptCompletesThroughOneFunction() {
        let text = run(["completion", "fish"]).stdout
        XCTAssertTrue(text.contains("complete -c imgsel -f -a '(__imgsel_complete)'"), text)
        for command in registeredCommands() {
            XCTAssertTrue(
                text.contains("'\(command["name"] as? String ?? "")\t"), "fish lists \(command["name"] ?? "")")
        }
        guard let fish = ["/usr/bin/fish", "/bin/fish"].first(where: FileManager.default.isExecutableFile) else {
            return
        }
        let url = script("fish")
        XCTAssertEqual(shell(fish, ["-n", url.path]).0, 0, "fish -n accepts it")
        seed(2)
        func offers(_ line: String) -> String {
            shell(fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", url.path, line]).1
        }
        XCTAssertEqual(offers("imgsel delete "), "1\timg1.png\n2\timg2.png\nlast\tthe last entry\n")
        XCTAssertEqual(offers("imgsel completion z"), "zsh\n")
        XCTAssertEqual(offers("imgsel add img2"), "img2.png\n")
        XCTAssertEqual(offers("imgsel list --gri"), "--grid\tthe nine-grid, with a + cell while there is room\n")
        XCTAssertEqual(offers("imgsel view --graphics b"), "blocks\n")
        XCTAssertEqual(offers("imgsel rules --types jpeg,p"), "jpeg,png\n")
        XCTAssertEqual(offers("imgsel rules --clear min-count,no"), "min-count,no-animation\n")
    }

    func testFishReadsTheFileOptionAsTheShellWill() {
        guard let fish = ["/usr/bin/fish", "/bin/fish"].first(where: FileManager.default.isExecutableFile) else {
            return
        }
        let url = script("fish")
        seed(3)
        png("a.png")
        png("b.png")
        assertSuccess(run(["-f", "my sel.json", "add", "a.png"]))
        assertSuccess(run(["-f", "x.json", "add", "a.png", "b.png"]))
        func offers(_ line: String) -> String {
            shell(fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", url.path, line]).1
        }
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

/// The values of `--graphics`, as help lists them.
enum GraphicsWays {
    static let names = ["auto", "kitty", "iterm", "sixel", "blocks", "none"]
}
