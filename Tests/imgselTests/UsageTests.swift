import Foundation
import XCTest

final class UsageTests: ImgselTestCase {
    func testNoCommandPrintsTheUsageToStderrAndExits2() {
        let r = run([])
        assertFailure(r, 2, stderrContains: ["Usage:", "imgsel [global options] COMMAND"])
        for name in [
            "init", "add", "replace", "delete", "move", "toggle", "clear", "list", "view", "save", "info", "check",
        ] {
            XCTAssertTrue(r.stderr.contains("  \(name) "), "the usage lists \(name)\n\(r.transcript)")
        }
        XCTAssertEqual(listing("."), [])
    }

    func testOnlyGlobalOptionsIsStillNoCommand() {
        assertFailure(run(["-q", "-f", "x.json"]), 2, stderrContains: ["missing COMMAND"])
        XCTAssertEqual(listing("."), [])
    }

    func testHelpOptionPrintsTheUsageToStdout() {
        for args in [["--help"], ["-h"], ["help"]] {
            let r = run(args)
            assertSuccess(r)
            XCTAssertTrue(r.stdout.contains("Usage:"), r.transcript)
            XCTAssertTrue(r.stdout.contains("COMMAND"), r.transcript)
        }
    }

    func testVersion() {
        let r = run(["--version"])
        assertSuccess(r)
        XCTAssertTrue(r.stdout.hasPrefix("imgsel "), r.transcript)
        XCTAssertEqual(r.stdoutLines.count, 1)
        XCTAssertNotNil(r.stdout.range(of: #"\d+\.\d+"#, options: .regularExpression), r.transcript)
        // With a command too.
        assertSuccess(run(["list", "--version"]))
        XCTAssertEqual(listing("."), [])
    }

    func testUnknownCommandSuggestsTheNearest() {
        let r = run(["lsit"])
        assertFailure(r, 2)
        XCTAssertEqual(r.stderrLines.first, "imgsel: unknown command 'lsit' (did you mean 'list'?)")
        let other = run(["delte", "1"])
        assertFailure(other, 2, stderrContains: ["unknown command 'delte'", "did you mean 'delete'?"])
        XCTAssertEqual(listing("."), [])
    }

    func testAnUnknownCommandFarFromAnySuggestsNothing() {
        let r = run(["frobnicate"])
        assertFailure(r, 2, stderrContains: ["unknown command 'frobnicate'"])
        XCTAssertFalse(r.stderr.contains("did you mean"), r.transcript)
    }

    func testAMisspeltGlobalOptionBeforeTheCommandIsNamedNotItsValue() {
        let r = run(["--fil", "x.json", "list"])
        assertFailure(r, 2)
        XCTAssertEqual(r.stderrLines.first, "imgsel: unknown option --fil (did you mean '--file'?)")
        assertFailure(
            run(["--albm", "d", "save"]), 2, stderrContains: ["unknown option --albm", "did you mean '--album'?"])
        assertFailure(run(["-F", "x.json", "list"]), 2, stderrContains: ["unknown option -F"])
        assertFailure(run(["--file=x.json", "lsit"]), 2, stderrContains: ["unknown command 'lsit'"])
        // An option's value that looks like an option is still its value.
        assertFailure(
            run(["-f", "-x.json", "lst"]), 2, stderrContains: ["unknown command 'lst' (did you mean 'list'?)"])
        XCTAssertEqual(listing("."), [])
    }

    func testUnknownOptionSuggestsTheNearest() {
        let r = run(["init", "--forse"])
        assertFailure(r, 2, stderrContains: ["--forse", "did you mean '--force'?"])
        XCTAssertEqual(r.stderrLines.first, "imgsel: unknown option --forse for 'init' (did you mean '--force'?)")
        assertFailure(run(["list", "--grdi"]), 2, stderrContains: ["did you mean '--grid'?"])
        assertFailure(run(["--jsno", "list"]), 2, stderrContains: ["did you mean '--json'?"])
        XCTAssertEqual(listing("."), [])
    }

    func testUnknownOptionShowsTheCommandsUsageLine() {
        // Contract: a usage error prints "the command's usage line".
        assertUsage(run(["init", "--forse"]), usageLine: "usage: imgsel init [--capacity N] [rule options] [--force]")
        assertUsage(run(["add", "--bogus", "a.png"]), usageLine: "usage: imgsel add [-0] FILE...")
        assertUsage(run(["list", "--grdi"]), usageLine: listUsage)
    }

    func testMissingAndExtraArgumentsShowTheCommandsUsageLine() {
        let missing = run(["move", "1"])
        assertUsage(missing, usageLine: "usage: imgsel move FROM TO")
        XCTAssertEqual(missing.stderrLines.first, "imgsel: move: missing TO")
        let extra = run(["view", "1", "2"])
        assertUsage(
            extra, usageLine: "usage: imgsel view [INDEX | next | prev | first | last] [--index] [--image | --no-image]"
        )
        XCTAssertEqual(extra.stderrLines.first, "imgsel: view: unexpected argument '2'")
        assertUsage(run(["clear", "now"]), usageLine: "usage: imgsel clear")
        XCTAssertEqual(listing("."), [])
    }

    func testAMissingArgumentMessageNamesOnlyWhatIsMissing() {
        XCTAssertEqual(run(["move", "1"]).stderrLines.first, "imgsel: move: missing TO")
        XCTAssertEqual(run(["move"]).stderrLines.first, "imgsel: move: missing FROM and TO")
        XCTAssertEqual(run(["replace", "1"]).stderrLines.first, "imgsel: replace: missing FILE")
        XCTAssertEqual(run(["replace"]).stderrLines.first, "imgsel: replace: missing INDEX and FILE")
        XCTAssertEqual(listing("."), [])
    }

    func testAUsageErrorIsTheMessageAndTheUsageLine() {
        XCTAssertEqual(run(["move", "1"]).stderrLines, ["imgsel: move: missing TO", "usage: imgsel move FROM TO"])
        XCTAssertEqual(
            run(["lsit"]).stderrLines,
            [
                "imgsel: unknown command 'lsit' (did you mean 'list'?)",
                "usage: imgsel [global options] COMMAND [options] [arguments]",
            ])
        XCTAssertEqual(
            run(["list", "--grdi"]).stderrLines,
            [
                "imgsel: unknown option --grdi for 'list' (did you mean '--grid'?)",
                listUsage,
            ])
    }

    func testAnOptionsValueTakenForTheCommandSaysMissingCommand() {
        let r = run(["--album", "list"])
        assertFailure(r, 2)
        XCTAssertEqual(
            r.stderrLines,
            [
                "imgsel: missing COMMAND ('list' was taken as the value of --album)",
                "usage: imgsel [global options] COMMAND [options] [arguments]",
            ])
        XCTAssertEqual(
            run(["-q"]).stderrLines,
            [
                "imgsel: missing COMMAND",
                "usage: imgsel [global options] COMMAND [options] [arguments]",
            ])
        XCTAssertEqual(listing("."), [])
    }

    func testAnUnknownShortOptionSuggestsWhatWasProbablyMeant() {
        XCTAssertEqual(run(["-v"]).stderrLines.first, "imgsel: unknown option -v (did you mean '--version'?)")
        XCTAssertEqual(run(["list", "-x"]).stderrLines.first, "imgsel: unknown option -x for 'list'")
        XCTAssertEqual(
            run(["list", "-p"]).stderrLines.first, "imgsel: unknown option -p for 'list' (did you mean '--paths'?)")
        XCTAssertEqual(
            run(["-F", "x.json", "list"]).stderrLines.first, "imgsel: unknown option -F (did you mean '-f'?)")
        XCTAssertEqual(
            run(["-version"]).stderrLines.first, "imgsel: unknown option -version (did you mean '--version'?)")
        XCTAssertEqual(listing("."), [])
    }

    func testAnOptionWithoutItsValue() {
        assertUsage(run(["list", "-f"]), stderrContains: ["-f"])
        assertUsage(run(["list", "--album"]), stderrContains: ["--album"])
        assertUsage(run(["list", "--json=yes"]), stderrContains: ["--json"])
        XCTAssertEqual(listing("."), [])
    }

    func testEmptyFileOrAlbumIsAUsageError() {
        assertUsage(run(["list", "-f", ""]))
        seed(1)
        assertUsage(run(["save", "--album", ""]))
        XCTAssertFalse(exists("saved-album"))
    }

    func testHelpForACommandIsTheSameEitherWay() {
        let a = run(["help", "add"])
        let b = run(["add", "--help"])
        let c = run(["add", "-h"])
        assertSuccess(a)
        assertSuccess(b)
        assertSuccess(c)
        XCTAssertEqual(a.stdout, b.stdout)
        XCTAssertEqual(a.stdout, c.stdout)
        XCTAssertTrue(a.stdout.contains("imgsel add [-0] FILE..."), a.transcript)
        XCTAssertTrue(a.stdout.contains("-0"), a.transcript)
        XCTAssertEqual(listing("."), [])
    }

    func testEveryCommandHasHelp() {
        for name in [
            "init", "add", "replace", "delete", "move", "toggle", "clear", "list", "view", "save", "info", "check",
        ] {
            let r = run(["help", name])
            assertSuccess(r)
            XCTAssertTrue(r.stdout.contains("imgsel \(name)"), r.transcript)
            XCTAssertEqual(r.stdout, run([name, "--help"]).stdout, name)
        }
    }

    func testHelpDoesNotDependOnTheLockTimeout() {
        // `add --help` and `help add` print the same text; a bad IMGSEL_LOCK_TIMEOUT
        // concerns waiting for a lock, which help never does.
        let env = ["IMGSEL_LOCK_TIMEOUT": "abc"]
        let a = run(["add", "--help"], env: env)
        let b = run(["help", "add"], env: env)
        assertSuccess(a)
        assertSuccess(b)
        XCTAssertEqual(a.stdout, b.stdout)
    }

    func testHelpForAnUnknownCommand() {
        let r = run(["help", "lsit"])
        assertFailure(r, 2, stderrContains: ["'lsit'", "did you mean 'list'?"])
    }

    func testGlobalOptionsBeforeTheCommand() {
        png("a.png")
        assertSuccess(run(["-f", "s.json", "add", "a.png"]))
        assertSuccess(run(["--file=s.json", "-q", "view", "1"]))
        XCTAssertEqual(storedPaths(url("s.json")), ["a.png"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testBundledShortOptionsWithAValue() {
        let r = run(["-qf", "bundled.json", "init"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(exists("bundled.json"))
    }

    func testAnAttachedShortOptionValue() {
        let r = run(["-fsel.json", "init"])
        assertSuccess(r)
        XCTAssertTrue(exists("sel.json"))
        // A value that happens to end in "f" is a value all the same.
        let f = run(["-fmyself", "init"])
        assertSuccess(f)
        XCTAssertTrue(exists("myself"), "-fmyself names the file 'myself'\n\(f.transcript)")
    }

    func testABadLockTimeoutIsAUsageError() {
        seed(1)
        let before = selectionData()
        let r = run(["add", png("b.png")], env: ["IMGSEL_LOCK_TIMEOUT": "abc"])
        assertUsage(r, stderrContains: ["IMGSEL_LOCK_TIMEOUT", "abc"])
        assertUnchanged(before)
    }
}
