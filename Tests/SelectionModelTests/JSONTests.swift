import XCTest

@testable import SelectionModel

final class JSONTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    func testParsesEveryKindOfValue() throws {
        let v = try parse(#" {"a": [1, -2.5e1, true, false, null], "b": {"c": "d"}} "#)
        XCTAssertEqual(v["a"], .array([.number(1), .number(-25), .bool(true), .bool(false), .null]))
        XCTAssertEqual(v["b"]?["c"], .string("d"))
    }

    func testStringEscapesAndSurrogatePairs() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/\n\t\u00e9\ud83d\ude00""#), .string("a\"b\\c/\n\té😀"))
    }

    func testRejectsWhatRFC8259Rejects() {
        for bad in [
            "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "\"\u{01}\"", "{\"a\" 1}", "tru", "[1] x",
            #""\ud800""#, "{\"a\":1,\"a\":2}", String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
        ] {
            XCTAssertThrowsError(try parse(bad), "accepted \(bad.debugDescription)")
        }
    }

    func testReportsTheLineOfAnError() {
        XCTAssertThrowsError(try parse("{\n\"a\":\n}")) { error in
            XCTAssertEqual((error as? JSONParser.Failure)?.description, "unexpected character at line 3")
        }
    }

    func testWriterEscapesAndRoundTrips() throws {
        let value = JSONValue.object([
            ("name", .string("a\"b\\\n\u{1}é")), ("n", .int(42)), ("x", .number(0.5)),
            ("list", .array([])), ("o", .object([])),
        ])
        let compact = JSONWriter.compact(value)
        XCTAssertEqual(compact, #"{"name":"a\"b\\\n\u0001é","n":42,"x":0.5,"list":[],"o":{}}"#)
        XCTAssertEqual(try parse(compact), value)
        XCTAssertEqual(try parse(JSONWriter.pretty(value)), value)
    }

    func testIntValueRefusesFractionsAndHugeNumbers() throws {
        XCTAssertEqual(try parse("7").intValue, 7)
        XCTAssertNil(try parse("7.5").intValue)
        XCTAssertNil(try parse("1e300").intValue)
        XCTAssertNil(try parse("\"7\"").intValue)
    }
}
