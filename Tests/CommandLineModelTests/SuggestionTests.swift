import CommandLineModel
import XCTest

final class SuggestionTests: XCTestCase {
    func testEditDistanceCountsATranspositionAsOneEdit() {
        XCTAssertEqual(Suggestion.editDistance("list", "list"), 0)
        XCTAssertEqual(Suggestion.editDistance("lsit", "list"), 1)
        XCTAssertEqual(Suggestion.editDistance("lst", "list"), 1)
        XCTAssertEqual(Suggestion.editDistance("", "add"), 3)
        XCTAssertEqual(Suggestion.editDistance("kitten", "sitting"), 3)
    }

    func testTheNearestWordIsOfferedOnlyWhenClose() {
        let commands = ["init", "add", "list", "view", "save", "toggle"]
        XCTAssertEqual(Suggestion.nearest("lsit", among: commands), "list")
        XCTAssertEqual(Suggestion.nearest("li", among: commands), "list", "a unique prefix counts")
        XCTAssertNil(Suggestion.nearest("frobnicate", among: commands))
        XCTAssertEqual(Suggestion.didYouMean("vew", among: commands), " (did you mean 'view'?)")
        XCTAssertEqual(Suggestion.didYouMean("frobnicate", among: commands), "")
    }

    func testASingleLetterOptionIsMatchedByItsLetter() {
        let names = ["--file", "-f", "--album", "--json", "--quiet", "-q", "--help", "-h", "--version"]
        XCTAssertEqual(Suggestion.nearestOption("-F", among: names), "-f", "the same letter in the other case")
        XCTAssertEqual(Suggestion.nearestOption("-a", among: names), "--album", "the one long option with that letter")
        XCTAssertNil(Suggestion.nearestOption("-x", among: names), "every -x is one edit from -f, which says nothing")
        XCTAssertEqual(Suggestion.nearestOption("--jsno", among: names), "--json")
        XCTAssertEqual(
            Suggestion.nearestOption("-version", among: names), "--version", "a long option typed with one dash")
    }

    /// `add --max-byte`: the option another command has, and every command that has it, in order.
    func testAnOptionOfOtherCommandsIsFoundWithTheCommandsThatHaveIt() throws {
        func spec(_ name: String, _ options: [String]) -> CommandSpec {
            CommandSpec(
                name: name, usage: name, summary: "",
                options: options.map { OptionSpec(names: [$0], value: nil, help: "") })
        }
        let specs = [
            spec("init", ["--capacity", "--max-bytes"]), spec("rules", ["--max-bytes"]), spec("list", ["-n"]),
        ]
        let near = try XCTUnwrap(Suggestion.otherCommands(having: "--max-byte", among: specs))
        XCTAssertEqual(near.option, "--max-bytes")
        XCTAssertEqual(near.commands, ["init", "rules"])
        XCTAssertEqual(Suggestion.otherCommands(having: "--capacity", among: specs)?.commands, ["init"])
        XCTAssertNil(Suggestion.otherCommands(having: "--frobnicate", among: specs))
        XCTAssertNil(Suggestion.otherCommands(having: "-n", among: specs), "a letter means something else in each")
        XCTAssertEqual(Suggestion.quotedList(["a"]), "'a'")
        XCTAssertEqual(Suggestion.quotedList(["a", "b", "c"]), "'a', 'b' and 'c'")
    }
}
