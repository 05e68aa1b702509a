import Foundation

/// The pane read back with its colours (`capture-pane -p -e`), parsed into cells, so a test
/// can check each cell of a picture against the image.
extension TmuxPane {
    /// A cell as the terminal shows it: its character and its two colours (nil: the default).
    public struct Cell: Equatable {
        public var character: Character
        public var foreground: Colour?
        public var background: Colour?

        public init(character: Character, foreground: Colour? = nil, background: Colour? = nil) {
            self.character = character
            self.foreground = foreground
            self.background = background
        }
    }

    public enum Colour: Equatable, CustomStringConvertible {
        case rgb(UInt8, UInt8, UInt8)
        case indexed(Int)

        public var description: String {
            switch self {
            case let .rgb(r, g, b): return "rgb(\(r),\(g),\(b))"
            case let .indexed(n): return "#\(n)"
            }
        }
    }

    /// The rows as cells, with their colours. tmux sends a colour only where it changes, from
    /// one line to the next too, and leaves out the trailing spaces of the default colours (`-N`
    /// keeps coloured ones): a missing cell is a blank of no colour.
    public func cells() -> [[Cell]] {
        var foreground: Colour? = nil, background: Colour? = nil
        return tmux(["capture-pane", "-p", "-e", "-N", "-t", "t"]).output.components(separatedBy: "\n").map {
            Self.parse($0, &foreground, &background)
        }
    }

    /// One line of `capture-pane -e`: SGR sequences set the colours of the characters after them.
    static func parse(_ line: String, _ foreground: inout Colour?, _ background: inout Colour?) -> [Cell] {
        var cells: [Cell] = []
        let scalars = Array(line.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                while j < scalars.count, !(0x40...0x7E).contains(scalars[j].value) { j += 1 }
                if j < scalars.count, scalars[j] == "m" {
                    let text = String(String.UnicodeScalarView(scalars[(i + 2)..<j]))
                    apply(
                        text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 },
                        &foreground, &background)
                }
                i = j + 1
                continue
            }
            cells.append(Cell(character: Character(scalars[i]), foreground: foreground, background: background))
            i += 1
        }
        return cells
    }

    private static func apply(_ codes: [Int], _ foreground: inout Colour?, _ background: inout Colour?) {
        var k = 0
        while k < codes.count {
            let code = codes[k]
            switch code {
            case 0: foreground = nil; background = nil
            case 38, 48:
                var colour: Colour? = nil
                if k + 1 < codes.count, codes[k + 1] == 2, k + 4 < codes.count {
                    colour = .rgb(UInt8(codes[k + 2]), UInt8(codes[k + 3]), UInt8(codes[k + 4]))
                    k += 4
                } else if k + 2 < codes.count, codes[k + 1] == 5 {
                    colour = .indexed(codes[k + 2])
                    k += 2
                }
                if code == 38 { foreground = colour } else { background = colour }
            case 39: foreground = nil
            case 49: background = nil
            case 30...37: foreground = .indexed(code - 30)
            case 40...47: background = .indexed(code - 40)
            case 90...97: foreground = .indexed(code - 90 + 8)
            case 100...107: background = .indexed(code - 100 + 8)
            default: break
            }
            k += 1
        }
    }
}
