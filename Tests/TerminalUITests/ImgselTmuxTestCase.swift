import Foundation
import TerminalTestSupport
import TerminalUI
import TestImages
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `imgsel pick` and `imgsel browse` themselves in a tmux pane: the images are tiny PNGs
/// written into the pane's folder, the selection is made with imgsel's own commands, and the
/// selection file is read back after each way out.
class ImgselTmuxTestCase: TmuxTestCase {
    /// The built imgsel, beside tui-demo (the test target depends on both).
    var imgsel: String {
        URL(fileURLWithPath: DemoBinary.path!).deletingLastPathComponent().appendingPathComponent("imgsel").path
    }

    var folder: URL { pane.folder }

    /// pick's focused frame on `row`, as text from its top-left corner to its top-right one
    /// ("┌ 3 ──────┐"): the frame whose corner is in one of the focus colours (the glyphs are
    /// light for every frame; the focus shows by colour and the name's reverse video). Empty
    /// when no frame on the row has the focus.
    func focusedFrame(row: Int = 0) -> String {
        let cells = pane.cells()
        guard row < cells.count else { return "" }
        let line = cells[row]
        let focusColours = FocusMark.candidates.map { TmuxPane.Colour.indexed(Int($0)) }
        guard
            let start = line.firstIndex(where: {
                $0.character == "┌" && $0.foreground.map(focusColours.contains) == true
            })
        else { return "" }
        let end = line[start...].firstIndex { $0.character == "┐" } ?? line.count - 1
        return String(line[start...end].map(\.character))
    }
    var selectionPath: String { folder.appendingPathComponent(".imgsel.json").path }

    override func setUpWithError() throws {
        try super.setUpWithError()
        guard FileManager.default.isExecutableFile(atPath: imgsel) else {
            throw TmuxPane.Failure(description: "imgsel not built beside tui-demo (swift build --build-tests)")
        }
    }

    /// A PNG larger than the pane, whose every pixel differs from the one below it, so that its
    /// half blocks are `▀` (a flat or enlarged picture would be coloured spaces, which
    /// capture-pane cannot tell from blanks).
    @discardableResult
    func image(_ name: String, seed: Int, width: Int = 160, height: Int = 120) -> String {
        let bytes = ImageBytes.paintedPNG(width: width, height: height) { x, y in
            (
                UInt8(truncatingIfNeeded: x * 2 + seed * 40), UInt8(truncatingIfNeeded: y * 5), UInt8(seed * 50 % 256),
                255
            )
        }
        let path = folder.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Runs imgsel outside the pane (set-up, or another process meanwhile); its output.
    @discardableResult
    func imgselNow(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let output = folder.appendingPathComponent("imgsel-\(UUID().uuidString.prefix(6)).out").path
        defer { unlink(output) }
        let status = Spawn.run(
            ["sh", "-c", "cd \"$0\" && exec \"$@\"", folder.path, imgsel] + arguments, outputPath: output,
            timeout: pane.deadline)
        return (status, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    func selectionBytes() -> Data? { FileManager.default.contents(atPath: selectionPath) }

    /// The selection file's item paths in order, and its cursor.
    func selection() throws -> (paths: [String], current: Int?) {
        let data = try XCTUnwrap(selectionBytes(), "no selection file")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let items = object["items"] as? [[String: Any]] ?? []
        return (items.compactMap { $0["path"] as? String }, object["current"] as? Int)
    }

    /// Starts `imgsel ARGUMENTS` in the pane, stdout into the file `stdout` and its process id
    /// into `pid` (a shell that writes its own id, then becomes imgsel), and waits for `text`.
    func startImgsel(_ arguments: String, showing text: String) throws {
        pane.run("sh -c 'echo $$ > pid; exec \"$0\" \"$@\"' \(imgsel) \(arguments) > stdout")
        try pane.waitForText(text)
        try pane.waitForFormat("#{alternate_on}", "1")
        XCTAssertEqual(pane.format("#{cursor_flag}"), "0", "the cursor is hidden while full screen")
    }

    /// What imgsel printed on stdout, once it has exited (run after the way out).
    func imgselStdout() throws -> String {
        try pane.output(of: "cat stdout", into: "stdout-\(UUID().uuidString.prefix(6))")
    }

    /// Waits until some row of the pane shows a half block: a picture was drawn.
    func waitForPictures(count: Int = 1) throws {
        try pane.waitFor("\(count) rows with pictures") { rows in rows.filter { $0.contains("▀") }.count >= count }
    }

    /// Starts `command`, changes something with `key` (the pane then shows `changed`), and ends
    /// it by SIGTERM, then again by SIGHUP: each time the status is 128 + the signal, the
    /// terminal is as it was, and the selection file is byte-identical.
    func assertSignalsRestoreAndWriteNothing(
        _ command: String, showing first: String, key: String, changed: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = selectionBytes()
        for (signal, status) in [(SIGTERM, "143"), (SIGHUP, "129")] {
            try startImgsel(command, showing: first)
            pane.keys(key)
            try pane.waitForText(changed)
            XCTAssertEqual(kill(try demoPID(), signal), 0, file: file, line: line)
            try pane.waitForFormat("#{alternate_on}", "0")
            XCTAssertEqual(try exitStatus(), status, "\(command), signal \(signal)", file: file, line: line)
            try assertRestored(file: file, line: line)
            XCTAssertEqual(selectionBytes(), before, "\(command), signal \(signal)", file: file, line: line)
            unlink(pidPath)
        }
    }

    /// Ctrl-Z on the running screen (which shows `shown` and `pictureRows` rows of pictures):
    /// the shell gets a restored terminal; `fg` brings the same screen back, pictures and all.
    func assertCtrlZRestoresAndFgRedraws(
        shown: String, pictureRows: Int, file: StaticString = #filePath, line: UInt = #line
    )
        throws
    {
        pane.keys("C-z")
        try pane.waitForText("Stopped")
        try assertRestored(file: file, line: line)
        pane.run("fg")
        try pane.waitForText(shown)
        try pane.waitForFormat("#{alternate_on}", "1")
        try waitForPictures(count: pictureRows)
    }
}
