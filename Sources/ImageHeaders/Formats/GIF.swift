/// GIF: the logical screen gives the size; the frame count needs a walk over every block, since
/// GIF has no frame index. Sub-blocks are at most 255 bytes, so the walk streams through the file
/// with a large read-ahead buffer rather than one read per block. This is the one format whose
/// probe reads the whole file (up to `maxWalk`): its work is linear in the file's size.
enum GIFProbe {
    /// Stop counting frames after this many bytes; the count is then a lower bound.
    static let maxWalk = 512 << 20

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        var r = ByteReader(source, format: "GIF", readAhead: 64 << 10, budget: maxWalk)
        try r.seek(to: 6)
        let screenWidth = Int(try r.u16le())
        let screenHeight = Int(try r.u16le())
        let packed = try r.u8()
        var walk = Walk()
        do {
            try r.skip(2)  // background colour, aspect ratio
            if packed & 0x80 != 0 { try r.skip(3 << (Int(packed & 7) + 1)) }
            try blocks(&r, &walk)
        } catch {
            // Truncated or damaged after the header: keep the frames counted so far.
        }
        var width = screenWidth, height = screenHeight
        if width == 0 || height == 0, let first = walk.firstFrameExtent {
            // Some encoders leave the logical screen 0x0; viewers then use the first frame.
            (width, height) = first
        }
        guard width > 0, height > 0 else { throw r.corrupt("zero width or height") }
        // No image at all: a file cut off before its first frame, or a stream of extensions only.
        // Neither shows anything, and Pillow refuses both.
        guard walk.frames > 0 else {
            if walk.ended { throw r.corrupt("no image") }
            throw walk.inImageData ? ProbeError("truncated in the GIF image data") : r.truncated
        }
        var facts = ImageFacts(type: .gif, width: width, height: height, frames: walk.frames)
        facts.alpha = walk.transparent
        return facts
    }

    private struct Walk {
        var frames = 0
        var firstFrameExtent: (Int, Int)?
        /// A trailer (or bytes that cannot start a block) ended the walk, not the end of the data.
        var ended = false
        /// The walk is in an image's data (past its descriptor and table), where a cut file most often ends.
        var inImageData = false
        /// A graphic control extension names a transparent colour.
        var transparent = false
    }

    private static func blocks(_ r: inout ByteReader, _ w: inout Walk) throws {
        while r.offset < maxWalk {
            switch try r.u8() {
            case 0x2C:  // image descriptor
                let left = Int(try r.u16le()), top = Int(try r.u16le())
                let fw = Int(try r.u16le()), fh = Int(try r.u16le())
                let packed = try r.u8()
                if packed & 0x80 != 0 { try r.skip(3 << (Int(packed & 7) + 1)) }
                w.inImageData = true
                try r.skip(1)  // LZW minimum code size
                try subBlocks(&r)
                w.inImageData = false
                w.frames += 1
                if w.firstFrameExtent == nil { w.firstFrameExtent = (left + fw, top + fh) }
            case 0x21:  // extension: label, then sub-blocks
                if try r.u8() == 0xF9 {
                    // Graphic control: its first sub-block's packed byte has the transparent-colour flag.
                    let size = Int(try r.u8())
                    if size >= 1 {
                        if try r.u8() & 1 != 0 { w.transparent = true }
                        try r.skip(size - 1)
                    } else {
                        continue
                    }
                }
                try subBlocks(&r)
            default:  // 0x3B trailer, or garbage: either way the stream is over
                w.ended = true
                return
            }
        }
    }

    private static func subBlocks(_ r: inout ByteReader) throws {
        while r.offset < maxWalk {
            let n = Int(try r.u8())
            if n == 0 { return }
            try r.skip(n)
        }
    }
}

extension ImageFormat {
    static let gif: ImageFormat = ImageFormat(
        name: "gif", displayName: "GIF", extensions: ["gif"], mimeType: "image/gif",
        sniff: { sniff in
            try sniff.signature(Array("GIF87a".utf8), cutShortFrom: 4, format: "GIF")
                || sniff.signature(Array("GIF89a".utf8), cutShortFrom: 4, format: "GIF")
        },
        probe: GIFProbe.probe)
}

extension ImageType {
    public static let gif: ImageType = ImageFormat.gif.type
}
