import Foundation
import XCTest

final class InitTests: ImgselTestCase {
    func testInitCreatesAnEmptySelectionWithTheDefaultCapacity() {
        let r = run(["init"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "created .imgsel.json (capacity 9)\n")
        let json = selectionJSON()
        XCTAssertEqual(json["format"] as? String, "imgsel")
        XCTAssertEqual(json["version"] as? Int, 1)
        XCTAssertEqual(json["capacity"] as? Int, 9)
        XCTAssertTrue(json["current"] is NSNull, "current is null when empty: \(String(describing: json["current"]))")
        XCTAssertEqual((json["items"] as? [Any])?.count, 0)
    }

    func testInitWritesThePrettyPrintedFormatInTheContractsKeyOrder() {
        assertSuccess(run(["init"]))
        let text = String(decoding: selectionData() ?? Data(), as: UTF8.self)
        XCTAssertEqual(
            text,
            """
            {
              "format": "imgsel",
              "version": 1,
              "capacity": 9,
              "current": null,
              "items": []
            }

            """)
    }

    func testInitWithCapacity() {
        let r = run(["init", "--capacity", "4"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "created .imgsel.json (capacity 4)\n")
        XCTAssertEqual(capacity(), 4)
        let names = pngs(5)
        assertSuccess(run(["add"] + Array(names.prefix(4))))
        let before = selectionData()
        assertFailure(run(["add", names[4]]), 1, stderrContains: ["full"])
        assertUnchanged(before)
        XCTAssertEqual(storedPaths().count, 4)
    }

    func testInitCapacityBoundsAndInlineValue() {
        assertSuccess(run(["-f", "one.json", "init", "--capacity", "1"]))
        XCTAssertEqual(capacity(url("one.json")), 1)
        assertSuccess(run(["-f", "many.json", "init", "--capacity=99"]))
        XCTAssertEqual(capacity(url("many.json")), 99)
    }

    func testInitRefusesAnExistingSelectionLeavingItByteIdentical() {
        seed(2)
        let before = selectionData()
        let r = run(["init"])
        assertFailure(r, 1, stderrContains: [selectionURL.path, "already exists", "--force"])
        assertUnchanged(before)
        // A different capacity does not matter either.
        assertFailure(run(["init", "--capacity", "3"]), 1)
        assertUnchanged(before)
    }

    func testInitForceReplacesAnExistingSelection() {
        seed(3)
        let r = run(["init", "--force", "--capacity", "5"])
        assertSuccess(r)
        XCTAssertEqual(capacity(), 5)
        assertSelection([], current: nil)
    }

    func testInitForceReplacesAnInvalidSelectionFile() {
        _ = write(Data("not json at all".utf8), to: ".imgsel.json")
        assertSuccess(run(["init", "--force"]))
        assertSelection([], current: nil)
        XCTAssertEqual(capacity(), 9)
    }

    func testInitRejectsBadCapacities() {
        for bad in ["0", "100", "abc", "-1", "", "4.5", "+5", " 5"] {
            let r = run(["init", "--capacity", bad])
            assertUsage(
                r, usageLine: "usage: imgsel init [--capacity N] [rule options] [--force]", stderrContains: ["capacity"]
            )
            XCTAssertFalse(exists(".imgsel.json"), "no selection for capacity '\(bad)'")
        }
    }

    func testInitWithoutCapacityValueIsAUsageError() {
        assertUsage(run(["init", "--capacity"]), stderrContains: ["--capacity"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testInitRejectsExtraArguments() {
        assertUsage(
            run(["init", "extra"]), usageLine: "usage: imgsel init [--capacity N] [rule options] [--force]",
            stderrContains: ["'extra'"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testInitInASubfolderThatExists() {
        try? FileManager.default.createDirectory(at: url("sub"), withIntermediateDirectories: true)
        let r = run(["init", "-f", "sub/sel.json"])
        assertSuccess(r)
        XCTAssertEqual(r.stdout, "created sub/sel.json (capacity 9)\n")
        XCTAssertTrue(exists("sub/sel.json"))
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testInitHonoursImgselFile() {
        assertSuccess(run(["init"], env: ["IMGSEL_FILE": "from-env.json"]))
        XCTAssertTrue(exists("from-env.json"))
        XCTAssertFalse(exists(".imgsel.json"))
        // -f wins over the environment.
        assertSuccess(run(["init", "-f", "from-option.json"], env: ["IMGSEL_FILE": "from-env.json"]))
        XCTAssertTrue(exists("from-option.json"))
    }
}
