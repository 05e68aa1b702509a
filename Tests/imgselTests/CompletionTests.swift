import Foundation
import ImageHeaders
import ModelTestSupport
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
        XCTAssertEqual(bashOffers(["imgsel", "rules", "--clear", "types,a"]), ["types,as-is", "types,all"])
        XCTAssertEqual(bashOffers(["imgsel", "rules", "--max-bytes", ""]), [], "a size is not guessed")
        XCTAssertEqual(bashOffers(["imgsel", "rules", ""]), [], "rules takes no argument")
        XCTAssertEqual(
            bashOffers(["imgsel", "rules", "--types", "png", "--min-"]),
            ["--min-width", "--min-height", "--min-aspect", "--min-count"])
    }

    func testBashOffersExportsFormatsNamingsAndFolders() {
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--format", ""]), ["jpeg", "png"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--names", "k"]), ["keep"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--hdr", ""]), ["keep", "drop"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--colour", "s"]), ["srgb"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--keep-"]), ["--keep-metadata"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--firs"]), ["--first-frame"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--max-side", ""]), [], "a size is not guessed")
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
}

/// The values of `--graphics`, as help lists them.
enum GraphicsWays {
    static let names = ["auto", "kitty", "iterm", "sixel", "blocks", "none"]
}
