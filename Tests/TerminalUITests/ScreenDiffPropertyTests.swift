import TerminalUI
import XCTest

/// Random frames, each sent as a diff: after every render the terminal must show exactly
/// the frame drawn, whatever came before (wide characters cut in half, styles, resets).
final class ScreenDiffPropertyTests: XCTestCase {
    /// A small fixed generator, so a failure repeats.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    func testTheTerminalShowsEveryFrameAfterItsDiff() {
        let columns = 12, rows = 4
        var screen = Screen(columns: columns, rows: rows)
        var terminal = TerminalEmulator(columns: columns, rows: rows)
        var random = Generator(state: 42)
        let words = ["a", "bc", "漢", "字x", "😀", "é", "—", "▀▀", "  "]
        let styles = [Style.plain, Style(bold: true), Style(foreground: .palette(2)), Style(reverse: true)]
        for frame in 0..<2000 {
            if random.next(50) == 0 { screen.invalidate() }
            screen.clear()
            for _ in 0..<random.next(12) {
                screen.put(
                    words[random.next(words.count)], row: random.next(rows), column: random.next(columns),
                    style: styles[random.next(styles.count)])
            }
            terminal.feed(screen.render())
            for row in 0..<rows {
                XCTAssertEqual(terminal.text(row: row), screen.text(row: row), "frame \(frame), row \(row)")
            }
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    func testSmallChangesCostFewBytes() {
        var screen = Screen(columns: 80, rows: 24)
        func draw(_ picked: Bool) {
            screen.clear()
            for row in 0..<23 { screen.put(String(repeating: "x", count: 80), row: row, column: 0) }
            screen.put(picked ? " 1 " : "───", row: 5, column: 17, style: picked ? Style(reverse: true) : .plain)
            screen.put(picked ? "1 / 9 selected" : "0 / 9 selected", row: 23, column: 1, style: Style(reverse: true))
        }
        draw(false)
        _ = screen.render()
        draw(true)
        XCTAssertLessThan(screen.render().count, 40)
    }
}
