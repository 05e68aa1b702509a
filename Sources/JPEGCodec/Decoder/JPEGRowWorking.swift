import ImageCore

extension JPEGDecoder {
    /// What `decodeRows` at `scale` holds besides the file and its sink, in bytes, read from the headers up to
    /// the first scan: the row assembler's rings, and the coefficients (131 bytes a block) when the scans
    /// must all be read before a row comes out (progressive, or a first scan without every component). Nil
    /// when the headers do not get that far: the decode refuses such a file, or it is no ordinary one.
    /// Export counts it against the memory budget before it decodes (issue 44).
    public static func rowWorkingBytes(_ bytes: [UInt8], scale: Int) -> Int? {
        guard scale == 1 || scale == 2 || scale == 4 || scale == 8 else { return nil }
        return bytes.withUnsafeBufferPointer { data -> Int? in
            var segments = JPEGSegmentReader(data)
            var frame: JPEGFrame?
            do throws(DecodeError) {
                try segments.readStartOfImage()
                while let marker = segments.nextMarker() {
                    switch marker {
                    case 0xC0, 0xC1, 0xC2:
                        let payload = try segments.readSegment(named: "SOF")
                        frame = try JPEGHeaders.readFrame(payload, progressive: marker == 0xC2)
                    case 0xDA:
                        guard let frame else { return nil }
                        let scan = try JPEGHeaders.readScan(try segments.readSegment(named: "SOS"), frame: frame)
                        let rings = JPEGRowAssembler.workingBytes(frame: frame, scale: scale)
                        let streams = !frame.progressive && scan.components.count == frame.components.count
                        return rings + (streams ? 0 : JPEGCoefficientStore.bytes(frame: frame))
                    case 0x01, 0xD0...0xD7: continue
                    case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF, 0xD8, 0xD9: return nil
                    default: _ = try segments.readSegment(named: "segment", lenient: true)
                    }
                }
            } catch {
                return nil
            }
            return nil
        }
    }
}
