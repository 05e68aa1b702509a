import CommandLineModel
import XCTest

/// The completion model read from command specs, and the three shells' scripts written from it.
final class CompletionModelTests: XCTestCase {
    static let globals = [
        OptionSpec(names: ["--file", "-f"], value: "PATH", help: "the selection file"),
        OptionSpec(names: ["--json"], value: nil, help: "JSON"),
    ]
    static let commands = [
        CommandSpec(
            name: "add", usage: "add [-0] FILE...", summary: "append images",
            options: [OptionSpec(names: ["-0"], value: nil, help: "NUL-separated")]),
        CommandSpec(name: "replace", usage: "replace INDEX FILE", summary: "put FILE at INDEX"),
        CommandSpec(
            name: "view", usage: "view [INDEX | next | prev | first | last] [--index]", summary: "show",
            options: [OptionSpec(names: ["--index"], value: nil, help: "only the position")]),
        CommandSpec(name: "completion", usage: "completion bash|zsh|fish", summary: "a script"),
        CommandSpec(
            name: "init", usage: "init [--capacity N]", summary: "create",
            options: [OptionSpec(names: ["--capacity"], value: "N", help: "how many")]),
    ]
    let model = CompletionModel(globals: globals, commands: commands)

    func testSlotsAreReadFromTheUsageLines() {
        let entries = Dictionary(uniqueKeysWithValues: model.commands.map { ($0.name, $0) })
        XCTAssertEqual(entries["add"]?.slots, [["@files"]])
        XCTAssertEqual(entries["add"]?.repeats, true)
        XCTAssertEqual(entries["replace"]?.slots, [["@indices"], ["@files"]])
        XCTAssertEqual(entries["replace"]?.repeats, false)
        XCTAssertEqual(entries["view"]?.slots, [["@indices", "next", "prev", "first"]], "last is among the indices")
        XCTAssertEqual(entries["completion"]?.slots, [["bash", "zsh", "fish"]])
        XCTAssertEqual(entries["init"]?.slots, [], "options are no slots")
        XCTAssertEqual(model.commands.map(\.name), Self.commands.map(\.name), "in the order given")
    }

    func testEveryValueOptionOnceWithWhatItsValueIsMadeOf() {
        XCTAssertEqual(model.valueOptions.map(\.name), ["--file", "-f", "--capacity"])
        XCTAssertEqual(model.valueOptions.map(\.marker), ["@files", "@files", ""])
        XCTAssertEqual(CompletionModel.marker(forPlaceholder: "DIR"), "@dirs")
        XCTAssertEqual(CompletionModel.marker(forPlaceholder: "TO"), "@indices")
        XCTAssertNil(CompletionModel.marker(forPlaceholder: "N"))
    }

    func testAListPlaceholderOffersItsWordsAndAWordyGroupIsNoSlot() {
        let spec = CommandSpec(
            name: "rules", usage: "rules [rule options] [--clear RULE]", summary: "rules",
            options: [
                OptionSpec(names: ["--types"], value: "LIST", help: "types"),
                OptionSpec(names: ["--clear"], value: "RULE", help: "clear"),
            ])
        let listed = CompletionModel(globals: [], commands: [spec], lists: ["LIST": ["jpeg", "png"]])
        XCTAssertEqual(listed.commands.first?.slots, [], "[rule options] describes options, not an argument")
        XCTAssertEqual(listed.valueOptions.map(\.name), ["--types", "--clear"])
        XCTAssertEqual(listed.valueOptions.map(\.marker), ["@list jpeg png", ""])
        XCTAssertTrue(BashCompletion.script(listed, version: "v").contains("--types) _imgsel_offer '@list jpeg png'"))
    }

    /// A one-word value is offered as words, with no `@list` that would complete after a comma.
    func testAOneWordPlaceholderOffersWordsNotAList() {
        let spec = CommandSpec(
            name: "export", usage: "export DIR", summary: "export",
            options: [
                OptionSpec(names: ["--hdr"], value: "HDR", help: "hdr"),
                OptionSpec(names: ["--types"], value: "LIST", help: "types"),
            ])
        let model = CompletionModel(
            globals: [], commands: [spec], lists: ["LIST": ["jpeg", "png"]], words: ["HDR": ["keep", "drop"]])
        XCTAssertEqual(model.valueOptions.map(\.marker), ["keep drop", "@list jpeg png"])
        XCTAssertTrue(BashCompletion.script(model, version: "v").contains("--hdr) _imgsel_offer 'keep drop'"))
    }

    /// check's and export's `--format` share a name and a placeholder but not their values.
    func testAnOptionNameTwoCommandsGiveDifferentValuesIsOfferedByCommand() {
        let format = OptionSpec(names: ["--format"], value: "FORMAT", help: "format")
        let specs = [
            CommandSpec(name: "check", usage: "check [--format FORMAT]", summary: "check", options: [format]),
            CommandSpec(name: "export", usage: "export DIR", summary: "export", options: [format]),
        ]
        let model = CompletionModel(
            globals: [], commands: specs, lists: ["FORMAT": ["jpeg", "png"]],
            choices: ["check": ["--format": ["text", "github"]]])
        XCTAssertEqual(model.valueOptions.map(\.name), ["--format"])
        XCTAssertEqual(model.valueOptions.first?.marker, "text github", "the first command to name it")
        XCTAssertEqual(model.valueOptions.first?.byCommand.map(\.command), ["export"])
        XCTAssertEqual(model.valueOptions.first?.byCommand.map(\.marker), ["@list jpeg png"])
        XCTAssertEqual(self.model.valueOptions.map(\.byCommand.count), [0, 0, 0], "no clash, no choosing")
        XCTAssertTrue(
            BashCompletion.script(model, version: "v").contains(
                """
                        --format)
                            case $command in
                                export) _imgsel_offer '@list jpeg png' "$cur" "${program[@]}"; return 0 ;;
                            esac
                            _imgsel_offer 'text github' "$cur" "${program[@]}"; return 0 ;;

                """))
    }

    func testQuotingForEachShell() {
        XCTAssertEqual(ShellQuote.single("it's"), "'it'\\''s'")
        XCTAssertEqual(ShellQuote.fish("it's a\\b"), "'it\\'s a\\\\b'")
    }

    func testEachScriptNamesTheVersionTheCommandsAndRegistersItself() {
        let bash = BashCompletion.script(model, version: "imgsel 9.9")
        XCTAssertTrue(bash.contains("(imgsel 9.9)"))
        XCTAssertTrue(bash.contains("        replace) options=''; slots=('@indices' '@files'); repeats=0 ;;\n"), bash)
        XCTAssertTrue(bash.hasSuffix("complete -F _imgsel imgsel\n"))
        let zsh = ZshCompletion.script(model, version: "imgsel 9.9")
        XCTAssertTrue(
            zsh.hasPrefix(
                "#compdef imgsel\n# zsh completion for imgsel, generated by `imgsel completion zsh` (imgsel 9.9)."))
        XCTAssertTrue(zsh.contains("    'add:append images'\n"), zsh)
        let fish = FishCompletion.script(model, version: "imgsel 9.9")
        XCTAssertTrue(fish.contains("(imgsel 9.9)"))
        XCTAssertTrue(fish.contains("        case view\n"), fish)
        XCTAssertTrue(fish.hasSuffix("complete -c imgsel -f -a '(__imgsel_complete)'\n"))
    }
}
