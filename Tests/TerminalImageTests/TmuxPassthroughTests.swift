import XCTest

@testable import TerminalImage

final class TmuxPassthroughTests: XCTestCase {
    func testEveryEscIsDoubledInsideTheWrapper() {
        let sequence = Array("\u{1B}_Ga=T;AAAA\u{1B}\\".utf8)
        XCTAssertEqual(
            TestEscapes.text(Passthrough.tmux.wrap(sequence)),
            "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=T;AAAA\u{1B}\u{1B}\\\u{1B}\\")
        XCTAssertEqual(Passthrough.none.wrap(sequence), sequence)
    }

    func testBytesOtherThanEscPassUnchanged() {
        let sequence: [UInt8] = Array(0...255).filter { $0 != 0x1B }
        XCTAssertEqual(TestEscapes.unwrapTmux(Passthrough.tmux.wrap(sequence)), sequence)
    }
}
