import ImageDecoding
import ImageEncoding
import ImageHeaders
import SelectionStore

/// HDR gain maps through export (SPEC "Export"): an Ultra HDR JPEG keeps its gain map, copied with
/// its offsets rewritten or turned, cropped and shrunk alike with the picture, and `--hdr drop` or a
/// HEIF's gain map (which JPEG cannot carry) is said in the line rather than lost without a word.
extension ExportMaker {
    /// An Ultra HDR entry's copy, its gain map kept (or dropped under `--hdr drop`), and the change
    /// to say; nil for any other entry, or one whose JPEGs cannot be walked (the plain copy decides).
    func gainMapCopy(_ bytes: [UInt8], _ entry: Entry) -> (bytes: [UInt8], change: ExportChange)? {
        guard entry.type == .jpeg, let gainMap = GainMap.find(bytes, type: .jpeg) else { return nil }
        switch options.hdr {
        case .keep:
            let copy =
                options.keepMetadata
                ? UltraHDR.copyKeepingMetadata(bytes, gainMap: gainMap) : UltraHDR.copy(bytes, gainMap: gainMap)
            return copy.map { ($0, .hdrKept) }
        case .drop:
            return UltraHDR.sdrOnly(bytes, gainMap: gainMap, keepMetadata: options.keepMetadata).map {
                ($0, .hdrDropped)
            }
        }
    }

    /// The encoded picture as written, with the entry's gain map where it has one: an Ultra HDR
    /// JPEG's made alike and joined to a JPEG (`hdr-kept`); dropped (`hdr-dropped`) under `--hdr drop`,
    /// into PNG, for a HEIF's, or when the pair would not fit `--max-bytes`.
    func withGainMap(
        _ encoded: EncodedPicture, format: ExportFormat, original bytes: [UInt8], step: ExportStep
    ) -> (bytes: [UInt8], change: ExportChange?) {
        let entry = step.entry
        guard let gainMap = GainMap.find(bytes, type: entry.type) else { return (encoded.bytes, nil) }
        guard gainMap.kind == .ultraHDR, options.hdr == .keep, format == .jpeg, let image = gainMap.image,
            let made = madeAlike(Array(bytes[image]), entry: entry, step: step, encoded: encoded)
        else { return (encoded.bytes, .hdrDropped) }
        let pair = UltraHDR.assemble(primary: encoded.bytes, gainMap: made)
        if let limit = limits.maxBytes, pair.count > limit { return (encoded.bytes, .hdrDropped) }
        return (pair, .hdrKept)
    }

    /// The gain map JPEG turned, cropped and shrunk as the picture was (its size keeps the ratio it had
    /// to the picture), encoded again with its own gain map metadata; nil when it cannot be decoded.
    private func madeAlike(_ gain: [UInt8], entry: Entry, step: ExportStep, encoded: EncodedPicture) -> [UInt8]? {
        guard let probed = try? ImageProbe.probe(MemoryByteSource(gain)), probed.type == .jpeg else { return nil }
        // The picture's orientation turns its gain map too: a gain map carries none of its own.
        let facts = ImageFacts(
            type: .jpeg, width: probed.width, height: probed.height, orientation: entry.orientation, frames: 1)
        let upright = facts.uprightSize, whole = entry.facts.uprightSize
        guard whole.width > 0, whole.height > 0 else { return nil }
        let sx = Double(upright.width) / Double(whole.width), sy = Double(upright.height) / Double(whole.height)
        var region: ExportPicture.Region? = nil
        if step.cropped {
            let r = step.region
            let x = min(upright.width - 1, Int((Double(r.x) * sx).rounded(.down)))
            let y = min(upright.height - 1, Int((Double(r.y) * sy).rounded(.down)))
            let w = max(1, min(upright.width - x, Int((Double(r.width) * sx).rounded())))
            let h = max(1, min(upright.height - y, Int((Double(r.height) * sy).rounded())))
            region = ExportPicture.Region(x: x, y: y, width: w, height: h)
        }
        let part = region.map { ($0.width, $0.height) } ?? (upright.width, upright.height)
        let width = max(1, min(part.0, Int((Double(encoded.width) * sx).rounded())))
        let height = max(1, min(part.1, Int((Double(encoded.height) * sy).rounded())))
        guard
            let picture = try? ExportPicture.make(gain, facts: facts, region: region, width: width, height: height)
        else { return nil }
        let jpeg = encodeJPEG(picture, JPEGSettings(quality: Self.gainMapQuality, icc: nil, exif: nil, xmp: nil))
        return UltraHDR.inserting(UltraHDR.gainMapSegments(gain), into: jpeg)
    }

    /// A gain map's quality: it scales brightness, where blocking shows as banding in highlights.
    static let gainMapQuality = 90
}
