import ImageDecoding
import ImageHeaders

/// An animation export must change, made again as an animated GIF (SPEC, "Export": nothing is lost
/// without a word): every composited frame turned, cut and shrunk alike, as `ExportPicture` does a
/// still; each frame its own palette (`PaletteChooser`); delays, disposal and plays kept.
public enum ExportAnimation {
    /// The frames fitted to the export's size, held until they are encoded.
    public struct Fitted: Sendable {
        public var frames: [AnimationFrame]
        public var plays: Int
    }

    /// Every frame of `bytes` (decoded by `frames`), fitted as `ExportPicture.make` fits a picture to
    /// `width`×`height`. The frames' count and the size they are held at are checked against the decode
    /// limits (`DecodeLimits.checkFrames`) before the first frame is drawn.
    public static func make(
        _ bytes: [UInt8], facts: ImageFacts, frames decode: AnimationFrames, region: ExportPicture.Region?,
        width: Int, height: Int
    ) throws(DecodeError) -> Fitted {
        var fitted: [AnimationFrame] = []
        var plays = 1
        try decode(
            bytes,
            { header throws(DecodeError) in
                try DecodeLimits.checkFrames(
                    width: header.width, height: header.height, frames: header.frames, keptWidth: width,
                    keptHeight: height, inputBytes: bytes.count)
                plays = header.plays
                fitted.reserveCapacity(header.frames)
            },
            { frame throws(DecodeError) in
                var kept = frame
                kept.canvas = fit(frame.canvas, facts: facts, region: region, width: width, height: height)
                fitted.append(kept)
            })
        return Fitted(frames: fitted, plays: plays)
    }

    /// One composited canvas turned upright, its region cut, shrunk by the area filter (never enlarged).
    static func fit(
        _ stored: Raster, facts: ImageFacts, region: ExportPicture.Region?, width: Int, height: Int
    )
        -> Raster
    {
        guard let part = region else {
            let (tw, th) = facts.swapsSides ? (height, width) : (width, height)
            var shrunk = stored
            if tw < stored.width || th < stored.height {
                shrunk = stored.shrunk(toWidth: min(tw, stored.width), height: min(th, stored.height))
            }
            return shrunk.oriented(facts.orientation)
        }
        let turned = stored.oriented(facts.orientation)
        let cut = turned.cropped(to: Crop(x: part.x, y: part.y, width: part.width, height: part.height))
        return cut.shrunk(toWidth: min(width, cut.width), height: min(height, cut.height))
    }

    /// The animated GIF, shrunk by 1/√2 at a time past `maxBytes` (as `ExportEncoding.png`), never below
    /// 64×64.
    public static func gif(_ fitted: Fitted, maxBytes: Int?) throws(ExportEncoding.DoesNotFit) -> EncodedPicture {
        guard let first = fitted.frames.first?.canvas else {
            throw ExportEncoding.DoesNotFit(width: 0, height: 0, bytes: 0)
        }
        var frames = fitted.frames
        var bytes = encode(frames, plays: fitted.plays)
        var encodes = 1
        var steps = 0
        while let maxBytes, bytes.count > maxBytes {
            let size = frames[0].canvas
            guard max(size.width, size.height) > ExportEncoding.smallestBox else {
                throw ExportEncoding.DoesNotFit(width: size.width, height: size.height, bytes: bytes.count)
            }
            steps = ExportEncoding.nextSteps(after: steps, bytes: bytes.count, maxBytes: maxBytes, picture: first)
            frames = fitted.frames.map { frame in
                var smaller = frame
                smaller.canvas = ExportEncoding.shrunk(frame.canvas, steps: steps)
                return smaller
            }
            bytes = encode(frames, plays: fitted.plays)
            encodes += 1
        }
        let canvas = frames[0].canvas
        return EncodedPicture(
            bytes: bytes, width: canvas.width, height: canvas.height, quality: nil, encodes: encodes,
            shrinkSteps: steps)
    }

    /// The frames written whole, each its own palette. A frame keeps its disposal where a viewer drawing
    /// the next whole frame over what that disposal leaves shows that frame: always when the next is
    /// opaque throughout, and for "keep" when the next is transparent only where this one is too; else
    /// it is cleared to the background (2), which always does. After a frame kept on the canvas, a next
    /// one at least half equal to it has its equal pixels written transparent (they show it through), so
    /// a still background costs a run of one index instead of its colours again.
    static func encode(_ frames: [AnimationFrame], plays: Int) -> [UInt8] {
        let clear = frames.map { frame in
            stride(from: 3, to: frame.canvas.pixels.count, by: 4).map { frame.canvas.pixels[$0] < 128 }
        }
        var disposals = frames.map(\.disposal)
        for n in 0..<(frames.count - 1) where clear[n + 1].contains(true) {
            let covered = disposals[n] == .keep && zip(clear[n + 1], clear[n]).allSatisfy { !$0 || $1 }
            if disposals[n] != .background, !covered { disposals[n] = .background }
        }
        var written: [GIFWriter.Frame] = []
        for (n, frame) in frames.enumerated() {
            var pixels = frame.canvas.pixels
            if n > 0, disposals[n - 1] == .keep {
                let before = frames[n - 1].canvas.pixels
                let same = stride(from: 0, to: pixels.count, by: 4).filter { i in
                    !clear[n][i / 4] && !clear[n - 1][i / 4] && pixels[i..<i + 3].elementsEqual(before[i..<i + 3])
                }
                // Scattered equal pixels break LZW's runs more than they save (measured on a turning
                // gradient: 542 KB grew to 574 KB): only a frame at least half unchanged is written so.
                if same.count * 2 >= pixels.count / 4 { for i in same { pixels[i + 3] = 0 } }
            }
            let delay = (frame.delayMilliseconds + 5) / 10
            written.append(GIFWriter.Frame(choice: PaletteChooser.choose(pixels), delay: delay, disposal: disposals[n]))
        }
        let canvas = frames[0].canvas
        return GIFWriter.encode(width: canvas.width, height: canvas.height, plays: plays, frames: written)
    }
}
