import ImageCore
import ImageHeaders

/// The RIFF container (RFC 9649 section 2), read the way libwebp's demuxer
/// (which Pillow uses) reads it, so the same files are accepted or refused:
///
/// - The RIFF size must cover the whole container: a file shorter than it
///   claims is truncated; bytes after it are ignored.
/// - Every chunk, with its pad byte when its size is odd, must end inside the
///   RIFF; 1 to 7 bytes left over after the last chunk are an error.
/// - Simple files hold one VP8 or VP8L chunk (anything after it is ignored).
/// - VP8X files: the still image (optional ALPH, then VP8 or VP8L) must match
///   the canvas; ICCP, EXIF, XMP and unknown chunks are skipped. ALPH applies
///   only when the VP8X alpha flag is set (the demuxer drops it otherwise).
/// - Animations: ANIM before the ANMF frames; every frame must lie inside the
///   canvas (checked for all frames, as the demuxer does); an ANMF without an
///   image is skipped; the first frame with an image is the one decoded.
struct WebPContainer {
    struct Frame {
        /// The VP8 or VP8L chunk's payload.
        var image: Range<Int>
        var isLossless: Bool
        /// The ALPH payload, when it applies to this frame.
        var alpha: Range<Int>?
        var x = 0
        var y = 0
        var width = 0
        var height = 0
        /// An ANMF frame's duration in milliseconds, whether it is alpha-blended over the canvas (else
        /// it replaces its area) and whether its area is cleared once it has been shown.
        var duration = 0
        var blends = true
        var disposesToBackground = false
    }

    var canvasWidth = 0
    var canvasHeight = 0
    /// What libwebp's feature probe reports, which makes Pillow's mode RGBA
    /// (else RGB, and the alpha the decoder produced is dropped).
    var hasAlpha = false
    var frame: Frame
    /// An animation's frames with an image, in order, and ANIM's loop count (0: for ever).
    var frames: [Frame] = []
    var loops = 0

    static let vp8xAlphaFlag: UInt8 = 0x10
    static let vp8xAnimationFlag: UInt8 = 0x02
    private static let vp8xKnownFlags: UInt8 = 0x3E

    static func parse(_ data: UnsafeBufferPointer<UInt8>) throws(DecodeError) -> WebPContainer {
        guard data.count >= 12 else { throw .truncated(section: "RIFF header") }
        var input = data
        guard let header = RIFFChunkLexer.header(in: &input), header.form == RIFFChunkLexer.webp else {
            throw .corrupt("not a RIFF WEBP file")
        }
        let riffSize = header.size
        guard riffSize >= 12 else { throw .corrupt("RIFF size \(riffSize) too small") }
        let end = riffSize + 8
        guard end <= data.count else { throw .truncated(section: "RIFF container (\(end) bytes claimed)") }
        var chunks = WebPChunkCursor(data: data, position: 12, end: end)
        guard let first = try chunks.next() else { throw .truncated(section: "RIFF container") }
        switch first.tag {
        case "VP8 ", "VP8L":
            let frame = try imageFrame(data, first, alpha: nil)
            try chunks.checkTail()
            let hasAlpha = frame.isLossless ? losslessAlphaHint(data, first) : false
            return WebPContainer(canvasWidth: frame.width, canvasHeight: frame.height, hasAlpha: hasAlpha, frame: frame)
        case "VP8X":
            return try parseExtended(data, first, chunks: &chunks)
        default:
            throw .corrupt("RIFF WEBP starting with a \(first.tag) chunk")
        }
    }

    private static func parseExtended(
        _ data: UnsafeBufferPointer<UInt8>, _ header: WebPChunk,
        chunks: inout WebPChunkCursor
    ) throws(DecodeError) -> WebPContainer {
        guard header.payload.count >= 10 else { throw .corrupt("VP8X chunk of \(header.payload.count) bytes") }
        let flags = data[header.payload.lowerBound]
        guard flags & ~vp8xKnownFlags == 0 else { throw .corrupt("VP8X reserved flags set") }
        let canvasWidth = le24(data, header.payload.lowerBound + 4) + 1
        let canvasHeight = le24(data, header.payload.lowerBound + 7) + 1
        let animated = flags & vp8xAnimationFlag != 0
        let alphaFlag = flags & vp8xAlphaFlag != 0
        var sawAnim = false
        var still: Frame?
        var stillHasAlphaChunk = false
        var firstFrame: Frame?
        var frames: [Frame] = []
        var loops = 0
        while let chunk = try chunks.next() {
            switch chunk.tag {
            case "VP8X":
                throw .corrupt("second VP8X chunk")
            case "ALPH", "VP8 ", "VP8L":
                guard !animated && !sawAnim else { throw .corrupt("image chunk outside ANMF in an animation") }
                guard still == nil else { throw .corrupt("more than one image in a still WebP") }
                var alpha: WebPChunk?
                var image = chunk
                if chunk.tag == "ALPH" {
                    alpha = chunk
                    stillHasAlphaChunk = true
                    guard let next = try chunks.next() else { throw .corrupt("ALPH chunk without an image") }
                    guard next.tag == "VP8 " || next.tag == "VP8L" else {
                        throw .corrupt("ALPH chunk without an image")
                    }
                    guard next.tag == "VP8 " else { throw .corrupt("ALPH chunk before a VP8L image") }
                    image = next
                }
                var frame = try imageFrame(data, image, alpha: alpha)
                if !alphaFlag { frame.alpha = nil }
                guard frame.width == canvasWidth, frame.height == canvasHeight else {
                    throw .corrupt("image size \(frame.width)×\(frame.height) differs from canvas")
                }
                still = frame
            case "ANIM":
                guard chunk.payload.count >= 6 else { throw .corrupt("ANIM chunk of \(chunk.payload.count) bytes") }
                sawAnim = true
                loops = Int(data[chunk.payload.lowerBound + 4]) | Int(data[chunk.payload.lowerBound + 5]) << 8
            case "ANMF":
                guard sawAnim else { throw .corrupt("ANMF before ANIM") }
                guard animated, let frame = try animationFrame(data, chunk) else { continue }
                guard frame.x + frame.width <= canvasWidth, frame.y + frame.height <= canvasHeight else {
                    throw .corrupt("animation frame outside the canvas")
                }
                if firstFrame == nil { firstFrame = frame }
                frames.append(frame)
            default:
                continue  // ICCP, EXIF, XMP and unknown chunks
            }
        }
        if animated {
            guard let frame = firstFrame else { throw .corrupt("animation without frames") }
            return WebPContainer(
                canvasWidth: canvasWidth, canvasHeight: canvasHeight, hasAlpha: alphaFlag, frame: frame, frames: frames,
                loops: loops)
        }
        guard let frame = still else { throw .corrupt("VP8X file without an image") }
        let imageChunk = WebPChunk(tag: frame.isLossless ? "VP8L" : "VP8 ", payload: frame.image)
        let hasAlpha = frame.isLossless ? losslessAlphaHint(data, imageChunk) : alphaFlag || stillHasAlphaChunk
        return WebPContainer(canvasWidth: canvasWidth, canvasHeight: canvasHeight, hasAlpha: hasAlpha, frame: frame)
    }

    /// An ANMF chunk's frame, or nil when it holds no image.
    private static func animationFrame(
        _ data: UnsafeBufferPointer<UInt8>,
        _ chunk: WebPChunk
    ) throws(DecodeError) -> Frame? {
        guard chunk.payload.count >= 16 else { throw .corrupt("ANMF chunk of \(chunk.payload.count) bytes") }
        let base = chunk.payload.lowerBound
        var inner = WebPChunkCursor(
            data: data, position: base + 16, end: chunk.payload.upperBound,
            stopsAtUnevenTail: false)
        var alpha: WebPChunk?
        var image: WebPChunk?
        while image == nil, let sub = try inner.next() {
            if sub.tag == "ALPH" && alpha == nil {
                alpha = sub
            } else if sub.tag == "VP8 " || (sub.tag == "VP8L" && alpha == nil) {
                image = sub
            } else if sub.tag == "VP8L" {
                throw .corrupt("ALPH chunk before a VP8L image")
            } else {
                break
            }
        }
        guard let image else {
            if alpha != nil { throw .corrupt("ANMF with ALPH but no image") }
            return nil
        }
        var frame = try imageFrame(data, image, alpha: alpha)
        frame.x = 2 * le24(data, base)
        frame.y = 2 * le24(data, base + 3)
        frame.duration = le24(data, base + 12)
        frame.blends = data[base + 15] & 2 == 0
        frame.disposesToBackground = data[base + 15] & 1 != 0
        return frame
    }

    /// A frame for an image chunk, its size read from the bitstream's header.
    private static func imageFrame(
        _ data: UnsafeBufferPointer<UInt8>, _ image: WebPChunk,
        alpha: WebPChunk?
    ) throws(DecodeError) -> Frame {
        let isLossless = image.tag == "VP8L"
        let p = image.payload
        let width: Int, height: Int
        if isLossless {
            guard p.count >= 5 else { throw .truncated(section: "VP8L header") }
            guard data[p.lowerBound] == VP8LDecoder.signature, data[p.lowerBound + 4] >> 5 == 0 else {
                throw .corrupt("VP8L signature or version")
            }
            let bits = le32(data, p.lowerBound + 1)
            width = (bits & 0x3FFF) + 1
            height = (bits >> 14 & 0x3FFF) + 1
        } else {
            guard p.count >= 10 else { throw .truncated(section: "VP8 frame header") }
            (width, height) = try VP8FrameTag.size(UnsafeBufferPointer(rebasing: data[p]))
        }
        return Frame(image: p, isLossless: isLossless, alpha: alpha?.payload, width: width, height: height)
    }

    /// The VP8L header's alpha bit (bit 28 of the 32 bits after the signature);
    /// `imageFrame` has checked the header is there.
    private static func losslessAlphaHint(_ data: UnsafeBufferPointer<UInt8>, _ chunk: WebPChunk) -> Bool {
        data[chunk.payload.lowerBound + 4] & 0x10 != 0
    }

    static func le24(_ data: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int {
        Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16
    }

    static func le32(_ data: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int {
        le24(data, at) | Int(data[at + 3]) << 24
    }
}
