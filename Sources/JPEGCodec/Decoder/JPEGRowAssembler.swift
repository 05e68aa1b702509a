import ImageCore

/// Where IDCT output goes and how it becomes RGBA rows. Each component has a ring of
/// three iMCU rows of samples (at its scaled size): the rows being decoded, the rows
/// being output, and the ones above them, so the vertical triangle filter has its
/// neighbours. Output lags decoding by one iMCU row. Memory is a few MCU rows,
/// whatever the image height. The rows go into a whole raster, or one at a time into a `RowSink`
/// (converted into one row of its own, then handed on): the same conversion either way, so the same pixels.
final class JPEGRowAssembler {
    enum Upsampling: Equatable {
        case none, h2v1Fancy, h1v2Fancy, h2v2Fancy, replicate
    }

    struct Plane {
        let ring: UnsafeMutablePointer<UInt8>
        let stride: Int
        /// Sample rows an iMCU row gives this component (v × IDCT size), and the ring's rows (three times that).
        let rowsPerIMCURow: Int
        let ringRows: Int
        /// Samples across and down at the decode scale (libjpeg's downsampled_width/height).
        let width: Int
        let height: Int
        let blockSize: Int
        let upsampling: Upsampling
        let hExpand: Int
        let vExpand: Int
        /// One upsampled row.
        let scratch: UnsafeMutablePointer<UInt8>
    }

    let planes: [Plane]
    private let components: [JPEGComponent]
    let outputWidth: Int
    let outputHeight: Int
    /// Output rows each iMCU row gives.
    let outputRowsPerIMCURow: Int
    /// The raster's first byte, or the one row a sink's rows are converted into.
    let output: UnsafeMutablePointer<UInt8>
    /// Where rows go one at a time; nil when they go into the raster at `output`.
    private let sink: RowSink?
    private let converter: JPEGColorConverter
    private let rowPointers: UnsafeMutablePointer<UnsafePointer<UInt8>>

    /// The bytes the rings and scratch rows of `frame` at `scale` take, for the budget check.
    static func workingBytes(frame: JPEGFrame, scale: Int) -> Int {
        let sizes = JPEGScaling.blockSizes(frame: frame, scale: scale)
        var total = 0
        for (c, size) in zip(frame.components, sizes) {
            let stride = c.storedBlocksWide * size
            total += 3 * c.v * size * stride + 4 * stride + 64
        }
        return total
    }

    init(
        frame: JPEGFrame, scale: Int, transform: JPEGColorTransform, cmyk: CMYKToRGB? = nil,
        output target: Target
    )
        throws(DecodeError)
    {
        let minimum = 8 / scale
        outputWidth = JPEGFrame.ceilDiv(frame.width, scale)
        outputHeight = JPEGFrame.ceilDiv(frame.height, scale)
        outputRowsPerIMCURow = frame.maxV * minimum
        converter = JPEGColorConverter(transform, cmyk: cmyk)
        let sizes = JPEGScaling.blockSizes(frame: frame, scale: scale)
        // Every component's method first: a throw after allocating would leak (deinit does not run).
        var methods: [Upsampling] = []
        for (c, size) in zip(frame.components, sizes) {
            methods.append(try Self.upsampling(c, blockSize: size, frame: frame, scale: scale))
        }
        switch target {
        case .raster(let base): (output, sink) = (base, nil)
        case .rows(let rows): (output, sink) = (.allocate(capacity: outputWidth * 4), rows)
        }
        var planes: [Plane] = []
        for ((c, size), upsampling) in zip(zip(frame.components, sizes), methods) {
            let hIn = c.h * size / minimum, vIn = c.v * size / minimum
            let hOut = frame.maxH, vOut = frame.maxV
            let width = JPEGFrame.ceilDiv(frame.width * c.h * size, frame.maxH * 8)
            let height = JPEGFrame.ceilDiv(frame.height * c.v * size, frame.maxV * 8)
            let stride = c.storedBlocksWide * size
            let rows = c.v * size
            let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * rows * stride)
            ring.initialize(repeating: 128, count: 3 * rows * stride)
            let scratchSize = max(outputWidth, width * (hOut / hIn)) + 64
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchSize)
            scratch.initialize(repeating: 128, count: scratchSize)
            planes.append(
                Plane(
                    ring: ring, stride: stride, rowsPerIMCURow: rows, ringRows: 3 * rows, width: width, height: height,
                    blockSize: size, upsampling: upsampling, hExpand: hOut / hIn, vExpand: vOut / vIn, scratch: scratch)
            )
        }
        self.planes = planes
        components = frame.components
        rowPointers = .allocate(capacity: 4)
        rowPointers.initialize(repeating: UnsafePointer(planes[0].scratch), count: 4)
    }

    /// How a component reaches the output grid, as libjpeg-turbo's jinit_upsampler chooses.
    private static func upsampling(
        _ c: JPEGComponent, blockSize size: Int, frame: JPEGFrame, scale: Int
    )
        throws(DecodeError) -> Upsampling
    {
        let minimum = 8 / scale
        let hIn = c.h * size / minimum, vIn = c.v * size / minimum
        let hOut = frame.maxH, vOut = frame.maxV
        let width = JPEGFrame.ceilDiv(frame.width * c.h * size, frame.maxH * 8)
        let fancy = minimum > 1  // libjpeg-turbo: no fancy upsampling with 1×1 IDCTs
        if hIn == hOut && vIn == vOut { return .none }
        if hIn * 2 == hOut && vIn == vOut && fancy && width > 2 { return .h2v1Fancy }
        if hIn == hOut && vIn * 2 == vOut && fancy { return .h1v2Fancy }
        if hIn * 2 == hOut && vIn * 2 == vOut && fancy && width > 2 { return .h2v2Fancy }
        if hOut % hIn == 0 && vOut % vIn == 0 { return .replicate }
        // libjpeg refuses these too (JERR_FRACT_SAMPLE_NOTIMPL), so Pillow shows nothing to match.
        throw .unsupported("JPEG with sampling factors \(c.h)×\(c.v) against \(hOut)×\(vOut)")
    }

    /// Where the rows go: the whole raster's first byte, or a sink taking them one at a time.
    enum Target {
        case raster(UnsafeMutablePointer<UInt8>)
        case rows(RowSink)
    }

    deinit {
        if sink != nil { output.deallocate() }
        for plane in planes {
            plane.ring.deallocate()
            plane.scratch.deallocate()
        }
        rowPointers.deallocate()
    }

    /// Where the IDCT output of a component's blocks in one iMCU row goes, worked out once a row.
    struct RowTargets {
        let base: UnsafeMutablePointer<UInt8>
        let stride: Int
        let blockSize: Int
        /// Block rows (of v) and columns that hold samples; the others are only decoded.
        let usedBlockRows: Int
        let usedBlocksWide: Int

        @inline(__always) func block(row: Int, column: Int) -> UnsafeMutablePointer<UInt8> {
            base + (row &* blockSize &* stride &+ column &* blockSize)
        }
    }

    func rowTargets(component: Int, iMCURow: Int) -> RowTargets {
        let plane = planes[component], info = components[component]
        return RowTargets(
            base: plane.ring + (iMCURow % 3) * plane.rowsPerIMCURow * plane.stride,
            stride: plane.stride, blockSize: plane.blockSize,
            usedBlockRows: max(0, min(info.v, info.usedBlocksHigh - iMCURow * info.v)),
            usedBlocksWide: info.usedBlocksWide)
    }

    /// Component sample row `row`, clamped to the component's rows (libjpeg repeats the edge rows).
    @inline(__always) private func sampleRow(_ plane: Plane, _ row: Int) -> UnsafePointer<UInt8> {
        let clamped = min(max(row, 0), plane.height - 1)
        return UnsafePointer(plane.ring + (clamped % plane.ringRows) * plane.stride)
    }

    /// Converts the output rows of iMCU row `iMCURow`; its neighbours above and below must still be in the rings.
    func emit(iMCURow: Int) {
        let first = iMCURow * outputRowsPerIMCURow
        let last = min(first + outputRowsPerIMCURow, outputHeight)
        guard first < last else { return }
        for y in first..<last {
            for (index, plane) in planes.enumerated() {
                rowPointers[index] = upsampledRow(plane, y)
            }
            guard let sink else {
                converter.convert(UnsafePointer(rowPointers), width: outputWidth, into: output + y * outputWidth * 4)
                continue
            }
            converter.convert(UnsafePointer(rowPointers), width: outputWidth, into: output)
            sink.row(y, UnsafePointer(output))
        }
    }

    private func upsampledRow(_ plane: Plane, _ y: Int) -> UnsafePointer<UInt8> {
        switch plane.upsampling {
        case .none:
            return sampleRow(plane, y)
        case .h2v1Fancy:
            JPEGUpsampling.h2v1Fancy(sampleRow(plane, y), count: plane.width, into: plane.scratch)
        case .h1v2Fancy:
            let row = y >> 1, below = y & 1 == 1
            JPEGUpsampling.h1v2Fancy(
                sampleRow(plane, row), sampleRow(plane, below ? row + 1 : row - 1),
                count: plane.width, bias: below ? 2 : 1, into: plane.scratch)
        case .h2v2Fancy:
            let row = y >> 1
            JPEGUpsampling.h2v2Fancy(
                sampleRow(plane, row), sampleRow(plane, y & 1 == 1 ? row + 1 : row - 1),
                count: plane.width, into: plane.scratch)
        case .replicate:
            let source = sampleRow(plane, y / plane.vExpand)
            if plane.hExpand == 1 { return source }
            JPEGUpsampling.replicate(source, count: plane.width, factor: plane.hExpand, into: plane.scratch)
        }
        return UnsafePointer(plane.scratch)
    }
}
