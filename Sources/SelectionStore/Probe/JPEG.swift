/// JPEG: walk the marker segments from SOI to SOS, seeking over each segment by its length so
/// large APP segments (EXIF thumbnails, ICC profiles, XMP) are never read whole.
enum JPEGProbe {
    static let maxMarkers = 10_000
    /// Stray bytes tolerated between segments (fill bytes, writer garbage) before giving up.
    static let maxJunk = 64 << 10

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        var r = ByteReader(source, format: "JPEG")
        try r.seek(to: 2)  // after SOI
        var state = State()
        do {
            try walk(&r, &state)
        } catch let error as ProbeError {
            // A file cut off after the frame header still has known dimensions.
            guard state.size != nil else { throw error }
        }
        guard let (width, height) = state.size else { throw r.corrupt("no frame header") }
        return ImageFacts(type: .jpeg, width: width, height: height, orientation: state.orientation)
    }

    private struct State {
        var size: (Int, Int)?
        var orientation = 1
        var sawExif = false
    }

    /// SOF markers carry the frame size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
    static func isStartOfFrame(_ m: UInt8) -> Bool {
        switch m {
        case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF: return true
        default: return false
        }
    }

    private static func walk(_ r: inout ByteReader, _ s: inout State) throws {
        var junk = 0
        var markers = 0
        while markers < maxMarkers {
            guard try r.u8() == 0xFF else {
                junk += 1
                guard junk <= maxJunk else { throw r.corrupt("no marker found") }
                continue
            }
            var m = try r.u8()
            while m == 0xFF {  // fill bytes
                junk += 1
                guard junk <= maxJunk else { throw r.corrupt("no marker found") }
                m = try r.u8()
            }
            if m == 0x00 { continue }  // a stuffed zero outside entropy-coded data: ignore
            markers += 1
            switch m {
            case 0x01, 0xD0...0xD8:
                continue  // TEM, RSTn, SOI: no length, no payload
            case 0xD9, 0xDA:
                // EOI or SOS: the header is over; the caller decides whether a frame was seen.
                return
            default:
                let start = r.offset
                let length = Int(try r.u16be())
                guard length >= 2 else { throw r.corrupt("bad segment length") }
                if isStartOfFrame(m) {
                    if s.size == nil {
                        guard length >= 7 else { throw r.corrupt("short frame header") }
                        _ = try r.u8()  // sample precision
                        let height = Int(try r.u16be())
                        let width = Int(try r.u16be())
                        guard width > 0 else { throw r.corrupt("zero width") }
                        // Height 0 means "defined later by DNL", which nobody writes any more.
                        guard height > 0 else { throw r.corrupt("height defined by DNL") }
                        s.size = (width, height)
                    }
                } else if m == 0xE1 && !s.sawExif && length >= 8 {
                    if try r.bytes(6).elementsEqual(EXIFOrientation.exifPrefix) {
                        s.sawExif = true
                        s.orientation = EXIFOrientation.orientation(try r.bytes(length - 8))
                    }
                }
                try r.seek(to: start + length)
            }
        }
        // Too many markers: stop; the caller reports "no frame header" unless one was seen.
    }
}
