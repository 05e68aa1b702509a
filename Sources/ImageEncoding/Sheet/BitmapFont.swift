import ImageDecoding

/// A 5×7 pixel font of digits and capital letters, built in so that a sheet's
/// badges and placeholders need no font file and come out the same everywhere.
enum BitmapFont {
    static let glyphWidth = 5
    static let glyphHeight = 7
    /// Columns between two glyphs, before scaling.
    static let spacing = 1

    /// The width `text` takes at `scale` (characters without a glyph take a space).
    static func width(of text: String, scale: Int) -> Int {
        let n = text.count
        return n == 0 ? 0 : (n * (glyphWidth + spacing) - spacing) * scale
    }

    /// Sets the pixels of `text`'s glyphs to `colour`, each font pixel a `scale`×`scale`
    /// square, the first glyph's top-left at (`x`, `y`); what falls outside is clipped.
    static func draw(
        _ text: String, into raster: inout Raster, x: Int, y: Int, scale: Int,
        colour: (UInt8, UInt8, UInt8)
    ) {
        var left = x
        for character in text {
            if let rows = glyphs[character] {
                for (row, bits) in rows.enumerated() {
                    for column in 0..<glyphWidth where bits & (0x10 >> column) != 0 {
                        raster.fill(
                            x: left + column * scale, y: y + row * scale, width: scale, height: scale,
                            colour: colour)
                    }
                }
            }
            left += (glyphWidth + spacing) * scale
        }
    }

    /// Each glyph as seven rows of five pixels, read from the drawings below.
    private static let glyphs: [Character: [UInt8]] = {
        var table: [Character: [UInt8]] = [:]
        for (character, drawing) in drawings {
            let rows = drawing.split(separator: " ")
            precondition(rows.count == glyphHeight && rows.allSatisfy { $0.count == glyphWidth })
            table[character] = rows.map { row in row.reduce(0) { $0 << 1 | ($1 == "#" ? 1 : 0) } }
        }
        return table
    }()

    private static let drawings: [(Character, String)] = [
        ("0", ".###. #...# #..## #.#.# ##..# #...# .###."), ("1", "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###."),
        ("2", ".###. #...# ....# ...#. ..#.. .#... #####"), ("3", "##### ...#. ..#.. ...#. ....# #...# .###."),
        ("4", "...#. ..##. .#.#. #..#. ##### ...#. ...#."), ("5", "##### #.... ####. ....# ....# #...# .###."),
        ("6", "..##. .#... #.... ####. #...# #...# .###."), ("7", "##### ....# ...#. ..#.. .#... .#... .#..."),
        ("8", ".###. #...# #...# .###. #...# #...# .###."), ("9", ".###. #...# #...# .#### ....# ...#. .##.."),
        ("A", ".###. #...# #...# ##### #...# #...# #...#"), ("B", "####. #...# #...# ####. #...# #...# ####."),
        ("C", ".###. #...# #.... #.... #.... #...# .###."), ("D", "###.. #..#. #...# #...# #...# #..#. ###.."),
        ("E", "##### #.... #.... ####. #.... #.... #####"), ("F", "##### #.... #.... ####. #.... #.... #...."),
        ("G", ".###. #...# #.... #.### #...# #...# .####"), ("H", "#...# #...# #...# ##### #...# #...# #...#"),
        ("I", ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###."), ("J", "..### ...#. ...#. ...#. ...#. #..#. .##.."),
        ("K", "#...# #..#. #.#.. ##... #.#.. #..#. #...#"), ("L", "#.... #.... #.... #.... #.... #.... #####"),
        ("M", "#...# ##.## #.#.# #.#.# #...# #...# #...#"), ("N", "#...# #...# ##..# #.#.# #..## #...# #...#"),
        ("O", ".###. #...# #...# #...# #...# #...# .###."), ("P", "####. #...# #...# ####. #.... #.... #...."),
        ("Q", ".###. #...# #...# #...# #.#.# #..#. .##.#"), ("R", "####. #...# #...# ####. #.#.. #..#. #...#"),
        ("S", ".#### #.... #.... .###. ....# ....# ####."), ("T", "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#.."),
        ("U", "#...# #...# #...# #...# #...# #...# .###."), ("V", "#...# #...# #...# #...# #...# .#.#. ..#.."),
        ("W", "#...# #...# #...# #.#.# #.#.# #.#.# .#.#."), ("X", "#...# #...# .#.#. ..#.. .#.#. #...# #...#"),
        ("Y", "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#.."), ("Z", "##### ....# ...#. ..#.. .#... #.... #####"),
    ]
}
