import ImageCore

/// Every frame of a GIF, composited as Pillow shows them (`seek(n)`, then `convert("RGBA")`): the first
/// frame exactly as `GIFDecoder` draws it; each later one drawn over the canvas its predecessor's
/// disposal left, its transparent index leaving what is under it. Disposal 2 clears the frame's area to
/// transparent when the file has a transparent index (the first frame's or the next frame's, as
/// Pillow), else to the background colour; disposal 3 puts back what was under the frame.
public enum GIFAnimation {
    public static let frames: AnimationFrames = { bytes, start, each throws(DecodeError) in
        try decode(bytes, start: start, each: each)
    }

    static func decode(
        _ bytes: [UInt8], start: (AnimationHeader) throws(DecodeError) -> Void,
        each: (AnimationFrame) throws(DecodeError) -> Void
    ) throws(DecodeError) {
        var reader = GIFBlockReader(bytes: bytes)
        var screen = try reader.readScreen()
        let background = bytes.count > 11 ? Int(bytes[11]) : 0
        var frames = [try reader.readFirstFrame()]
        while let next = try reader.readNextFrame() { frames.append(next) }
        let first = frames[0]
        if screen.width == 0 || screen.height == 0 {
            (screen.width, screen.height) = (first.left + first.width, first.top + first.height)
        }
        let visible = first.clipped(toWidth: screen.width, height: screen.height)
        try GIFDecoder.checkPlausible(
            screen: screen, frame: first, visibleArea: visible.width * visible.height, inputBytes: bytes.count)
        let plays = reader.loops.map { $0 == 0 ? 0 : $0 + 1 } ?? 1
        try start(AnimationHeader(width: screen.width, height: screen.height, frames: frames.count, plays: plays))

        let anyTransparency = frames.contains { $0.transparent != nil }
        var canvas = try Raster(width: screen.width, height: screen.height, hasAlpha: anyTransparency)
        var saved: [UInt8] = []
        for (n, frame) in frames.enumerated() {
            let palette = GIFPalette(table: frame.localTable ?? screen.globalTable, transparent: frame.transparent)
            if n == 0 { palette.fill(&canvas.pixels, with: frame.transparent ?? 0) }
            let disposal = FrameDisposal(rawValue: frame.disposal) ?? .keep
            let area = Area(frame, screen)
            if disposal == .previous { saved = area.copy(canvas) }
            try draw(frame, bytes, palette: palette, first: n == 0, screen: screen, on: &canvas)
            try each(AnimationFrame(canvas: canvas, delayMilliseconds: frame.delay * 10, disposal: disposal))
            switch disposal {
            case .keep: break
            case .previous: area.paste(saved, into: &canvas)
            case .background:
                let nextTransparent = n + 1 < frames.count ? frames[n + 1].transparent : nil
                var colour: UInt32 = 0
                if first.transparent == nil, nextTransparent == nil {
                    colour = GIFPalette(table: screen.globalTable, transparent: nil).colours[background & 255]
                }
                area.fill(&canvas, colour)
            }
        }
    }

    /// One frame's indices drawn onto the canvas (a later frame's transparent index left undrawn).
    private static func draw(
        _ frame: GIFFrame, _ bytes: [UInt8], palette: GIFPalette, first: Bool, screen: GIFScreen,
        on canvas: inout Raster
    ) throws(DecodeError) {
        guard frame.width > 0, frame.height > 0 else { return }
        var sink = GIFRowSink(frame: frame, screenWidth: screen.width, screenHeight: screen.height, palette: palette)
        if !first, let transparent = frame.transparent { sink.skipped = transparent }
        var lzw = try GIFLZWDecoder(minimumCodeSize: frame.minimumCodeSize)
        let outcome = canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            lzw.decode(bytes, dataStart: frame.dataStart, into: &sink, canvas: pixels)
        }
        switch outcome {
        case .frameFull, .dataEnded: return
        case .codePastTable: throw .corrupt("GIF image data: LZW code past the table")
        case .firstCodeNotLiteral: throw .corrupt("GIF image data: first code after a clear is not a colour")
        }
    }

    /// A frame's rectangle clipped to the screen, as disposal touches it.
    struct Area {
        let x: Int, y: Int, width: Int, height: Int, screenWidth: Int

        init(_ frame: GIFFrame, _ screen: GIFScreen) {
            x = Swift.min(frame.left, screen.width)
            y = Swift.min(frame.top, screen.height)
            width = Swift.max(0, Swift.min(frame.left + frame.width, screen.width) - x)
            height = Swift.max(0, Swift.min(frame.top + frame.height, screen.height) - y)
            screenWidth = screen.width
        }

        func copy(_ canvas: Raster) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(width * height * 4)
            for row in 0..<height {
                let start = ((y + row) * screenWidth + x) * 4
                out += canvas.pixels[start..<start + width * 4]
            }
            return out
        }

        func paste(_ saved: [UInt8], into canvas: inout Raster) {
            guard saved.count == width * height * 4 else { return }
            for row in 0..<height {
                let start = ((y + row) * screenWidth + x) * 4
                canvas.pixels.replaceSubrange(
                    start..<start + width * 4, with: saved[row * width * 4..<(row + 1) * width * 4])
            }
        }

        func fill(_ canvas: inout Raster, _ colour: UInt32) {
            canvas.pixels.withUnsafeMutableBytes { raw in
                let words = raw.bindMemory(to: UInt32.self)
                for row in 0..<height {
                    let start = (y + row) * screenWidth + x
                    for i in start..<start + width { words[i] = colour }
                }
            }
        }
    }
}
