import XCTest

@testable import TerminalImage

/// A strict little sixel reader for the tests: it accepts only what imgsel
/// writes (one DCS with P2=1, raster attributes, RGB percent colours, data
/// with `!`, `$`, `-`) and fails on anything else, so the tests see the
/// structure as well as the pixels.
struct TestSixel {
    var width = 0, height = 0
    /// Colour registers as defined, in percent.
    var palette: [Int: (Int, Int, Int)] = [:]
    /// Per pixel: the register painted there last, nil when unpainted.
    var registers: [Int?] = []
    /// How many `!n` repeats the data used.
    var repeats = 0
    var bands = 1

    init?(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let text = Array(bytes)
        let header = Array("\u{1B}P0;1;0q\"1;1;".utf8)
        guard text.starts(with: header), text.suffix(2) == [0x1B, UInt8(ascii: "\\")] else {
            XCTFail("not DCS 0;1;0 q with raster attributes … ST", file: file, line: line)
            return nil
        }
        var i = header.count
        func number() -> Int? {
            var value: Int?
            while i < text.count, (0x30...0x39).contains(text[i]) {
                value = (value ?? 0) * 10 + Int(text[i] - 0x30)
                i += 1
            }
            return value
        }
        guard let w = number(), text[i] == UInt8(ascii: ";") else { return nil }
        i += 1
        guard let h = number() else { return nil }
        width = w
        height = h
        registers = Array(repeating: nil, count: w * h)
        var x = 0, top = 0, current = -1
        let end = text.count - 2
        while i < end {
            let c = text[i]
            switch c {
            case UInt8(ascii: "#"):
                i += 1
                guard let n = number() else { XCTFail("# without number", file: file, line: line); return nil }
                if text[i] == UInt8(ascii: ";") {
                    i += 1
                    guard number() == 2 else { XCTFail("not an RGB colour", file: file, line: line); return nil }
                    var rgb: [Int] = []
                    for _ in 0..<3 {
                        guard text[i] == UInt8(ascii: ";") else { return nil }
                        i += 1
                        guard let p = number(), p <= 100 else {
                            XCTFail("bad percent", file: file, line: line)
                            return nil
                        }
                        rgb.append(p)
                    }
                    palette[n] = (rgb[0], rgb[1], rgb[2])
                } else {
                    guard palette[n] != nil else {
                        XCTFail("undefined register \(n)", file: file, line: line)
                        return nil
                    }
                    current = n
                }
            case UInt8(ascii: "$"):
                x = 0
                i += 1
            case UInt8(ascii: "-"):
                x = 0
                top += 6
                bands += 1
                i += 1
            case UInt8(ascii: "!"):
                i += 1
                guard let count = number(), count > 0, (63...126).contains(text[i]) else { return nil }
                repeats += 1
                paint(text[i], count: count, x: &x, top: top, register: current)
                i += 1
            case 63...126:
                paint(c, count: 1, x: &x, top: top, register: current)
                i += 1
            default:
                XCTFail("unexpected byte \(c) at \(i)", file: file, line: line)
                return nil
            }
        }
    }

    private mutating func paint(_ character: UInt8, count: Int, x: inout Int, top: Int, register: Int) {
        let bits = Int(character) - 63
        for _ in 0..<count {
            for row in 0..<6 where bits & (1 << row) != 0 {
                let y = top + row
                XCTAssertTrue(x < width && y < height, "paints outside the raster at \(x), \(y)")
                if x < width && y < height { registers[y * width + x] = register }
            }
            x += 1
        }
    }

    /// The colour a terminal shows at (x, y), percent turned back into 8 bits
    /// as ImageMagick does; nil where unpainted.
    func colour(x: Int, y: Int) -> RGB? {
        guard let register = registers[y * width + x], let (r, g, b) = palette[register] else { return nil }
        func byte(_ p: Int) -> UInt8 { UInt8((p * 255 + 50) / 100) }
        return RGB(byte(r), byte(g), byte(b))
    }
}
