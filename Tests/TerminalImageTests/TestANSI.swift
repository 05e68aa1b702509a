import XCTest

@testable import TerminalImage

/// A tiny terminal for the half-block tests: reads SGR colours (38/48 with ;2
/// or ;5, 49, 0), CUP, `▀`, space and newline, and records what each cell shows.
struct TestANSI {
    enum Colour: Equatable, CustomStringConvertible {
        case rgb(UInt8, UInt8, UInt8)
        case indexed(Int)
        case terminalDefault

        var description: String {
            switch self {
            case let .rgb(r, g, b): return "rgb(\(r),\(g),\(b))"
            case let .indexed(n): return "#\(n)"
            case .terminalDefault: return "default"
            }
        }
    }

    struct Cell: Equatable {
        var top: Colour
        var bottom: Colour
    }

    /// Row, column (0-based from the first row drawn) → what the cell shows.
    var cells: [[Cell]] = [[]]
    /// For each row: the SGR sequences sent in it (their parameter text).
    var sgrs: [[String]] = [[]]
    /// Cursor positions requested with CUP, 1-based, in order.
    var moves: [(row: Int, column: Int)] = []
    /// True when, at the end, no colour is left on.
    var clean: Bool { foreground == nil && background == nil }
    /// Each row's last sequence before its end was `ESC[0m`.
    var everyRowReset = true

    private var foreground: Colour?
    private var background: Colour?

    init(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        var i = 0
        var lastWasReset = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x1B {
                XCTAssertEqual(bytes[i + 1], UInt8(ascii: "["), file: file, line: line)
                var j = i + 2
                while !(0x40...0x7E).contains(bytes[j]) { j += 1 }
                let parameters = String(decoding: bytes[(i + 2)..<j], as: UTF8.self)
                if bytes[j] == UInt8(ascii: "m") {
                    sgrs[sgrs.count - 1].append(parameters)
                    apply(parameters, file: file, line: line)
                    lastWasReset = parameters == "0"
                } else if bytes[j] == UInt8(ascii: "H") {
                    let numbers = parameters.split(separator: ";").map { Int($0)! }
                    if !moves.isEmpty { endRow(reset: lastWasReset) }
                    moves.append((numbers[0], numbers[1]))
                } else {
                    XCTFail("unexpected CSI \(parameters)\(UnicodeScalar(bytes[j]))", file: file, line: line)
                }
                i = j + 1
            } else if byte == 0x0A {
                endRow(reset: lastWasReset)
                i += 1
            } else if byte == 0x20 {
                guard let background else { XCTFail("space with no background", file: file, line: line); return }
                cells[cells.count - 1].append(Cell(top: background, bottom: background))
                lastWasReset = false
                i += 1
            } else if bytes[i..<min(bytes.count, i + 3)].elementsEqual([0xE2, 0x96, 0x80]) {
                guard let foreground, let background else {
                    XCTFail("▀ with a colour unset", file: file, line: line)
                    return
                }
                cells[cells.count - 1].append(Cell(top: foreground, bottom: background))
                lastWasReset = false
                i += 3
            } else {
                XCTFail("unexpected byte \(byte)", file: file, line: line)
                return
            }
        }
        if !moves.isEmpty && !cells[cells.count - 1].isEmpty { endRow(reset: lastWasReset) }
        if cells.last?.isEmpty == true { cells.removeLast(); sgrs.removeLast() }
    }

    private mutating func endRow(reset: Bool) {
        if !reset { everyRowReset = false }
        cells.append([])
        sgrs.append([])
    }

    private mutating func apply(_ parameters: String, file: StaticString, line: UInt) {
        var numbers = parameters.split(separator: ";").map { Int($0)! }[...]
        while let code = numbers.popFirst() {
            switch code {
            case 0: foreground = nil; background = nil
            case 49: background = .terminalDefault
            case 38, 48:
                let mode = numbers.popFirst()
                let colour: Colour
                if mode == 2 {
                    let rgb = numbers.prefix(3).map { UInt8($0) }
                    numbers = numbers.dropFirst(3)
                    colour = .rgb(rgb[0], rgb[1], rgb[2])
                } else {
                    colour = .indexed(numbers.popFirst()!)
                }
                if code == 38 { foreground = colour } else { background = colour }
            default: XCTFail("unexpected SGR \(code)", file: file, line: line)
            }
        }
    }
}
