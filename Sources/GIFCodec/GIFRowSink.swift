/// Receives the frame's indices row by row in file order (interlaced frames in their four passes) and
/// draws each finished row onto the screen, clipped to it.
struct GIFRowSink {
    let frame: GIFFrame
    let screenWidth: Int
    let screenHeight: Int
    let colours: [UInt32]
    /// One frame row of indices (the frame may be wider than the screen; at most 65535 bytes).
    var row: [UInt8]
    var x = 0
    var y = 0
    var pass = 0
    var step: Int
    var done = false
    var pixelsWritten = 0
    /// The index not drawn (a later frame's transparent one, which leaves the canvas under it); -1: none.
    var skipped = -1

    init(frame: GIFFrame, screenWidth: Int, screenHeight: Int, palette: GIFPalette) {
        self.frame = frame
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        colours = palette.colours
        row = [UInt8](repeating: 0, count: frame.width)
        step = frame.interlaced ? 8 : 1
    }

    /// Appends `count` indices; returns true once the frame is full (the rest of the data is not needed).
    @inline(__always)
    mutating func append(
        _ source: UnsafePointer<UInt8>, count: Int,
        canvas: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        var taken = 0
        while taken < count {
            let n = Swift.min(count - taken, frame.width - x)
            row.withUnsafeMutableBufferPointer { row in
                (row.baseAddress! + x).update(from: source + taken, count: n)
            }
            x += n
            taken += n
            pixelsWritten += n
            if x == frame.width {
                flush(canvas: canvas)
                if advanceRow() { return true }
            }
        }
        return false
    }

    /// Draws the part of the current row decoded so far (a partial row when the data ran out).
    mutating func flush(canvas: UnsafeMutableBufferPointer<UInt8>) {
        let screenY = frame.top + y
        guard screenY < screenHeight, frame.left < screenWidth, x > 0 else { return }
        let visible = Swift.min(x, screenWidth - frame.left)
        canvas.withMemoryRebound(to: UInt32.self) { words in
            let target = words.baseAddress! + screenY * screenWidth + frame.left
            colours.withUnsafeBufferPointer { colours in
                row.withUnsafeBufferPointer { row in
                    if skipped < 0 {
                        for i in 0..<visible { target[i] = colours[Int(row[i])] }
                    } else {
                        for i in 0..<visible where Int(row[i]) != skipped { target[i] = colours[Int(row[i])] }
                    }
                }
            }
        }
    }

    /// Moves to the next row in file order (through the interlace passes); true when there is none.
    private mutating func advanceRow() -> Bool {
        x = 0
        y += step
        while y >= frame.height {
            guard frame.interlaced, pass < 3 else { done = true; return true }
            pass += 1
            (y, step) = [(4, 8), (2, 4), (1, 2)][pass - 1]
        }
        return false
    }
}
