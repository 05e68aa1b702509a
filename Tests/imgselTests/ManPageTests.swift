import Foundation
import TerminalTestSupport
import XCTest

/// man/imgsel.1 against the binary's own help: every command's usage line and
/// summary, every argument and option with its help text, word for word.
final class ManPageTests: ImgselTestCase {
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    func manPage(file: StaticString = #filePath, line: UInt = #line) -> RoffPage {
        let url = Self.repository.appendingPathComponent("man/imgsel.1")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("no man page at \(url.path)", file: file, line: line)
            return RoffPage(source: "")
        }
        return RoffPage(source: text)
    }

    func help(file: StaticString = #filePath, line: UInt = #line) -> [String: Any] {
        let r = run(["--json", "help"])
        assertSuccess(r, file: file, line: line)
        return parseJSON(r.stdout, file: file, line: line) as? [String: Any] ?? [:]
    }

    func testTheSectionsAreThereInOrder() {
        let page = manPage()
        XCTAssertTrue(page.source.contains(".TH IMGSEL 1 "), "a title line for section 1")
        let required = [
            "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES",
        ]
        XCTAssertEqual(page.sectionNames.filter(required.contains), required)
        XCTAssertTrue(page.plain("NAME").hasPrefix("imgsel - "), page.plain("NAME"))
        let version = run(["--version"]).stdout.trimmingCharacters(in: .newlines)
        XCTAssertTrue(page.source.contains("\"\(version)\""), "the title line names \(version)")
    }

    func testEveryCommandIsDocumentedAsItsHelpSaysIt() {
        let page = manPage()
        let documented = page.items("COMMANDS")
        let commands = help()["commands"] as? [[String: Any]] ?? []
        XCTAssertFalse(commands.isEmpty)
        for command in commands {
            let name = command["name"] as? String ?? "?"
            let usage = String((command["usage"] as? String ?? "").dropFirst("imgsel ".count))
            guard let item = documented.first(where: { $0.tag == usage }) else {
                XCTFail("COMMANDS has no entry tagged '\(usage)'; tags: \(documented.map(\.tag))")
                continue
            }
            XCTAssertTrue(
                item.text.hasPrefix(RoffPage.squeezed(command["summary"] as? String ?? "")),
                "\(name): the entry starts with the help's summary\n\(item.text)")
            var expected: [(String, String)] = []
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                expected.append((argument["name"] as? String ?? "", argument["help"] as? String ?? ""))
            }
            for option in command["options"] as? [[String: Any]] ?? [] {
                expected.append((Self.display(option), option["help"] as? String ?? ""))
            }
            XCTAssertEqual(
                item.children.map(\.tag), expected.map(\.0), "\(name): arguments and options, in the help's order")
            for ((tag, helpText), child) in zip(expected, item.children) where child.tag == tag {
                XCTAssertTrue(
                    child.text.hasPrefix(RoffPage.squeezed(helpText)),
                    "\(name) \(tag): '\(child.text)' vs '\(helpText)'")
            }
        }
        let names = Set(commands.compactMap { $0["name"] as? String })
        let documentedNames = Set(documented.map { String($0.tag.prefix { $0 != " " }) })
        XCTAssertEqual(
            documentedNames.subtracting(names), [],
            "the man page documents commands imgsel does not have")
    }

    func testEveryGlobalOptionIsDocumented() {
        let page = manPage()
        let documented = page.items("OPTIONS")
        let globals = help()["global_options"] as? [[String: Any]] ?? []
        XCTAssertEqual(documented.map(\.tag), globals.map(Self.display))
        for (option, item) in zip(globals, documented) {
            XCTAssertTrue(item.text.hasPrefix(RoffPage.squeezed(option["help"] as? String ?? "")), item.text)
        }
    }

    func testTheEnvironmentAndExitStatusMatchTheHelp() {
        let page = manPage()
        let mainHelp = run(["--help"]).stdoutLines
        func section(_ header: String) -> [String] {
            guard let start = mainHelp.firstIndex(of: header) else { return [] }
            return mainHelp[(start + 1)...].prefix { !$0.isEmpty }.map {
                String($0.dropFirst(2).prefix { $0 != " " })
            }
        }
        let variables = section("Environment:")
        XCTAssertFalse(variables.isEmpty)
        let environment = page.items("ENVIRONMENT").map(\.tag)
        for variable in variables { XCTAssertTrue(environment.contains(variable), "ENVIRONMENT lists \(variable)") }
        XCTAssertEqual(page.items("EXIT STATUS").map(\.tag), section("Exit status:"))
        let files = page.items("FILES").map(\.tag)
        for path in [
            ".imgsel.json", ".imgsel.json.lock", "saved-album/", "share/bash-completion/completions/imgsel",
            "share/zsh/site-functions/_imgsel", "share/fish/vendor_completions.d/imgsel.fish",
        ] {
            XCTAssertTrue(files.contains(path), "FILES lists \(path): \(files)")
        }
    }

    /// Two rows that a script needs to tell apart from their neighbours: a missing selection
    /// file (exit 4, `no-selection`) and a command that ran but whose stdout failed (exit 5,
    /// `output-failed`), in the README's table, the man page's and the help's alike.
    func testTheExitStatusTablesNameNoSelectionAndOutputFailed() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let table = try XCTUnwrap(readme.components(separatedBy: "## Exit status").dropFirst().first)
            .components(separatedBy: "\n\n")[1]
        let manStatus = manPage().plain("EXIT STATUS")
        for code in ["no-selection", "output-failed"] {
            XCTAssertTrue(table.contains(code), "README's exit status table names \(code):\n\(table)")
            XCTAssertTrue(manStatus.contains(code), "the man page's EXIT STATUS names \(code):\n\(manStatus)")
        }
        let help = run(["--help"]).stdout
        XCTAssertTrue(help.contains("missing"), "the help's exit 4 says a missing selection file")
        XCTAssertTrue(help.contains("the command ran"), "the help's exit 5 says when the command ran")
    }

    func testTheExamplesAreCommandsImgselHas() {
        let page = manPage()
        let names = Set((help()["commands"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        let examples = page.plainLines("EXAMPLES").filter { $0.hasPrefix("imgsel ") }
        XCTAssertGreaterThanOrEqual(examples.count, 5)
        for example in examples {
            let words = example.split(separator: " ").map(String.init)
            let command = words.dropFirst().first { !$0.hasPrefix("-") && !$0.hasPrefix("~") } ?? ""
            XCTAssertTrue(names.contains(command), "an example uses '\(command)': \(example)")
        }
    }

    /// The page formats without a warning; CI installs groff (.ci/run), elsewhere its absence skips.
    func testGroffFormatsThePageWithoutWarnings() throws {
        XCTAssertTrue(manPage().source.hasSuffix("\n"))
        guard let groff = ["/usr/bin/groff", "/bin/groff"].first(where: FileManager.default.isExecutableFile) else {
            let message = "groff is needed: apt-get install groff-base (.ci/run does this)"
            if ProcessInfo.processInfo.environment["CI"] == "true" { return XCTFail(message) }
            throw XCTSkip(message)
        }
        let errorsPath = FileManager.default.temporaryDirectory.appendingPathComponent("groff-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: errorsPath) }
        let status = Spawn.run(
            [groff, "-man", "-Tutf8", "-ww", "-z", Self.repository.appendingPathComponent("man/imgsel.1").path],
            outputPath: errorsPath, timeout: HangBound.seconds)
        let text = (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? ""
        XCTAssertEqual(status, 0)
        XCTAssertEqual(text, "", "groff warnings")
    }

    /// As help prints an option: the shorter spellings first, then the value's name.
    static func display(_ option: [String: Any]) -> String {
        let names = (option["names"] as? [String] ?? []).sorted { $0.count < $1.count }.joined(separator: ", ")
        return (option["value"] as? String).map { names + " " + $0 } ?? names
    }
}

/// Just enough of roff to read imgsel.1 back as text: sections, `.TP` items
/// (one level of `.RS` nesting), fonts and the escapes the page uses.
struct RoffPage {
    struct Item {
        var tag: String
        var text: String
        var children: [Item]
    }

    let source: String

    var sectionNames: [String] {
        source.components(separatedBy: "\n").filter { $0.hasPrefix(".SH ") }.map {
            Self.arguments(String($0.dropFirst(4)))
        }
    }

    func lines(_ section: String) -> [String] {
        var inside = false
        var result: [String] = []
        for line in source.components(separatedBy: "\n") {
            if line.hasPrefix(".SH ") { inside = Self.arguments(String(line.dropFirst(4))) == section; continue }
            if inside && !line.hasPrefix(".\\\"") { result.append(line) }
        }
        return result
    }

    /// The section's text lines, macros turned into their words.
    func plainLines(_ section: String) -> [String] {
        lines(section).compactMap { line in
            if line.hasPrefix(".") {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard ["B", "I", "BR", "IR", "BI", "RB", "RI", "IB"].contains(String(parts[0].dropFirst())),
                    parts.count > 1
                else {
                    return nil
                }
                return Self.plain(Self.arguments(parts[1]))
            }
            return Self.plain(line)
        }
    }

    func plain(_ section: String) -> String { Self.squeezed(plainLines(section).joined(separator: " ")) }

    /// The `.TP` items of a section: tag line, then text up to the next item, with `.RS`…`.RE` as children.
    func items(_ section: String) -> [Item] {
        var top: [Item] = []
        var nested = false
        var expectingTag = false
        var buffer: [String] = []
        func flush() {
            let text = Self.squeezed(buffer.joined(separator: " "))
            buffer = []
            guard !text.isEmpty else { return }
            if nested, !top.isEmpty, !top[top.count - 1].children.isEmpty {
                let c = top[top.count - 1].children.count - 1
                top[top.count - 1].children[c].text += top[top.count - 1].children[c].text.isEmpty ? text : " " + text
            } else if !top.isEmpty, !nested {
                top[top.count - 1].text += top[top.count - 1].text.isEmpty ? text : " " + text
            }
        }
        for line in lines(section) {
            let macro = line.hasPrefix(".") ? String(line.dropFirst().prefix { $0 != " " }) : nil
            switch macro {
            case "TP"?, "TQ"?:
                flush()
                expectingTag = true
            case "RS"?:
                flush()
                nested = true
            case "RE"?:
                flush()
                nested = false
            case "PP"?:
                flush()
                if !nested { expectingTag = false; buffer = []; top.append(Item(tag: "", text: "", children: [])) }
            default:
                let text = Self.plainLine(line)
                if expectingTag {
                    let item = Item(tag: Self.squeezed(text), text: "", children: [])
                    if nested { top[top.count - 1].children.append(item) } else { top.append(item) }
                    expectingTag = false
                } else if !text.isEmpty {
                    buffer.append(text)
                }
            }
        }
        flush()
        return top.filter { !$0.tag.isEmpty }
    }

    static func plainLine(_ line: String) -> String {
        if line.hasPrefix(".") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return parts.count > 1 ? plain(arguments(parts[1])) : ""
        }
        return plain(line)
    }

    /// A macro's arguments: quotes removed, words joined by one space.
    static func arguments(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "")
    }

    /// Font changes dropped, escapes turned into the characters they print.
    static func plain(_ text: String) -> String {
        var out = text
        for (escape, character) in [
            ("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\fP", ""), ("\\-", "-"), ("\\(aq", "'"),
            ("\\(lq", "“"), ("\\(rq", "”"), ("\\(en", "–"), ("\\(em", "—"), ("\\(mu", "×"),
            ("\\&", ""), ("\\e", "\\"), ("\\ ", " "),
        ] {
            out = out.replacingOccurrences(of: escape, with: character)
        }
        while let range = out.range(of: #"\\\[u[0-9A-F]{4,5}\]"#, options: .regularExpression) {
            let hex = out[range].dropFirst(3).dropLast()
            out.replaceSubrange(range, with: String(Character(Unicode.Scalar(UInt32(hex, radix: 16)!)!)))
        }
        return out
    }

    static func squeezed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }
}
