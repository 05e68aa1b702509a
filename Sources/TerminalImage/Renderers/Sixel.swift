import ImageDecoding

/// DEC sixel (foot, xterm -ti vt340, mlterm, Windows Terminal, contour, WezTerm).
///
/// What is sent: `ESC P 0;1;0 q`, raster attributes `"1;1;W;H` (square
/// pixels, the image's size), the palette as `#i;2;r;g;b` in percent, then
/// the pixels in bands of six rows: for each colour in the band, `#i` and one
/// character a column (63 + the six rows' bits), repeated characters as `!n`,
/// `$` back to the band's start for the next colour, `-` on to the next band;
/// then `ESC \`.
///
/// P2 = 1: pixels not painted keep what is under them, so a fully
/// transparent pixel (alpha 0) is left out and the terminal's own background
/// shows (`keepTransparent`); every other pixel has its alpha composed over
/// `background`. The palette (`MedianCut`) holds at most 256 colours taken
/// from the image; each pixel gets the nearest as the terminal will show it
/// (colours travel in whole percent). Drawn at the raster's own size: the
/// caller fits it (`Fit.graphics`).
public enum Sixel {
    public enum Dithering: Sendable, Equatable {
        /// Each pixel its nearest palette colour: the smallest output and the
        /// best PSNR, but a smooth gradient in two or three channels shows
        /// contours (256 colours are few for a sky).
        case none
        /// Floyd–Steinberg error diffusion, damped (see `FloydSteinberg`): no
        /// contours, about 2 dB less PSNR, output about a quarter larger on a
        /// photo (many times larger on a smooth gradient, which undithered
        /// needs very few runs). The default: a terminal is looked at, not measured.
        case floydSteinberg
    }

    public struct Options: Sendable, Equatable {
        public var background: RGB
        public var keepTransparent: Bool
        public var dithering: Dithering
        /// At most 256, the colour registers terminals commonly have.
        public var maximumColours: Int

        public init(
            background: RGB = .black, keepTransparent: Bool = true, dithering: Dithering = .floydSteinberg,
            maximumColours: Int = 256
        ) {
            self.background = background
            self.keepTransparent = keepTransparent
            self.dithering = dithering
            self.maximumColours = min(256, max(1, maximumColours))
        }
    }

    public static func draw(
        _ raster: Raster, options: Options = Options(),
        passthrough: Passthrough = .none
    ) -> [UInt8] {
        let width = raster.width, height = raster.height
        let packed = SixelColours.compose(raster, over: options.background, keepTransparent: options.keepTransparent)
        let chosen = packed.withUnsafeBufferPointer {
            MedianCut.palette(of: $0, maximumColours: options.maximumColours)
        }
        let palette = SixelColours.shownPalette(chosen)
        let indices = SixelColours.indices(
            packed, width: width, palette: palette,
            diffuseErrors: options.dithering == .floydSteinberg)
        var out: [UInt8] = []
        out.reserveCapacity(width * height / 3 + palette.count * 20 + 64)
        out.appendASCII("\u{1B}P0;1;0q\"1;1;")
        out.appendDecimal(width)
        out.append(0x3B)
        out.appendDecimal(height)
        for (i, colour) in palette.enumerated() {
            out.append(0x23)
            out.appendDecimal(i)
            out.appendASCII(";2;")
            out.appendDecimal(SixelColours.percent(colour.red))
            out.append(0x3B)
            out.appendDecimal(SixelColours.percent(colour.green))
            out.append(0x3B)
            out.appendDecimal(SixelColours.percent(colour.blue))
        }
        if width > 0 && height > 0 {
            indices.withUnsafeBufferPointer {
                var bands = SixelBands(width: width, colours: palette.count)
                bands.encode($0, height: height, into: &out)
            }
        }
        out.appendASCII("\u{1B}\\")
        return passthrough.wrap(out)
    }
}

/// The pixel data, six rows at a time. Each band is read column by column
/// once, collecting for every colour the columns it paints (in order) and its
/// six bits there; then each colour's line is written from its own list, so
/// the work is the band's pixels plus the output, not colours × width.
struct SixelBands {
    private let width: Int
    private var bits: [UInt8]
    private var head: [Int32], tail: [Int32]
    private var column: [Int32], next: [Int32]
    private var used: [Int] = []

    init(width: Int, colours: Int) {
        self.width = width
        bits = [UInt8](repeating: 0, count: max(1, colours) * width)
        head = [Int32](repeating: -1, count: max(1, colours))
        tail = head
        column = [Int32](repeating: 0, count: 6 * width)
        next = column
    }

    mutating func encode(_ indices: UnsafeBufferPointer<UInt16>, height: Int, into out: inout [UInt8]) {
        let width = self.width
        bits.withUnsafeMutableBufferPointer { bits in
            head.withUnsafeMutableBufferPointer { head in
                tail.withUnsafeMutableBufferPointer { tail in
                    column.withUnsafeMutableBufferPointer { column in
                        next.withUnsafeMutableBufferPointer { next in
                            var top = 0
                            while top < height {
                                let rows = min(6, height - top)
                                var entries: Int32 = 0
                                used.removeAll(keepingCapacity: true)
                                for x in 0..<width {
                                    for row in 0..<rows {
                                        let colour = indices[(top + row) * width + x]
                                        if colour == SixelColours.unpainted { continue }
                                        let c = Int(colour)
                                        let p = c * width + x
                                        if bits[p] == 0 {
                                            column[Int(entries)] = Int32(x)
                                            next[Int(entries)] = -1
                                            if head[c] < 0 {
                                                head[c] = entries; used.append(c)
                                            } else {
                                                next[Int(tail[c])] = entries
                                            }
                                            tail[c] = entries
                                            entries += 1
                                        }
                                        bits[p] |= 1 << UInt8(row)
                                    }
                                }
                                for (k, c) in used.enumerated() {
                                    if k > 0 { out.append(0x24) }
                                    out.append(0x23)
                                    out.appendDecimal(c)
                                    var runs = RunWriter()
                                    var cursor: Int32 = 0
                                    var entry = head[c]
                                    while entry >= 0 {
                                        let x = column[Int(entry)]
                                        if x > cursor { runs.add(63, count: Int(x - cursor), to: &out) }
                                        let p = c * width + Int(x)
                                        runs.add(63 + bits[p], count: 1, to: &out)
                                        bits[p] = 0
                                        cursor = x + 1
                                        entry = next[Int(entry)]
                                    }
                                    runs.flush(to: &out)
                                    head[c] = -1
                                }
                                top += 6
                                if top < height { out.append(0x2D) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Run-length encoding of sixel characters: `!n` + character for four or
/// more, the characters themselves for fewer (which is never longer).
struct RunWriter {
    private var character: UInt8 = 0
    private var count = 0

    @inline(__always)
    mutating func add(_ character: UInt8, count: Int, to out: inout [UInt8]) {
        if character == self.character {
            self.count += count
            return
        }
        flush(to: &out)
        self.character = character
        self.count = count
    }

    mutating func flush(to out: inout [UInt8]) {
        if count >= 4 {
            out.append(0x21)
            out.appendDecimal(count)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
        count = 0
        character = 0
    }
}
