import Dispatch
import ImageCore

/// The planes a grid's tiles are put into, cut to the grid's output size; tiles are decoded
/// on every core, each copying its samples into its own part of the planes.
final class HEIFCanvas {
    /// The planes' shape (its own planes empty): what each tile must agree with.
    private let shape: HEVCPicture
    // Three stored properties, not one picture, so that the three planes can be written at once.
    private var luma: [UInt16], cb: [UInt16], cr: [UInt16]

    /// Only called once the size has passed DecodeLimits.
    init(width: Int, height: Int, bitDepthLuma: Int, bitDepthChroma: Int, chroma: HEVCPicture.Chroma) {
        let chromaSize = chroma.chromaSize(width: width, height: height)
        let chromaSamples = chromaSize.width * chromaSize.height
        shape = HEVCPicture(
            width: width, height: height, bitDepthLuma: bitDepthLuma, bitDepthChroma: bitDepthChroma, chroma: chroma,
            luma: [], cb: [], cr: [])
        luma = [UInt16](repeating: 0, count: width * height)
        cb = [UInt16](repeating: 0, count: chromaSamples)
        cr = cb
    }

    /// The planes put together.
    var picture: HEVCPicture {
        HEVCPicture(
            width: shape.width, height: shape.height, bitDepthLuma: shape.bitDepthLuma,
            bitDepthChroma: shape.bitDepthChroma, chroma: shape.chroma, luma: luma, cb: cb, cr: cr)
    }

    private struct Target: Sendable {
        let luma: SendablePointer<UInt16>, cb: SendablePointer<UInt16>?, cr: SendablePointer<UInt16>?
    }

    /// Runs `tile(i)` for every i, at once on every core, and copies each picture it gives to
    /// its place. The first failing tile's error (by index) is thrown; a tile whose format is
    /// not the grid's (chroma, bit depth) is corrupt.
    func fill(
        tiles count: Int,
        _ tile: @Sendable (Int) throws(DecodeError) -> (HEVCPicture, x: Int, y: Int)
    ) throws(DecodeError) {
        var failure: DecodeError?
        let shape = self.shape
        self.luma.withUnsafeMutableBufferPointer { luma in
            self.cb.withUnsafeMutableBufferPointer { cb in
                self.cr.withUnsafeMutableBufferPointer { cr in
                    let target = Target(
                        luma: SendablePointer(luma.baseAddress!), cb: cb.baseAddress.map(SendablePointer.init),
                        cr: cr.baseAddress.map(SendablePointer.init))
                    do throws(DecodeError) {
                        try HEIFTileJobs.run(count: count) { (i) throws(DecodeError) in
                            let (p, x, y) = try tile(i)
                            guard p.chroma == shape.chroma, p.bitDepthLuma == shape.bitDepthLuma,
                                p.bitDepthChroma == shape.bitDepthChroma
                            else { throw .corrupt("HEIF grid tile \(i + 1) of another format") }
                            Self.copy(p, x: x, y: y, into: target, shape: shape)
                        }
                    } catch {
                        failure = error
                    }
                }
            }
        }
        if let failure { throw failure }
    }

    /// Copies the part of `p` that lies within the canvas, its top-left corner at (x, y);
    /// x and y are multiples of the chroma subsampling (even for 4:2:0; x even for 4:2:2), so its
    /// chroma lands at (x, y) shifted by it.
    private static func copy(_ p: HEVCPicture, x: Int, y: Int, into target: Target, shape: HEVCPicture) {
        let width = min(p.width, shape.width - x), height = min(p.height, shape.height - y)
        guard width > 0, height > 0 else { return }
        p.luma.withUnsafeBufferPointer { src in
            for row in 0..<height {
                (target.luma.base + (y + row) * shape.width + x).update(
                    from: src.baseAddress! + row * p.width, count: width)
            }
        }
        guard shape.chroma != .monochrome, let cbTarget = target.cb?.base, let crTarget = target.cr?.base else {
            return
        }
        let canvasChroma = shape.chromaSize, tileChroma = p.chromaSize.width
        let cx = x >> shape.chroma.shift.x, cy = y >> shape.chroma.shift.y
        let cw = min(tileChroma, canvasChroma.width - cx), ch = min(p.chromaSize.height, canvasChroma.height - cy)
        guard cw > 0, ch > 0 else { return }
        for (plane, to) in [(p.cb, cbTarget), (p.cr, crTarget)] {
            plane.withUnsafeBufferPointer { src in
                for row in 0..<ch {
                    (to + (cy + row) * canvasChroma.width + cx).update(
                        from: src.baseAddress! + row * tileChroma, count: cw)
                }
            }
        }
    }
}

/// The jobs of a grid, one a tile, at once on every core.
enum HEIFTileJobs {
    /// Runs `job(i)` for every i in 0..<count (count at least 1); the first failing job's error,
    /// by index, is thrown once all have run.
    static func run(count: Int, _ job: @Sendable (Int) throws(DecodeError) -> Void) throws(DecodeError) {
        var errors = [DecodeError?](repeating: nil, count: count)
        errors.withUnsafeMutableBufferPointer { errorSlots in
            let slots = SendablePointer(errorSlots.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: count) { i in
                do throws(DecodeError) {
                    try job(i)
                } catch {
                    slots.base[i] = error
                }
            }
        }
        if let error = errors.lazy.compactMap({ $0 }).first { throw error }
    }

    /// A grid decoded straight into a raster of `window`'s size (`window` in the grid's output):
    /// each tile converted to RGBA as it is decoded and let go, so the grid's planes (a fifth
    /// more than the raster at 16 bits a sample, 4:2:0) are never held. The pixels are those
    /// the planes put together and converted would give.
    ///
    /// The raster is not filled first: the tiles cover the grid (`gridLayout` checks it) and so
    /// the window, and each is written whole, so its memory is first touched by the jobs on
    /// every core (the one-core fill of a 12-MP raster and its page faults kept the second core
    /// idle for the first 40 ms of a grid thumbnail, against 15 ms without).
    static func convert(
        _ layout: HEIFGridLayout, _ pictures: HEIFItemPictures, window: HEIFRect, matrix: HEIFColourMatrix,
        hasAlpha: Bool
    ) throws(DecodeError) -> Raster {
        try DecodeLimits.check(width: window.width, height: window.height)
        precondition(window.x >= 0 && window.y >= 0 && window.x + window.width <= layout.width)
        precondition(window.y + window.height <= layout.height)
        precondition(layout.columns * layout.tileWidth >= layout.width)
        precondition(layout.tiles.count / layout.columns * layout.tileHeight >= layout.height)
        let count = window.width * window.height * 4
        var failure: DecodeError?
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialised in
            let target = SendablePointer(out.baseAddress!)
            do throws(DecodeError) {
                try run(count: layout.tiles.count) { (i) throws(DecodeError) in
                    let (p, x, y) = try pictures.tile(i, of: layout)
                    guard p.chroma == layout.chroma, p.bitDepthLuma == layout.bitDepthLuma,
                        p.bitDepthChroma == layout.bitDepthChroma
                    else { throw .corrupt("HEIF grid tile \(i + 1) of another format") }
                    HEIFPixels.convertTile(p, x: x, y: y, window: window, matrix: matrix, into: target)
                }
                initialised = count
            } catch {
                failure = error
                initialised = 0
            }
        }
        if let failure { throw failure }
        return Raster(width: window.width, height: window.height, pixels: pixels, hasAlpha: hasAlpha)
    }
}
