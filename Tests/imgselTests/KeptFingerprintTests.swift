import Foundation
import TestImages
import XCTest

/// Each entry keeps its fingerprint in the selection file (`"fingerprint": "a1:…"`), so `add`
/// compares a new image with the entries without decoding them; a file written before fingerprints
/// were kept, or one whose crop changed behind a fingerprint, gets them made and written back.
final class KeptFingerprintTests: ImgselTestCase {
    private func items() -> [[String: Any]] { selectionJSON()["items"] as? [[String: Any]] ?? [] }

    private func fingerprints() -> [String?] { items().map { $0["fingerprint"] as? String } }

    /// The selection file with every item's members changed by `change`.
    private func rewriteItems(_ change: (inout [String: Any]) -> Void) throws {
        var root = selectionJSON()
        var list = items()
        for i in list.indices { change(&list[i]) }
        root["items"] = list
        try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted]).write(to: selectionURL)
    }

    func testAddKeepsAFingerprintPerEntryThatListJSONLeavesOut() throws {
        landscape("a.png", 320, 240)
        _ = write(Data(ImageBytes.paintedPNG(width: 8, height: 8) { _, _ in (9, 9, 9, 255) }), to: "tiny.png")
        assertSuccess(run(["add", "a.png", "tiny.png"]))
        let kept = fingerprints()
        XCTAssertEqual(kept.count, 2)
        XCTAssertTrue(kept[0]?.hasPrefix("a1:") == true && (kept[0]?.count ?? 0) > 500, "\(kept)")
        XCTAssertEqual(kept[1], "a1:-", "an 8×8 picture is never alike: kept as such, not made again")
        XCTAssertEqual(selectionJSON()["version"] as? Int, 1, "a fingerprint needs no new version")
        let listed = run(["--json", "list"]).stdout
        XCTAssertFalse(listed.contains("fingerprint"), listed)
        XCTAssertTrue(listed.contains("\"sha256\""), listed)
    }

    func testAddComparesTheKeptFingerprintWithoutDecodingTheEntry() throws {
        landscape("a.png", 320, 240)
        assertSuccess(run(["add", "a.png"]))
        // The entry's file now holds another picture: decoding it could not say "alike" (it is not
        // as recorded); only the kept fingerprint of the picture as added can.
        bands("a.png")
        landscape("small.png", 80, 60)
        let r = run(["add", "small.png"])
        assertExit(r, 0)
        XCTAssertEqual(r.stderrLines, ["imgsel: warning: small.png: looks like entry 1 (a.png), distance 0"])
    }

    func testAFileWithoutFingerprintsGetsThemMadeAndWrittenBackAtTheNextAdd() throws {
        landscape("a.png", 320, 240)
        bands("bands.png")
        landscape("small.png", 80, 60)
        assertSuccess(run(["add", "a.png", "bands.png"]))
        let made = fingerprints()
        try rewriteItems { $0["fingerprint"] = nil }
        XCTAssertEqual(fingerprints(), [nil, nil])
        let r = run(["add", "small.png"])
        XCTAssertEqual(r.stderrLines, ["imgsel: warning: small.png: looks like entry 1 (a.png), distance 0"])
        XCTAssertEqual(Array(fingerprints().prefix(2)), made, "the same fingerprints, made again and kept")
        XCTAssertNotNil(fingerprints()[2])
    }

    func testAStaleOrDamagedFingerprintIsMadeAgainNotTrusted() throws {
        landscape("a.png", 320, 240)
        bands("bands.png")
        assertSuccess(run(["add", "a.png"]))
        let made = fingerprints()[0]
        // A fingerprint of the bands put on the landscape's entry: trusted, it would call the bands alike.
        assertSuccess(run(["add", "bands.png"]))
        let ofBands = fingerprints()[1]
        assertSuccess(run(["delete", "2"]))
        try rewriteItems { $0["fingerprint"] = ofBands.map { $0 + "@40x40+0+0" } }
        assertSuccess(run(["add", "bands.png"]))
        XCTAssertEqual(run(["check"]).stderr, "")
        XCTAssertEqual(fingerprints()[0], made, "a tag naming another crop is stale: made again")
        try rewriteItems { $0["fingerprint"] = "a1:damaged" }
        assertSuccess(run(["delete", "2"]))
        XCTAssertEqual(run(["add", "bands.png"]).stderr, "")
        XCTAssertEqual(fingerprints(), [made, ofBands])
        try rewriteItems { $0["fingerprint"] = 7 }
        assertFailure(run(["list"]), 4)
    }

    func testACropMakesTheFingerprintAgainAndUndoingItGivesTheFileBack() throws {
        landscape("a.png", 320, 240)
        assertSuccess(run(["add", "a.png"]))
        let whole = try XCTUnwrap(selectionData())
        assertSuccess(run(["crop", "1", "1:1"]))
        let cropped = try XCTUnwrap(fingerprints()[0])
        XCTAssertTrue(cropped.hasSuffix("@240x240+40+0"), cropped)
        XCTAssertNotEqual(cropped.split(separator: "@")[0], fingerprints().first?.map { Substring($0) })
        assertSuccess(run(["crop", "1", "none"]))
        XCTAssertEqual(selectionData(), whole, "the version-1 bytes come back, fingerprint and all")
    }
}
