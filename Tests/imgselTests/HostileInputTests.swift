import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Input files and arguments from anywhere: each refused with one line naming
/// the culprit and the contract's exit code, the selection byte-identical, no hang.
/// (AddTests already covers a folder, a FIFO, a dangling link, an empty file and a PDF;
/// ViewTests the bad indices of `view`.)
final class HostileInputTests: ImgselTestCase {
    /// Runs each command and checks exit `code`, one stderr line containing `culprit`, the selection unchanged.
    private func assertRefused(
        _ commands: [[String]], _ code: Int32, culprit: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let before = selectionData()
        for args in commands {
            let r = run(args)
            assertFailure(r, code, stderrContains: [culprit], file: file, line: line)
            XCTAssertEqual(r.stderrLines.count, 1, "one line\n\(r.transcript)", file: file, line: line)
            assertUnchanged(before, file: file, line: line)
        }
    }

    /// The commands that read an input file, each given `path`.
    private func readers(of path: String) -> [[String]] {
        [["add", "--", path], ["toggle", "--", path], ["replace", "1", "--", path], ["info", "--", path]]
    }

    func testDevicesAreNotRegularFiles() {
        seed(2)
        assertRefused(readers(of: "/dev/zero"), 3, culprit: "/dev/zero: not a regular file (a character device)")
        assertRefused(readers(of: "/dev/null"), 3, culprit: "/dev/null: not a regular file (a character device)")
    }

    func testAFIFOBlocksNoCommand() {
        seed(2)
        XCTAssertEqual(mkfifo(url("pipe.png").path, 0o644), 0)
        assertRefused(readers(of: "pipe.png"), 3, culprit: "pipe.png: not a regular file (a FIFO)")
    }

    func testALinkLoop() throws {
        seed(2)
        try FileManager.default.createSymbolicLink(atPath: url("loop1.png").path, withDestinationPath: "loop2.png")
        try FileManager.default.createSymbolicLink(atPath: url("loop2.png").path, withDestinationPath: "loop1.png")
        assertRefused(readers(of: "loop1.png"), 3, culprit: "loop1.png: cannot read: Too many levels of symbolic links")
    }

    func testTruncatedImages() {
        seed(2)
        let png = Fixtures.png(width: 4, height: 3, seed: 99)
        _ = write(png.prefix(20), to: "cut.png")
        _ = write(Fixtures.gif(width: 5, height: 7, seed: 98).prefix(8), to: "cut.gif")
        _ = write(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46]), to: "cut.jpg")
        for name in ["cut.png", "cut.gif", "cut.jpg"] {
            assertRefused(readers(of: name), 3, culprit: "\(name): not a supported image")
        }
    }

    func testAbsurdDeclaredLengthsAreRefusedQuickly() {
        seed(2)
        var png = Data(Fixtures.png(width: 4, height: 3, seed: 97).prefix(8))
        png.append(contentsOf: [0xFF, 0xFF, 0xFF, 0xF0] + Array("IHDR".utf8) + [UInt8](repeating: 0, count: 13))
        _ = write(png, to: "length.png")
        // An ISOBMFF box claiming four gigabytes in a 20-byte file.
        _ = write(
            Data([0xFF, 0xFF, 0xFF, 0xF0] + Array("ftypheic".utf8) + [UInt8](repeating: 0, count: 8)), to: "box.heic")
        // A BMP of minus two billion by two billion pixels.
        var bmp = Data("BM".utf8) + le32(70) + le32(0) + le32(54) + le32(40)
        bmp += le32(0x8000_0000) + le32(0x7FFF_FFFF) + Data([1, 0, 24, 0]) + Data(count: 24)
        _ = write(bmp, to: "size.bmp")
        for name in ["length.png", "box.heic", "size.bmp"] {
            assertRefused(readers(of: name), 3, culprit: "\(name): not a supported image")
        }
    }

    func testAPDFNamedPNG() {
        seed(2)
        _ = write(Fixtures.pdf, to: "scan.png")
        assertRefused(readers(of: "scan.png"), 3, culprit: "scan.png: not a supported image (PDF document)")
    }

    func testAnEmptyPath() {
        seed(2)
        assertRefused(readers(of: ""), 3, culprit: "(empty path): no such file")
    }

    func testAPathOfFiveThousandCharacters() {
        seed(2)
        let long = String(repeating: "x", count: 5000) + ".png"
        assertRefused(readers(of: long), 3, culprit: long + ": cannot read: File name too long")
    }

    func testAWrongNameWithANewlineStaysOneLine() {
        seed(2)
        assertRefused(readers(of: "no\nsuch.png"), 3, culprit: "no\\nsuch.png: no such file")
    }

    func testNamesWithSpacesNewlinesDashesAndNonASCIIAreStoredExactly() {
        let names = ["with space.png", "new\nline.png", "-dash.png", "ünïcödé 😀.png", "\ttab.png"]
        for name in names { png(name) }
        assertSuccess(run(["add", "--"] + names))
        assertSelection(names, current: 1)
        let listed = run(["list", "-0"])
        assertSuccess(listed)
        XCTAssertEqual(listed.stdout, names.map { ($0.hasPrefix("-") ? "./" : "") + $0 + "\0" }.joined())
        for (i, name) in names.enumerated() {
            assertSuccess(run(["toggle", "--", name]))
            XCTAssertEqual(storedPaths(), Array(names[(i + 1)...]), "toggle removed \(name) by content")
        }
    }

    func testBadIndicesOfEveryIndexCommand() {
        seed(3)
        png("other.png")
        let outOfRange = ["0", "99999999999999999999999"]
        let notIndices = ["-1", "abc", "1.5", ""]
        let commands: [(String) -> [String]] = [
            { ["delete", "--", $0] }, { ["replace", "--", $0, "other.png"] }, { ["move", "--", $0, "1"] },
            { ["move", "--", "1", $0] }, { ["save", "--", $0] },
        ]
        let before = selectionData()
        for command in commands {
            for index in outOfRange {
                let r = run(command(index))
                assertFailure(r, 1, stderrContains: ["index \(index) is out of range"])
                XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
            }
            for index in notIndices {
                let r = run(command(index))
                assertUsage(r, stderrContains: ["'\(index)'"])
            }
            assertUnchanged(before)
        }
        XCTAssertFalse(exists("saved-album"))
    }

    private func le32(_ v: UInt32) -> Data {
        Data([UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)])
    }
}
