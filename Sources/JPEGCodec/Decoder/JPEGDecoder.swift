import ImageCore

/// Baseline and progressive Huffman JPEG, 8-bit: grey, YCbCr, RGB, CMYK and YCCK.
/// The samples match libjpeg-turbo's defaults (islow IDCT, fancy upsampling, its
/// YCbCr tables), which is what Pillow shows.
public enum JPEGDecoder {
    /// Decodes at 1/scale in the DCT domain; scale is 1, 2, 4 or 8. Output size is ceil(W/scale)×ceil(H/scale),
    /// as libjpeg. A file whose data runs out gives what decoded, the rest grey, as libjpeg shows it.
    public static func decode(_ bytes: [UInt8], scale: Int = 1) throws(DecodeError) -> Raster {
        try decodeReportingDamage(bytes, scale: scale).raster
    }

    /// The same, with `damage` set when some pixel the file describes is not in it (the data ran out, or
    /// a progressive file ended before its last scan): what writers of pixels refuse.
    /// `cmyk`, when given, turns a CMYK or YCCK picture's ink into RGB (its ICC profile's conversion).
    public static func decodeReportingDamage(
        _ bytes: [UInt8], scale: Int = 1, cmyk: CMYKToRGB? = nil
    ) throws(DecodeError) -> (raster: Raster, damage: DecodeError?) {
        guard scale == 1 || scale == 2 || scale == 4 || scale == 8 else {
            throw .unsupported("JPEG decoding at 1/\(scale) scale")
        }
        return try bytes.withUnsafeBufferPointer { data throws(DecodeError) -> (Raster, DecodeError?) in
            let decoding = JPEGDecoding(data, scale: scale, cmyk: cmyk)
            let raster = try decoding.run()
            return (raster, decoding.damage.found)
        }
    }

    /// The same picture handed to `sink` a row at a time, top to bottom, never held whole: the rows are
    /// `decodeReportingDamage`'s, pixel for pixel (both come out of the one row assembler). A baseline file
    /// holds a few MCU rows as it goes; a progressive one its coefficients (2 bytes each), as the whole
    /// decode does, but no RGBA raster. Returns the damage, as `decodeReportingDamage` sets it, once every
    /// row went into the sink; a throw may come after some rows did.
    public static func decodeRows(
        _ bytes: [UInt8], scale: Int = 1, cmyk: CMYKToRGB? = nil, into sink: RowSink
    ) throws(DecodeError) -> DecodeError? {
        guard scale == 1 || scale == 2 || scale == 4 || scale == 8 else {
            throw .unsupported("JPEG decoding at 1/\(scale) scale")
        }
        return try bytes.withUnsafeBufferPointer { data throws(DecodeError) -> DecodeError? in
            let decoding = JPEGDecoding(data, scale: scale, cmyk: cmyk, sink: sink)
            _ = try decoding.run()
            return decoding.damage.found
        }
    }
}

/// One decode: reads the markers in order and runs the scans.
final class JPEGDecoding {
    /// Scans past this many are refused, a limit against hostile files: each scan costs a pass and its
    /// set-up however little it codes. Above the most a real file was seen with (883 scans, 1024², which
    /// Pillow and djpeg decode); TurboJPEG's own limit of 500 refused that one.
    static let maxScans = 1000
    /// Blocks all scans together may visit: this many per byte of the file, plus a floor. A scan coding
    /// every block in end-of-band runs costs a few bytes, so without it the work would not follow the data.
    /// The floor, 2^24 visits (a fifth of a second at most: a block in an end-of-band run costs 5 to 15 ns),
    /// lets a small file of many such scans through, as the 883-scan one (14.5 million visits) is.
    static let visitsPerByte = 256
    static let visitsFloor = 1 << 24

    private let data: UnsafeBufferPointer<UInt8>
    private let scale: Int
    private let cmyk: CMYKToRGB?
    /// Where the rows go when they are not collected into a raster (`JPEGDecoder.decodeRows`).
    private let sink: RowSink?
    private var segments: JPEGSegmentReader
    private var tables = JPEGTables()
    private var frame: JPEGFrame?
    private var scans = 0
    private var visits = 0
    private var image: JPEGBufferedImage?
    /// What of the picture is missing, found on the way.
    private(set) var damage = JPEGDamage()

    init(_ data: UnsafeBufferPointer<UInt8>, scale: Int, cmyk: CMYKToRGB? = nil, sink: RowSink? = nil) {
        self.data = data
        self.scale = scale
        self.cmyk = cmyk
        self.sink = sink
        segments = JPEGSegmentReader(data)
    }

    func run() throws(DecodeError) -> Raster {
        try segments.readStartOfImage()
        do throws(DecodeError) {
            return try readSegments()
        } catch {
            // Cut short between the scans of a progressive (or multi-scan) image: the scans read so far
            // make the picture, as libjpeg shows it after a premature end of the file.
            guard case .truncated = error, let image else { throw error }
            return try finishEarly(image, cut: error)
        }
    }

    /// The data ended before EOI: the picture is whole only if the scans so far coded all of it.
    private func finishEarly(_ image: JPEGBufferedImage, cut: DecodeError?) throws(DecodeError) -> Raster {
        guard let frame else { return try image.finish(into: sink) }
        damage.endedEarly(after: scans, frame: frame, progression: image.progression, cut: cut)
        return try image.finish(into: sink)
    }

    private func readSegments() throws(DecodeError) -> Raster {
        while true {
            guard let marker = segments.nextMarker() else {
                if let image { return try finishEarly(image, cut: nil) }
                throw .truncated(section: frame == nil ? "before the frame header" : "before the first scan")
            }
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                guard frame == nil else { throw .corrupt("two frame headers (SOF)") }
                frame = try JPEGHeaders.readFrame(try segments.readSegment(named: "SOF"), progressive: marker == 0xC2)
            case 0xC3: throw .unsupported("lossless JPEG")
            case 0xC5, 0xC6, 0xC7: throw .unsupported("hierarchical JPEG")
            case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF: throw .unsupported("arithmetic-coded JPEG")
            case 0xC4: try tables.readHuffmanTables(try segments.readSegment(named: "DHT"))
            case 0xDB: try tables.readQuantizationTables(try segments.readSegment(named: "DQT"))
            case 0xDD: try tables.readRestartInterval(try segments.readSegment(named: "DRI"))
            case 0xE0: tables.readApp0(try segments.readSegment(named: "APP0", lenient: true))
            case 0xEE: tables.readApp14(try segments.readSegment(named: "APP14", lenient: true))
            case 0xE1...0xED, 0xEF, 0xFE, 0xCC, 0xDC:  // other APPn, COM, DAC, DNL: nothing we need
                _ = try segments.readSegment(
                    named: "marker 0x\(String(marker, radix: 16, uppercase: true))",
                    lenient: marker != 0xCC)
            case 0x01, 0xD0...0xD7:  // TEM and stray RSTn carry no segment
                continue
            case 0xD8: throw .corrupt("a second start-of-image marker")
            case 0xD9:
                if let image { return try image.finish(into: sink) }
                throw .corrupt(frame == nil ? "no frame header before the end of the image" : "no scan in the image")
            case 0xDA:
                if let raster = try startOfScan() { return raster }
            default:
                throw .corrupt("unknown marker 0x\(String(marker, radix: 16, uppercase: true))")
            }
        }
    }

    /// Reads an SOS and decodes its scan. Returns the image when the scan completes it (the streaming path).
    private func startOfScan() throws(DecodeError) -> Raster? {
        guard let frame else { throw .corrupt("scan (SOS) before the frame header (SOF)") }
        let scan = try JPEGHeaders.readScan(try segments.readSegment(named: "SOS"), frame: frame)
        scans += 1
        guard scans <= Self.maxScans else {
            throw .unsupported(
                "JPEG of more scans than imgsel decodes (\(Self.maxScans)): a limit against hostile files")
        }
        let kind = JPEGScanKind(frame: frame, scan: scan)
        if scan.components.count > 1 {
            let blocks = scan.components.reduce(0) { $0 + frame.components[$1].h * frame.components[$1].v }
            guard blocks <= 10 else { throw .corrupt("interleaved scan with \(blocks) blocks an MCU (at most 10)") }
        }
        if frame.progressive { try Self.checkProgression(scan) }
        if scans == 1 {
            tables.fillStandardHuffmanTables()
            try checkPlausible(frame)
        }
        let transform = try JPEGColorTransform.choose(
            componentIDs: frame.components.map(\.id), sawJFIF: tables.sawJFIF, adobeTransform: tables.adobeTransform)
        if image == nil && !frame.progressive && scan.components.count == frame.components.count {
            return try decodeStreaming(frame: frame, scan: scan, transform: transform)
        }
        let image: JPEGBufferedImage
        if let existing = self.image {
            image = existing
        } else {
            image = try JPEGBufferedImage(
                frame: frame, scale: scale, transform: transform, cmyk: cmyk, inputBytes: data.count)
            self.image = image
        }
        visits += JPEGBufferedScan.blockCount(frame: frame, scan: scan)
        guard visits <= Self.visitsPerByte * data.count + Self.visitsFloor else {
            throw .unsupported(
                "JPEG whose \(scans) scans ask for more work than its \(data.count) bytes describe: "
                    + "a limit against hostile files")
        }
        let components = try scanComponents(
            frame: frame, scan: scan, kind: kind, quantization: image.quantization,
            blockSizes: nil)
        if frame.progressive { image.progression.startScan(scan) }
        let masks = try JPEGMaskedBlock.masks(frame: frame, scan: scan, scale: scale, store: image.store)
        var reader = JPEGBitReader(data, from: segments.position)
        var lastGood = image.progression.lastGoodIMCURow
        let shortRow = withExtendedLifetime(components.tables) {
            JPEGBufferedScan(
                frame: frame, scan: scan, kind: kind, components: components.list,
                restartInterval: tables.restartInterval, store: image.store, masks: masks
            )
            .decode(&reader, lastGoodIMCURow: &lastGood)
        }
        image.progression.lastGoodIMCURow = lastGood
        if let shortRow { damage.scanRanShort(scans, row: shortRow, frame: frame, streaming: false) }
        if !frame.progressive { damage.sequentialScan(scan.components) }
        segments.position = reader.position
        return nil
    }

    private func decodeStreaming(
        frame: JPEGFrame, scan: JPEGScanHeader, transform: JPEGColorTransform
    )
        throws(DecodeError) -> Raster
    {
        let width = JPEGFrame.ceilDiv(frame.width, scale), height = JPEGFrame.ceilDiv(frame.height, scale)
        try JPEGBufferedImage.checkBudget(
            frame: frame, outputWidth: width, outputHeight: height,
            working: JPEGRowAssembler.workingBytes(frame: frame, scale: scale) + data.count)
        let quantization = JPEGQuantization(componentCount: frame.components.count)
        let sizes = JPEGScaling.blockSizes(frame: frame, scale: scale)
        let components = try scanComponents(
            frame: frame, scan: scan, kind: .sequential, quantization: quantization,
            blockSizes: sizes)
        var shortRow: Int?
        let raster = try JPEGPixels.made(width: width, height: height, sink: sink) { target throws(DecodeError) in
            let assembler = try JPEGRowAssembler(
                frame: frame, scale: scale, transform: transform, cmyk: cmyk, output: target)
            var reader = JPEGBitReader(data, from: segments.position)
            shortRow = withExtendedLifetime(components.tables) {
                JPEGStreamingScan(
                    frame: frame, components: components.list, restartInterval: tables.restartInterval,
                    assembler: assembler
                ).decode(&reader)
            }
        }
        if let shortRow { damage.scanRanShort(scans, row: shortRow, frame: frame, streaming: true) }
        return raster
    }

    /// The scan's components with their tables, built (and checked) now; quantization tables latch here.
    private func scanComponents(
        frame: JPEGFrame, scan: JPEGScanHeader, kind: JPEGScanKind, quantization: JPEGQuantization, blockSizes: [Int]?
    ) throws(DecodeError) -> (list: [JPEGScanComponent], tables: [JPEGHuffmanTable]) {
        var list: [JPEGScanComponent] = []
        var keep: [JPEGHuffmanTable] = []
        for (i, index) in scan.components.enumerated() {
            try quantization.latch(index, frame: frame, tables: tables)
            let needsDC = kind == .sequential || kind == .dcFirst
            let needsAC = kind == .sequential || kind == .acFirst || kind == .acRefine
            var dc: JPEGHuffmanLookup?, ac: JPEGHuffmanLookup?
            if needsDC {
                let table = try huffmanTable(tables.dcSpecs, scan.dcSelectors[i], isDC: true)
                keep.append(table)
                dc = JPEGHuffmanLookup(table)
            }
            if needsAC {
                let table = try huffmanTable(tables.acSpecs, scan.acSelectors[i], isDC: false)
                keep.append(table)
                ac = JPEGHuffmanLookup(table)
            }
            let c = frame.components[index]
            list.append(
                JPEGScanComponent(
                    index: index, h: c.h, v: c.v, dc: dc, ac: ac,
                    blockSize: blockSizes?[index] ?? 8, quant: quantization.table(index)))
        }
        return (list, keep)
    }

    private func huffmanTable(
        _ specs: [JPEGHuffmanSpec?], _ selector: Int, isDC: Bool
    )
        throws(DecodeError) -> JPEGHuffmanTable
    {
        guard selector < specs.count, let spec = specs[selector] else {
            throw .corrupt("scan uses \(isDC ? "DC" : "AC") Huffman table \(selector), which is not defined")
        }
        return try JPEGHuffmanTable(spec, isDC: isDC)
    }

    /// Progressive scan parameters as libjpeg's start_pass_phuff_decoder checks them.
    private static func checkProgression(_ scan: JPEGScanHeader) throws(DecodeError) {
        let valid: Bool
        if scan.ss == 0 {
            valid = scan.se == 0
        } else {
            valid = scan.ss <= scan.se && scan.se <= 63 && scan.components.count == 1
        }
        guard valid, scan.ah == 0 || scan.al == scan.ah - 1, scan.al <= 13, scan.ah <= 13 else {
            throw .corrupt("progressive scan parameters Ss=\(scan.ss) Se=\(scan.se) Ah=\(scan.ah) Al=\(scan.al)")
        }
    }

    /// Every block costs its first scan at least a bit (two in sequential JPEG: a DC and an AC code),
    /// so a file claiming a huge size with little data behind it is refused before anything image-sized
    /// is allocated.
    private func checkPlausible(_ frame: JPEGFrame) throws(DecodeError) {
        let bits = (data.count - segments.position) * 8
        let needed = frame.usedBlockCount * (frame.progressive ? 1 : 2)
        guard needed <= bits else {
            throw .truncated(
                section: "scan data: \(data.count - segments.position) bytes cannot hold "
                    + "a \(frame.width)×\(frame.height) JPEG")
        }
    }
}
