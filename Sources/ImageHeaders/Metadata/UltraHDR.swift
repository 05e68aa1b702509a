/// Writes Ultra HDR JPEGs (Google's Ultra HDR 1.0, which Android and Chrome show in HDR): the SDR
/// primary with an `hdrgm` XMP directory and an MPF index, then the gain map's JPEG. Export uses it
/// to keep a photo's gain map through a copy (metadata removed, offsets rewritten) and an encode.
public enum UltraHDR {
    /// An Ultra HDR JPEG's copy with the metadata removed losslessly: the primary as
    /// `JPEGMetadata.stripped` leaves it (its ISO 21496-1 version segment kept), then its gain map
    /// with its own EXIF (and so its GPS) and everything but its gain map metadata removed, joined
    /// by a new XMP directory and MPF index. Nil when either JPEG cannot be walked.
    public static func copy(_ bytes: [UInt8], gainMap: GainMap) -> [UInt8]? {
        guard let end = gainMap.primaryEnd, let image = gainMap.image, end <= bytes.count,
            image.upperBound <= bytes.count,
            let primary = JPEGMetadata.stripped(Array(bytes[0..<end]), alsoKeeping: isISOSegment),
            let gain = strippedGainMap(Array(bytes[image]))
        else { return nil }
        return assemble(primary: primary, gainMap: gain)
    }

    /// The SDR picture alone (`--hdr drop`): the primary without its MPF index, its `hdrgm` XMP
    /// and its ISO 21496-1 segment, and nothing after its EOI; its other metadata as `keepMetadata`
    /// says (all of it, or what any copy keeps).
    public static func sdrOnly(_ bytes: [UInt8], gainMap: GainMap, keepMetadata: Bool) -> [UInt8]? {
        guard let end = gainMap.primaryEnd, end <= bytes.count else { return nil }
        let primary = Array(bytes[0..<end])
        guard keepMetadata else { return JPEGMetadata.stripped(primary) }
        return JPEGMetadata.filtered(primary) { marker, payload in !describesGainMap(marker, payload) }
    }

    /// An MPF index, `hdrgm` XMP or ISO 21496-1 segment: what makes a JPEG part of an Ultra HDR pair.
    static func describesGainMap(_ marker: UInt8, _ payload: ArraySlice<UInt8>) -> Bool {
        isISOSegment(marker, payload) || (marker == 0xE2 && payload.starts(with: MultiPictureIndex.prefix))
            || (marker == 0xE1 && payload.starts(with: EmbeddedMetadata.xmpHeader)
                && MultiPictureIndex.declaresGainMap(Array(payload)))
    }

    /// An Ultra HDR copy keeping every metadata segment (`--keep-metadata`) but the pair's own, which
    /// are written again: the same file, its directory and index made to match what is written.
    public static func copyKeepingMetadata(_ bytes: [UInt8], gainMap: GainMap) -> [UInt8]? {
        guard let end = gainMap.primaryEnd, let image = gainMap.image, end <= bytes.count,
            image.upperBound <= bytes.count,
            let primary = JPEGMetadata.filtered(Array(bytes[0..<end]), keep: { !describesGainMap($0, $1) })
        else { return nil }
        return assemble(primary: primary, gainMap: Array(bytes[image]))
    }

    /// The gain map JPEG with only what describes it as one left: its `hdrgm` XMP and ISO 21496-1
    /// segments (besides the segments any copy keeps).
    public static func strippedGainMap(_ jpeg: [UInt8]) -> [UInt8]? {
        JPEGMetadata.stripped(jpeg) { marker, payload in
            isISOSegment(marker, payload)
                || (marker == 0xE1 && payload.starts(with: EmbeddedMetadata.xmpHeader)
                    && MultiPictureIndex.declaresGainMap(Array(payload)))
        }
    }

    /// The gain map metadata segments of a gain map JPEG (marker and length included), in order:
    /// what an encoded gain map carries over from the original.
    public static func gainMapSegments(_ jpeg: [UInt8]) -> [[UInt8]] {
        guard let kept = strippedGainMap(jpeg) else { return [] }
        var segments: [[UInt8]] = []
        _ = JPEGMetadata.walk(kept) { marker, payload in
            if marker == 0xE1 || isISOSegment(marker, payload) {
                segments.append(segment(marker, Array(payload)))
            }
            return false
        } copy: { _ in
        }
        return segments
    }

    /// `jpeg` with `segments` put just after its SOI (and its JFIF APP0, which must come first).
    public static func inserting(_ segments: [[UInt8]], into jpeg: [UInt8]) -> [UInt8] {
        let at = insertionPoint(jpeg)
        return Array(jpeg[0..<at]) + segments.flatMap { $0 } + Array(jpeg[at...])
    }

    /// The primary (an SDR JPEG without an MPF index or `hdrgm` directory) and the gain map JPEG as
    /// one Ultra HDR file: the directory (XMP) and the index (MPF APP2) after the primary's SOI
    /// and JFIF segment, giving the gain map's length and its offset from the index's TIFF header.
    public static func assemble(primary: [UInt8], gainMap: [UInt8]) -> [UInt8] {
        let xmp = segment(0xE1, EmbeddedMetadata.xmpHeader + Array(directory(gainMapLength: gainMap.count).utf8))
        let mpfLength = 4 + mpfPayloadLength
        // The MPF segment goes after the XMP; offsets count from its TIFF header.
        let tiffStart = insertionPoint(primary) + xmp.count + 4 + MultiPictureIndex.prefix.count
        let primarySize = primary.count + xmp.count + mpfLength
        let mpf = segment(
            0xE2,
            MultiPictureIndex.prefix
                + index(primarySize: primarySize, gainMapSize: gainMap.count, gainMapOffset: primarySize - tiffStart))
        return inserting([xmp, mpf], into: primary) + gainMap
    }

    /// Where `inserting` puts segments in `jpeg`.
    static func insertionPoint(_ jpeg: [UInt8]) -> Int {
        if jpeg.count >= 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
            return min(jpeg.count, 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])))
        }
        return 2
    }

    static func isISOSegment(_ marker: UInt8, _ payload: ArraySlice<UInt8>) -> Bool {
        marker == 0xE2 && payload.starts(with: GainMap.isoPrefix)
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// The MPF TIFF structure (big-endian): MPFVersion, NumberOfImages 2 and the two MP Entries,
    /// the primary marked as the representative baseline picture, the gain map as a plain JPEG.
    static func index(primarySize: Int, gainMapSize: Int, gainMapOffset: Int) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF)] + u16(v) }
        let entriesOffset = 8 + 2 + 3 * 12 + 4
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + u32(8) + u16(3)
        tiff += u16(0xB000) + u16(7) + u32(4) + Array("0100".utf8)
        tiff += u16(0xB001) + u16(4) + u32(1) + u32(2)
        tiff += u16(0xB002) + u16(7) + u32(32) + u32(entriesOffset)
        tiff += u32(0)
        tiff += u32(0x2003_0000) + u32(primarySize) + u32(0) + u16(0) + u16(0)
        tiff += u32(0) + u32(gainMapSize) + u32(gainMapOffset) + u16(0) + u16(0)
        return tiff
    }

    static let mpfPayloadLength = 4 + 8 + 2 + 3 * 12 + 4 + 32

    /// The primary's XMP: `hdrgm:Version` and the container directory naming the gain map's length.
    static func directory(gainMapLength: Int) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="imgsel">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" \
        xmlns:Container="http://ns.google.com/photos/1.0/container/" \
        xmlns:Item="http://ns.google.com/photos/1.0/container/item/" hdrgm:Version="1.0">
           <Container:Directory>
            <rdf:Seq>
             <rdf:li rdf:parseType="Resource">
              <Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/>
             </rdf:li>
             <rdf:li rdf:parseType="Resource">
              <Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="\(gainMapLength)"/>
             </rdf:li>
            </rdf:Seq>
           </Container:Directory>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """
    }
}
