import ModelTestSupport
import XCTest

@testable import SelectionModel

final class SelectionFileTests: XCTestCase {
    func testRoundTripKeepsEveryField() throws {
        let s = try makeSelection(["a.png", "sub/b.png"], capacity: 4, current: 2)
        let bytes = SelectionFile.encode(s)
        XCTAssertEqual(try SelectionFile.decode(bytes, path: "x"), s)
    }

    func testMembersThisVersionDoesNotKnowAreKeptAfterTheKnownOnes() throws {
        var s = try makeSelection(["a.png", "b.png"])
        let sha = s.items[1].sha256
        let text = String(decoding: SelectionFile.encode(s), as: UTF8.self)
            .replacingOccurrences(of: "{\n  \"format\"", with: "{\n  \"note\": \"keep me\",\n  \"format\"")
            .replacingOccurrences(
                of: "\"sha256\": \"\(sha)\"", with: "\"caption\": {\"en\": [1, true]},\n \"sha256\": \"\(sha)\"")
        let read = try decodeSelectionFile(text)
        XCTAssertEqual(read.otherFields, .object([("note", .string("keep me"))]))
        XCTAssertEqual(read.items[0].otherFields, .object([]))
        XCTAssertEqual(
            read.items[1].otherFields, .object([("caption", .object([("en", .array([.int(1), .bool(true)]))]))]))
        s = read
        let written = String(decoding: SelectionFile.encode(s), as: UTF8.self)
        XCTAssertTrue(written.hasPrefix("{\n  \"format\": \"imgsel\",\n"), "known members keep the stable order first")
        XCTAssertTrue(written.contains("\"added\": "), written)
        let afterAdded = try XCTUnwrap(written.range(of: "\"caption\"")).lowerBound
        XCTAssertGreaterThan(afterAdded, try XCTUnwrap(written.range(of: "\"added\"", options: .backwards)).lowerBound)
        XCTAssertTrue(written.hasSuffix("  ],\n  \"note\": \"keep me\"\n}\n"), written)
        XCTAssertEqual(try SelectionFile.decode(Array(written.utf8), path: "x"), read, "and read back the same")
    }

    func testKeptMembersKeepTheirNumbersDigitForDigit() throws {
        let s = try makeSelection(["a.png"])
        let numbers =
            #"{"u64": 18446744073709551615, "one": 1.0, "e": 1E2, "neg": -0.0, "long": 123456789012345678901234567890}"#
        let text = String(decoding: SelectionFile.encode(s), as: UTF8.self)
            .replacingOccurrences(of: "{\n  \"format\"", with: "{\n  \"ids\": \(numbers),\n  \"format\"")
        let written = String(decoding: SelectionFile.encode(try decodeSelectionFile(text)), as: UTF8.self)
        for literal in ["18446744073709551615", "1.0", "1E2", "-0.0", "123456789012345678901234567890"] {
            XCTAssertTrue(
                written.contains(": " + literal + ",") || written.contains(": " + literal + "\n"),
                "\(literal) in\n\(written)")
        }
    }

    func testEncodingUsesTheContractsKeyOrderAndEndsInANewline() throws {
        let s = try makeSelection(["a.png"])
        let text = String(decoding: SelectionFile.encode(s), as: UTF8.self)
        let keys = [
            "\"format\"", "\"version\"", "\"capacity\"", "\"current\"", "\"items\"", "\"path\"", "\"type\"",
            "\"width\"", "\"height\"", "\"orientation\"", "\"frames\"", "\"bytes\"", "\"sha256\"", "\"added\"",
        ]
        let positions = keys.map { text.range(of: $0)!.lowerBound }
        XCTAssertEqual(positions, positions.sorted())
        XCTAssertTrue(text.hasPrefix("{\n  \"format\": \"imgsel\",\n  \"version\": 1,\n"))
        XCTAssertTrue(text.hasSuffix("}\n"))
    }

    func testAnEmptySelectionHasANullCursor() {
        let text = String(decoding: SelectionFile.encode(Selection(capacity: 3)), as: UTF8.self)
        XCTAssertTrue(text.contains("\"current\": null"))
        XCTAssertTrue(text.contains("\"items\": []"))
    }

    func testAVersionNewerThanThisImgselKnowsIsRefusedAsNewer() {
        let newer = SelectionFile.newestVersion + 1
        let text = #"{"format":"imgsel","version":\#(newer),"capacity":9,"rules":{},"current":null,"items":[]}"#
        assertThrows(.newerVersion(path: "sel.json", version: newer)) { () throws(SelectionFileError) in
            try decodeSelectionFile(text)
        }
    }

    func testMalformedFilesAreRefusedWithAReason() {
        XCTAssertEqual(invalidReason(""), "the file is empty")
        XCTAssertEqual(invalidReason("{\"format\": \"imgsel\""), "not JSON: unexpected end of data at line 1")
        XCTAssertEqual(invalidReason("[]"), "the top level is not a JSON object")
        XCTAssertEqual(invalidReason(#"{"format":"other","version":1}"#), "\"format\" is not \"imgsel\"")
        XCTAssertEqual(invalidReason(#"{"format":"imgsel","version":"1"}"#), "\"version\" is not an integer")
        XCTAssertEqual(
            invalidReason(#"{"format":"imgsel","version":1,"capacity":9,"items":[]}"#), "\"current\" is missing")
        XCTAssertEqual(
            invalidReason(#"{"format":"imgsel","version":1,"capacity":9,"current":null,"items":{}}"#),
            "\"items\" is not an array")
        XCTAssertEqual(
            invalidReason(#"{"format":"imgsel","version":1,"capacity":9,"current":null,"items":[1]}"#),
            "item 1 is not an object")
    }

    func testInconsistentFieldsAreRefused() throws {
        let one = String(decoding: SelectionFile.encode(try makeSelection(["a"])), as: UTF8.self)
        XCTAssertEqual(
            invalidReason(one.replacingOccurrences(of: "\"current\": 1", with: "\"current\": 2")),
            "\"current\" must be an index from 1 to 1")
        XCTAssertEqual(
            invalidReason(one.replacingOccurrences(of: "\"capacity\": 9", with: "\"capacity\": 0")),
            "capacity 0 is outside 1–99")
        let two = String(decoding: SelectionFile.encode(try makeSelection(["a", "b"])), as: UTF8.self)
        let sha = makeEntry("b").sha256
        XCTAssertEqual(
            invalidReason(two.replacingOccurrences(of: sha, with: makeEntry("a").sha256)),
            "items 1 and 2 have the same sha256")
        XCTAssertEqual(
            invalidReason(two.replacingOccurrences(of: "\"capacity\": 9", with: "\"capacity\": 1")),
            "2 items exceed the capacity of 1")
        XCTAssertEqual(
            invalidReason(one.replacingOccurrences(of: "\"type\": \"png\"", with: "\"type\": \"svg\"")),
            "item 1: unknown type \"svg\"")
        XCTAssertEqual(
            invalidReason(one.replacingOccurrences(of: "\"orientation\": 1", with: "\"orientation\": 9")),
            "item 1: \"orientation\" is not an integer from 1 to 8")
        XCTAssertEqual(
            invalidReason(one.replacingOccurrences(of: "\"width\": 4", with: "\"width\": 4.5")),
            "item 1: \"width\" is not an integer from 0 to 2147483647")
    }
}
