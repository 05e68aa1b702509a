import ImageHeaders
import ModelTestSupport
import XCTest

@testable import SelectionModel

/// The rule set: its order, its contradictions, its JSON, the file's versions, and the
/// selection's operations under rules.
final class RulesTests: XCTestCase {
    private func rules(_ options: [(RuleName, String?)]) throws -> Rules {
        var result = Rules()
        for (name, text) in options { result.set(try Rule.parse(name, text)) }
        return result
    }

    func testOneRuleANameInTheFilesOrder() throws {
        var r = try rules([(.types, "png"), (.maxBytes, "5MB"), (.minWidth, "320"), (.maxBytes, "6MB")])
        XCTAssertEqual(r.all.map(\.name), [.maxBytes, .minWidth, .types])
        XCTAssertEqual(r[.maxBytes], .maxBytes(6 << 20), "the later replaces the earlier")
        r.clear(.minWidth)
        XCTAssertEqual(r.all.map(\.name), [.maxBytes, .types])
        XCTAssertEqual(r, try rules([(.maxBytes, "6MB"), (.types, "png")]), "equal however they were set")
    }

    func testContradictionsAreFound() throws {
        XCTAssertEqual(
            try rules([(.minWidth, "500"), (.maxWidth, "400"), (.minAspect, "2"), (.maxAspect, "16:9")])
                .conflicts(capacity: nil),
            [
                .minimumAboveMaximum(.minWidth(500), .maxWidth(400)),
                .minimumAboveMaximum(.minAspect(Aspect("2")!), .maxAspect(Aspect("16:9")!)),
            ])
        XCTAssertEqual(try rules([(.minWidth, "400"), (.maxWidth, "400")]).conflicts(capacity: nil), [])
        let count = try rules([(.minCount, "5")])
        XCTAssertEqual(count.conflicts(capacity: 4), [.countAboveCapacity(.minCount(5), capacity: 4)])
        XCTAssertEqual(count.conflicts(capacity: 5), [])
        XCTAssertEqual(count.conflicts(capacity: nil), [])
    }

    func testTheJSONObjectRoundTrips() throws {
        let all = try rules([
            (.maxBytes, "5.5MB"), (.minWidth, "320"), (.minHeight, "240"), (.maxWidth, "4096"), (.maxHeight, "4096"),
            (.maxPixels, "12M"), (.minAspect, "4:5"), (.maxAspect, "1.91"), (.types, "jpeg,png"), (.noAnimation, nil),
            (.minCount, "2"),
        ])
        XCTAssertEqual(
            JSONWriter.compact(all.json),
            #"{"max-bytes":5767168,"min-width":320,"min-height":240,"max-width":4096,"max-height":4096,"#
                + #""max-pixels":12000000,"min-aspect":"4:5","max-aspect":"1.91","types":["jpeg","png"],"#
                + #""no-animation":true,"min-count":2}"#)
        XCTAssertEqual(try Rules.decode(all.json), all)
        XCTAssertEqual(try Rules.decode(.object([])), Rules())
        let handWritten = try JSONParser.parse(Array(#"{"min-aspect": 0.80}"#.utf8))
        XCTAssertEqual(try Rules.decode(handWritten), try rules([(.minAspect, "0.8")]), "a number written by hand")
    }

    func testTheJSONObjectIsReadStrictly() {
        func refusal(_ json: String) -> String? {
            guard let value = try? JSONParser.parse(Array(json.utf8)) else { return "not JSON" }
            do {
                _ = try Rules.decode(value)
                return nil
            } catch {
                return error.reason
            }
        }
        XCTAssertEqual(refusal(#"[]"#), "\"rules\" is not an object")
        XCTAssertEqual(refusal(#"{"max-duration": 5}"#), "unknown rule \"max-duration\"")
        XCTAssertEqual(refusal(#"{"max-bytes": 5, "max-bytes": 6}"#), "not JSON", "the parser refuses a key twice")
        for bad in [
            #"{"max-bytes": 0}"#, #"{"max-bytes": -1}"#, #"{"max-bytes": 1.5}"#, #"{"max-bytes": "5MB"}"#,
            #"{"min-width": 0}"#, #"{"min-aspect": 1e3}"#, #"{"min-aspect": "1e3"}"#, #"{"types": []}"#,
            #"{"types": ["jpg"]}"#, #"{"types": "png"}"#, #"{"no-animation": false}"#, #"{"min-count": 100}"#,
        ] {
            XCTAssertNotNil(refusal(bad), bad)
            XCTAssertTrue(refusal(bad)?.hasSuffix("has a value this imgsel cannot read") ?? false, bad)
        }
    }

    // MARK: - The file's versions

    func testWithoutRulesTheFileIsVersionOneAsBefore() throws {
        let s = try makeSelection(["a.png"])
        let text = String(decoding: SelectionFile.encode(s), as: UTF8.self)
        XCTAssertTrue(
            text.hasPrefix("{\n  \"format\": \"imgsel\",\n  \"version\": 1,\n  \"capacity\": 9,\n  \"current\""))
        XCTAssertFalse(text.contains("rules"))
    }

    func testWithRulesTheFileIsVersionTwoWithTheRulesAfterTheCapacity() throws {
        let s = try makeSelection(["a.png"]).settingRules(
            try rules([(.maxBytes, "5MB"), (.types, "png")]), force: false)
        let bytes = SelectionFile.encode(s)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(
            text.hasPrefix(
                """
                {
                  "format": "imgsel",
                  "version": 2,
                  "capacity": 9,
                  "rules": {
                    "max-bytes": 5242880,
                    "types": [
                      "png"
                    ]
                  },
                  "current": 1,
                """), text)
        XCTAssertEqual(try SelectionFile.decode(bytes, path: "x"), s, "round trip")
        // Clearing the last rule writes what a selection that never had rules writes.
        let cleared = try s.settingRules(Rules(), force: false)
        XCTAssertEqual(SelectionFile.encode(cleared), SelectionFile.encode(try makeSelection(["a.png"])))
    }

    func testRulesOnlyInVersionTwoAndVersionTwoOnlyWithRules() {
        let empty = #""capacity":9,"current":null,"items":[]"#
        XCTAssertEqual(
            invalidReason(#"{"format":"imgsel","version":1,"rules":{"max-bytes":5},"# + empty + "}"),
            "\"rules\" needs version 2, and this file is version 1")
        XCTAssertEqual(
            invalidReason(#"{"format":"imgsel","version":2,"# + empty + "}"),
            "version 2 needs a \"rules\" object or an item's \"crop\"")
        XCTAssertEqual(
            invalidReason(#"{"format":"imgsel","version":2,"rules":{"nope":1},"# + empty + "}"), "unknown rule \"nope\""
        )
        assertThrows(.rulesConflict(path: "sel.json", .countAboveCapacity(.minCount(10), capacity: 9))) {
            () throws(SelectionFileError) in
            try decodeSelectionFile(#"{"format":"imgsel","version":2,"rules":{"min-count":10},"# + empty + "}")
        }
        XCTAssertNil(
            invalidReason(#"{"format":"imgsel","version":2,"rules":{},"# + empty + "}"), "no rules, read anyway")
        XCTAssertNil(invalidReason(#"{"format":"imgsel","version":2,"rules":{"min-aspect":"4:5"},"# + empty + "}"))
    }

    func testUnknownMembersStayBesideTheRules() throws {
        let text =
            #"{"format":"imgsel","version":2,"capacity":9,"rules":{"min-width":10},"current":null,"items":[],"#
            + #""note":"keep"}"#
        let s = try decodeSelectionFile(text)
        XCTAssertEqual(s.rules, try rules([(.minWidth, "10")]))
        XCTAssertEqual(s.otherFields, .object([("note", .string("keep"))]))
        XCTAssertTrue(String(decoding: SelectionFile.encode(s), as: UTF8.self).hasSuffix("  \"note\": \"keep\"\n}\n"))
    }

    // MARK: - The selection's operations

    func testAddingReportsEveryBrokenRuleOfEveryImageAndAddsNone() throws {
        let s = try Selection().settingRules(
            Rules(try rules([(.maxWidth, "3"), (.maxBytes, "1")]).all + [.asIs]), force: false)
        let a = makeEntry("aa", width: 4)
        let b = makeEntry("bb", width: 5)
        let problems = [a, b].flatMap { entry in s.rules.problems(for: entry) }
        XCTAssertEqual(problems.count, 4)
        assertThrows(SelectionError.several(problems.map(SelectionError.ruleBroken))) { () throws(SelectionError) in
            try s.adding([a, b])
        }
        XCTAssertEqual(problems.first, RuleProblem(path: "aa", rule: .maxBytes(1), subject: .image(Rule.Image(a))))
    }

    func testReplaceAndToggleRefuseAnImageThatBreaksARule() throws {
        let s = try makeSelection(["a", "b"]).settingRules(Rules([.maxWidth(4), .asIs]), force: false)
        let wide = makeEntry("w", width: 5)
        let problem = RuleProblem(path: "w", rule: .maxWidth(4), subject: .image(Rule.Image(wide)))
        assertThrows(.ruleBroken(problem)) { () throws(SelectionError) in try s.replacing(at: 1, with: wide) }
        // The removal of b is fine; the addition is not: nothing happens.
        assertThrows(.ruleBroken(problem)) { () throws(SelectionError) in try s.toggling([makeEntry("b"), wide]) }
        XCTAssertEqual(try s.toggling([makeEntry("b")]).names, ["a"])
    }

    func testSettingARuleEntriesBreakIsRefusedUnlessForced() throws {
        let s = try makeSelection(["a", "bbb", "cc"])
        let strict = Rules([.maxBytes(1), .asIs])
        do {
            _ = try s.settingRules(strict, force: false)
            XCTFail("refused")
        } catch {
            guard case let .several(parts) = error, let last = parts.last else { return XCTFail("\(error)") }
            XCTAssertEqual(
                Array(parts.dropLast()),
                [2, 3].map { index in
                    let entry = s.items[index - 1]
                    return .entryBreaksRule(
                        index: index,
                        RuleProblem(path: entry.path, rule: .maxBytes(1), subject: .image(Rule.Image(entry))))
                })
            XCTAssertEqual(last, .rulesRefused(entries: 2))
        }
        let forced = try s.settingRules(strict, force: true)
        XCTAssertEqual(forced.rules, strict)
        XCTAssertEqual(forced.entriesBreaking().map(\.index), [2, 3])
        // A rule already kept by entries is set; entries breaking an unchanged rule do not refuse another.
        let more = try forced.settingRules(Rules([.maxBytes(1), .maxWidth(10), .asIs]), force: false)
        XCTAssertEqual(more.rules.all.count, 3)
        assertThrows(.ruleConflict(.countAboveCapacity(.minCount(10), capacity: 9))) { () throws(SelectionError) in
            try s.settingRules(try! rules([(.minCount, "10")]), force: true)
        }
    }
}
