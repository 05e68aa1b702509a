import ImageCore

/// imgsel's own JPEG encoder (export's re-encoding): JFIF, YCbCr 4:2:0 below quality 90 and 4:4:4
/// from 90 (one grey component when every pixel is grey, with its own table and dead zone), tables
/// scaled by libjpeg's quality formula (from a base tuned for fewer bytes at equal quality, so q85 is
/// near cjpeg's q85, not its table: see QuantTables), Huffman tables made for each scan's own
/// symbols, progressive (its scan script chosen for the image: ScanSearch) or baseline. The same
/// raster and options always give the same bytes.
public enum JPEGEncoder {
    public struct Options: Sendable {
        /// 1...100, libjpeg's scale (values outside are clamped, as cjpeg does).
        public var quality: Int
        /// Progressive scans (smaller files); false writes one baseline scan.
        public var progressive: Bool
        /// Written as APP2 ICC_PROFILE chunks (left out if it needs more than 255 of them).
        public var iccProfile: [UInt8]?
        /// A whole APP1 Exif payload ("Exif\0\0" + TIFF); left out when over one segment's 65 533 bytes.
        public var exif: [UInt8]?
        /// An APP1 XMP payload, with or without its "http://ns.adobe.com/xap/1.0/\0" header (added when
        /// missing); left out when over one segment (extended XMP is not written).
        public var xmp: [UInt8]?

        public init(
            quality: Int = 85, progressive: Bool = true, iccProfile: [UInt8]? = nil, exif: [UInt8]? = nil,
            xmp: [UInt8]? = nil
        ) {
            self.quality = quality
            self.progressive = progressive
            self.iccProfile = iccProfile
            self.exif = exif
            self.xmp = xmp
        }
    }

    /// Opaque RGB(A) raster in (alpha ignored: composite before calling); JFIF file bytes out.
    /// Deterministic. A raster of zero width or height is a programmer's error (JPEG has no empty
    /// image: a height of 0 in SOF means "given later", which no phone reads), stopped by a
    /// precondition, as are sides over 65 500 (libjpeg's JPEG_MAX_DIMENSION: its decoders refuse
    /// more). Every Raster a decoder makes is within both (DecodeLimits: 16 384 a side).
    public static func encode(_ raster: Raster, options: Options) -> [UInt8] {
        encode(raster, options: options) { ScanSearch.script($0, coefficients: $1) }
    }

    /// `encode` of a picture read a row at a time (JPEGPixelRows): the same pixels give the same bytes.
    public static func encode(rows: some JPEGPixelRows, options: Options) -> [UInt8] {
        encode(.rows(rows), options: options) { ScanSearch.script($0, coefficients: $1) }
    }

    /// `encode` with the progressive script given by `script` (tests compare scripts with it).
    static func encode(
        _ raster: Raster, options: Options, script: (Frame, Coefficients) -> [Scan]
    ) -> [UInt8] {
        raster.pixels.withUnsafeBufferPointer { pixels in
            guard let base = pixels.baseAddress else {
                preconditionFailure("JPEGEncoder: a JPEG needs at least one pixel")
            }
            let place = SendablePointer(mutating: base)
            return encode(.raster(place, width: raster.width, height: raster.height), options: options, script: script)
        }
    }

    /// The encoder itself, whichever way its rows come.
    static func encode(
        _ pixels: Pixels, options: Options, script: (Frame, Coefficients) -> [Scan]
    ) -> [UInt8] {
        let (width, height) = (pixels.width, pixels.height)
        precondition(width > 0 && height > 0, "JPEGEncoder: a JPEG needs at least one pixel")
        precondition(width <= 65500 && height <= 65500, "JPEGEncoder: libjpeg reads sides to 65 500")
        let quality = min(max(options.quality, 1), 100)
        let grey = pixels.isGrey()
        let frame = Frame(
            width: width, height: height, components: grey ? 1 : 3, subsampled: !grey && quality < 90)
        let tables = QuantTables(quality: quality, grey: grey)
        let coefficients = Coefficients.make(pixels, frame: frame, tables: tables)
        var out = Markers.header(options: options)
        Markers.appendQuantTables(tables, components: frame.components.count, to: &out)
        Markers.appendFrame(frame, progressive: options.progressive, to: &out)
        let scans = options.progressive ? script(frame, coefficients) : [ScanScript.sequential(frame)]
        // Scans are independent once the coefficients are made: each on a core, the costliest first
        // (cores take them in the order given, and the last luma refinement, started last, was the
        // long pole), joined in the script's order whatever order they ran in.
        let order = scans.indices.sorted { (cost(scans[$0], frame), $1) > (cost(scans[$1], frame), $0) }
        let encoded: [[UInt8]]
        if options.progressive {
            // Every scan counted and kept first, so tables can be shared between scans (SharedTables).
            let recordings = Parallel.map(order) {
                ScanEncoder.record(scans[$0], frame: frame, coefficients: coefficients)
            }
            var counts = [[[Int]]](repeating: [], count: scans.count)
            for (slot, index) in order.enumerated() { counts[index] = recordings[slot].counts }
            let plan = SharedTables.plan(counts)
            encoded = Parallel.map(Array(order.indices)) { slot in
                let index = order[slot]
                return ScanEncoder.write(
                    recordings[slot], scan: scans[index], frame: frame, ids: plan.ids[index],
                    definitions: plan.definitions[index], codes: plan.codes[index])
            }
        } else {
            encoded = [ScanEncoder.scan(scans[0], frame: frame, coefficients: coefficients)]
        }
        var byScan = [[UInt8]](repeating: [], count: scans.count)
        for (slot, index) in order.enumerated() { byScan[index] = encoded[slot] }
        for bytes in byScan { out += bytes }
        out += [0xFF, 0xD9]
        return out
    }

    /// A scan's rough cost, only to order the work: a fixed part a block (its walk) and the
    /// coefficients of its band, fewer the more low bits it leaves out (each one halves a
    /// magnitude, and most of a photo's coefficients are small).
    static func cost(_ scan: Scan, _ frame: Frame) -> Int {
        let blocks = scan.components.reduce(0) {
            $0 + frame.components[$1].blocksWide * frame.components[$1].blocksHigh
        }
        return blocks * (8 + ((scan.end - scan.start + 1) * 16) >> (2 * scan.low))
    }
}
