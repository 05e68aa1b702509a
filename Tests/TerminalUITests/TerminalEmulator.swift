import TerminalUI
import TextWidth

/// Just enough of a terminal to read back what the screen sent: cursor moves (CUP), clear
/// (ED 2), text with wide characters; styles and modes are ignored. Tests compare what it
/// shows with the frame drawn, so the diffing is checked by its result, not its bytes.
struct TerminalEmulator {
    let columns: Int
    let rows: Int
    private(set) var cells: [[String]]
    private var row = 0
    private var column = 0

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// Row `r` as text, wide characters once.
    func text(row r: Int) -> String { cells[r].joined() }

    mutating func feed(_ bytes: [UInt8]) {
        let characters = Array(String(decoding: bytes, as: UTF8.self))
        var i = 0
        while i < characters.count {
            let c = characters[i]
            i += 1
            if c == "\u{1B}" {
                guard i < characters.count, characters[i] == "[" else { continue }
                i += 1
                var parameters = ""
                while i < characters.count, let ascii = characters[i].asciiValue, ascii >= 0x20, ascii < 0x40 {
                    parameters.append(characters[i])
                    i += 1
                }
                guard i < characters.count else { return }
                csi(parameters, final: characters[i])
                i += 1
            } else if let ascii = c.asciiValue, ascii < 0x20 {
                continue
            } else {
                put(c)
            }
        }
    }

    private mutating func csi(_ parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 1 }
        switch final {
        case "H":
            row = min(rows - 1, max(0, (numbers.first ?? 1) - 1))
            column = min(columns - 1, max(0, (numbers.count > 1 ? numbers[1] : 1) - 1))
        case "J" where parameters == "2":
            cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        default:
            break
        }
    }

    private mutating func put(_ c: Character) {
        let width = max(1, DisplayWidth.width(c))
        if column + width > columns {
            column = 0
            row = min(rows - 1, row + 1)
        }
        // Writing over half of a wide character blanks the other half, as terminals do.
        if cells[row][column] == "", column > 0 { cells[row][column - 1] = " " }
        if column + width < columns, cells[row][column + width] == "" { cells[row][column + width] = " " }
        cells[row][column] = String(c)
        if width == 2 { cells[row][column + 1] = "" }
        column += width
    }
}
