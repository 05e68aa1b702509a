import ByteCoding
import ImageCore
import ImageHeaders

/// Every frame of an APNG, composited as Pillow shows them: the canvas starts transparent black; a
/// frame of blend op SOURCE replaces its area, one of OVER is pasted through its own alpha (Pillow's
/// `paste` with the frame as mask, which blends the alpha channel too); after a frame is shown its
/// dispose op clears its area (BACKGROUND) or puts back what was under it (PREVIOUS; on the first frame
/// taken as BACKGROUND, as the specification says). Each frame's data is decoded by `PNGDecoder` as a
/// PNG of its own (the file's header at the frame's size, its palette and transparency), so every
/// colour type, depth and check is the still decoder's. An IDAT that no fcTL precedes (a default image
/// outside the animation) is not a frame, as browsers show it.
public enum APNGAnimation {
    public static let frames: AnimationFrames = { bytes, start, each throws(DecodeError) in
        try decode(bytes, start: start, each: each)
    }

    /// One fcTL: where the frame lies, how long it shows, how it is drawn and disposed of.
    struct Control {
        var width = 0, height = 0, x = 0, y = 0
        var delayMilliseconds = 0
        var dispose = 0, blend = 0
        var data: [Range<Int>] = []
    }

    static func decode(
        _ bytes: [UInt8], start: (AnimationHeader) throws(DecodeError) -> Void,
        each: (AnimationFrame) throws(DecodeError) -> Void
    ) throws(DecodeError) {
        let header = try PNGChunks(bytes).header
        var ihdr: [UInt8] = []
        var extra: [[UInt8]] = []  // PLTE and tRNS, whole, as the frames' own files carry them
        var plays = 0
        var controls: [Control] = []
        var input = bytes
        var lexer = PNGChunkLexer()
        while let chunk = lexer.next(in: &input), chunk.end <= bytes.count {
            let data = bytes[chunk.data]
            switch chunk.name {
            case "IHDR": ihdr = Array(data)
            case "PLTE", "tRNS":
                if controls.allSatisfy({ $0.data.isEmpty }) { extra.append(Array(bytes[chunk.start..<chunk.end])) }
            case "acTL" where data.count >= 8: plays = u32(bytes, chunk.data.lowerBound + 4)
            case "fcTL":
                guard data.count >= 26 else { throw .corrupt("APNG fcTL chunk of \(data.count) bytes") }
                let at = chunk.data.lowerBound
                var c = Control(
                    width: u32(bytes, at + 4), height: u32(bytes, at + 8), x: u32(bytes, at + 12),
                    y: u32(bytes, at + 16))
                let (num, den) = (
                    Int(bytes[at + 20]) << 8 | Int(bytes[at + 21]), Int(bytes[at + 22]) << 8 | Int(bytes[at + 23])
                )
                c.delayMilliseconds = num * 1000 / (den == 0 ? 100 : den)
                (c.dispose, c.blend) = (Int(bytes[at + 24]), Int(bytes[at + 25]))
                guard c.width >= 1, c.height >= 1, c.x + c.width <= header.width, c.y + c.height <= header.height
                else { throw .corrupt("APNG frame outside the canvas") }
                controls.append(c)
            case "IDAT": if !controls.isEmpty, controls.count == 1 { controls[0].data.append(chunk.data) }
            case "fdAT" where data.count > 4 && !controls.isEmpty:
                controls[controls.count - 1].data.append(chunk.data.lowerBound + 4..<chunk.data.upperBound)
            case "IEND": break
            default: continue
            }
            if chunk.name == "IEND" { break }
        }
        controls.removeAll { $0.data.isEmpty }
        guard !controls.isEmpty, ihdr.count == 13 else { throw .corrupt("APNG without frames") }
        try start(AnimationHeader(width: header.width, height: header.height, frames: controls.count, plays: plays))

        // Without alpha or tRNS Pillow's frames are RGB: a cleared area shows black.
        let opaque = ihdr[9] & 4 == 0 && !extra.contains { $0.count > 8 && $0[4...7].elementsEqual("tRNS".utf8) }
        var canvas = try Raster(width: header.width, height: header.height, hasAlpha: !opaque)
        for (n, control) in controls.enumerated() {
            let frame = try PNGDecoder.decode(framePNG(control, ihdr: ihdr, extra: extra, bytes: bytes))
            var dispose = FrameDisposal(rawValue: control.dispose + 1) ?? .keep
            if n == 0, dispose == .previous { dispose = .background }
            let saved = dispose == .previous ? region(canvas, control) : []
            draw(frame, on: &canvas, control: control, over: control.blend == 1)
            var shown = canvas
            if opaque { for i in stride(from: 3, to: shown.pixels.count, by: 4) { shown.pixels[i] = 255 } }
            try each(AnimationFrame(canvas: shown, delayMilliseconds: control.delayMilliseconds, disposal: dispose))
            switch dispose {
            case .keep: break
            case .background: clear(&canvas, control)
            case .previous: restore(&canvas, saved, control)
            }
        }
    }

    /// The frame's own PNG: the signature, the header at the frame's size, PLTE and tRNS, its data, IEND.
    static func framePNG(_ control: Control, ihdr: [UInt8], extra: [[UInt8]], bytes: [UInt8]) -> [UInt8] {
        var header = ihdr
        for (i, v) in [control.width, control.height].enumerated() {
            for b in 0..<4 { header[i * 4 + b] = UInt8(truncatingIfNeeded: v >> (24 - 8 * b)) }
        }
        var data: [UInt8] = []
        for range in control.data { data += bytes[range] }
        var out = PNGChunks.signature + chunk("IHDR", header)
        for whole in extra { out += whole }
        return out + chunk("IDAT", data) + chunk("IEND", [])
    }

    static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        let type = Array(name.utf8)
        let crc = CRC32.update(CRC32.checksum(type), data)
        return be32(data.count) + type + data + be32(Int(crc))
    }

    static func be32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }

    static func u32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }

    /// The frame drawn at its place: replacing the canvas, or (OVER) blended by its alpha, all four
    /// channels, as Pillow's paste through a mask does.
    static func draw(_ frame: Raster, on canvas: inout Raster, control: Control, over: Bool) {
        let w = canvas.width
        canvas.pixels.withUnsafeMutableBufferPointer { dst in
            frame.pixels.withUnsafeBufferPointer { src in
                for row in 0..<control.height {
                    let s = row * control.width * 4, d = ((control.y + row) * w + control.x) * 4
                    for i in 0..<control.width * 4 {
                        guard over else { dst[d + i] = src[s + i]; continue }
                        let a = Int(src[s + (i & ~3) + 3])
                        dst[d + i] = UInt8((Int(src[s + i]) * a + Int(dst[d + i]) * (255 - a) + 127) / 255)
                    }
                }
            }
        }
    }

    static func region(_ canvas: Raster, _ c: Control) -> [UInt8] {
        var out: [UInt8] = []
        for row in 0..<c.height {
            let start = ((c.y + row) * canvas.width + c.x) * 4
            out += canvas.pixels[start..<start + c.width * 4]
        }
        return out
    }

    static func restore(_ canvas: inout Raster, _ saved: [UInt8], _ c: Control) {
        for row in 0..<c.height {
            let start = ((c.y + row) * canvas.width + c.x) * 4
            canvas.pixels.replaceSubrange(
                start..<start + c.width * 4, with: saved[row * c.width * 4..<(row + 1) * c.width * 4])
        }
    }

    static func clear(_ canvas: inout Raster, _ c: Control) {
        for row in 0..<c.height {
            let start = ((c.y + row) * canvas.width + c.x) * 4
            canvas.pixels.replaceSubrange(start..<start + c.width * 4, with: repeatElement(0, count: c.width * 4))
        }
    }
}
