import Deflate
import ImageDecoding
import PNGCodec
import Posix

/// What a JPEG is encoded with: the quality (libjpeg's scale) and the metadata it carries.
public struct JPEGSettings: Sendable, Equatable {
    public var quality: Int
    /// The ICC profile, whole.
    public var icc: [UInt8]?
    /// A whole APP1 Exif payload (`Exif\0\0` and the TIFF structure).
    public var exif: [UInt8]?
    /// The XMP packet.
    public var xmp: [UInt8]?

    public init(quality: Int, icc: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil) {
        self.quality = quality
        self.icc = icc
        self.exif = exif
        self.xmp = xmp
    }
}

/// The metadata an encoded picture carries: the ICC profile, and EXIF and XMP under `--keep-metadata`.
public struct PictureMetadata: Sendable, Equatable {
    public var icc: [UInt8]?
    public var exif: [UInt8]?
    public var xmp: [UInt8]?

    public init(icc: [UInt8]? = nil, exif: [UInt8]? = nil, xmp: [UInt8]? = nil) {
        self.icc = icc
        self.exif = exif
        self.xmp = xmp
    }

    /// A profile PNG's `iCCP` held compressed, inflated (nil when it does not inflate within 16 MiB:
    /// the picture is still made, only without the profile).
    public static func inflatedProfile(_ zlib: [UInt8]) -> [UInt8]? {
        try? Inflate.zlib(zlib, limit: 16 << 20)
    }
}

/// An encoded picture, and what it took.
public struct EncodedPicture: Sendable, Equatable {
    public var bytes: [UInt8]
    public var width: Int
    public var height: Int
    /// The JPEG quality used; nil for PNG.
    public var quality: Int?
    /// How many times the encoder ran to find it (the `--max-bytes` search's cost).
    public var encodes: Int
    /// How many 1/√2 steps the picture was shrunk by to fit `--max-bytes`.
    public var shrinkSteps: Int
}

/// The JPEG encoder export uses, handed in from above so this target's search can be tested with any.
public typealias JPEGEncode = @Sendable (Raster, JPEGSettings) -> [UInt8]

/// Encoding an export's picture, fitted to `--max-bytes` (SPEC, "Export"): JPEG at the highest quality
/// from Q down to 50 that fits, found by a search over the quality, then the picture shrunk by 1/√2 at a
/// time and searched again; PNG shrunk until it fits. Never below 64×64: a picture that fits within
/// 64×64 and is still too big is refused. The same picture and settings always give the same bytes.
public enum ExportEncoding {
    /// The lowest quality a `--max-bytes` search goes down to before it shrinks the picture.
    public static let lowestQuality = 50
    /// The goal: at most 8 encodes an entry. The quality search stops there with the best that
    /// fits (after a shrink, the best found in what is left: one encode a size tried, the top quality
    /// only when it may fit). Only a picture that needs more than five sizes tried could take more.
    public static let encodeBudget = 8
    /// The box a picture is shrunk into at most before `--max-bytes` gives up.
    public static let smallestBox = 64

    /// The picture cannot be made to fit: the last size tried and the bytes it took.
    public struct DoesNotFit: Error, Equatable, Sendable {
        public let width: Int
        public let height: Int
        public let bytes: Int
    }

    public static func jpeg(
        _ picture: Raster, quality: Int, maxBytes: Int?, metadata: PictureMetadata, encode: JPEGEncode
    ) throws(DoesNotFit) -> EncodedPicture {
        let flat = ExportPicture.flattened(picture)
        var encodes = 0
        func at(_ raster: Raster, _ q: Int) -> [UInt8] {
            encodes += 1
            return encode(raster, JPEGSettings(quality: q, icc: metadata.icc, exif: metadata.exif, xmp: metadata.xmp))
        }
        func done(_ found: (q: Int, bytes: [UInt8]), _ raster: Raster, _ steps: Int) -> EncodedPicture {
            EncodedPicture(
                bytes: found.bytes, width: raster.width, height: raster.height, quality: found.q, encodes: encodes,
                shrinkSteps: steps)
        }
        let first = at(flat, quality)
        guard let maxBytes, first.count > maxBytes else { return done((quality, first), flat, 0) }
        let low = min(quality, lowestQuality)
        var raster = flat
        var steps = 0
        var lowest = quality == low ? first : at(raster, low)
        var high = (q: quality, count: first.count)
        // Even the lowest quality is too big: shrink, and try the lowest again there (one encode a
        // size). The top quality is not tried at the new size but estimated from the last size's
        // top-to-lowest ratio (near constant across sizes), and tried only if that says it may fit:
        // the two encodes a size that a second shrink cost took the search past 8.
        while lowest.count > maxBytes {
            guard max(raster.width, raster.height) > smallestBox else {
                throw DoesNotFit(width: raster.width, height: raster.height, bytes: lowest.count)
            }
            let ratio = Double(high.count) / Double(max(1, lowest.count))
            steps = nextSteps(after: steps, bytes: lowest.count, maxBytes: maxBytes, picture: flat)
            raster = shrunk(flat, steps: steps)
            lowest = at(raster, low)
            high = (quality, Int(Double(lowest.count) * ratio))
            if quality == low { high.count = lowest.count }
        }
        if high.q > low, high.count <= maxBytes + maxBytes / 10, encodes > 2 {
            let top = at(raster, quality)
            if top.count <= maxBytes { return done((quality, top), raster, steps) }
            high.count = top.count
        }
        let best = highestFitting(
            low: (low, lowest), high: high, tries: max(0, encodeBudget - encodes), maxBytes: maxBytes,
            at: { at(raster, $0) })
        return done(best, raster, steps)
    }

    public static func png(
        _ picture: Raster, maxBytes: Int?, metadata: PictureMetadata
    ) throws(DoesNotFit)
        -> EncodedPicture
    {
        let chunks = PNGWriter.metadataChunks(icc: metadata.icc, exif: metadata.exif, xmp: metadata.xmp)
        var raster = picture
        var bytes = PNGWriter.encode(raster, chunks: chunks)
        var encodes = 1
        var steps = 0
        while let maxBytes, bytes.count > maxBytes {
            guard max(raster.width, raster.height) > smallestBox else {
                throw DoesNotFit(width: raster.width, height: raster.height, bytes: bytes.count)
            }
            steps = nextSteps(after: steps, bytes: bytes.count, maxBytes: maxBytes, picture: picture)
            raster = shrunk(picture, steps: steps)
            bytes = PNGWriter.encode(raster, chunks: chunks)
            encodes += 1
        }
        return EncodedPicture(
            bytes: bytes, width: raster.width, height: raster.height, quality: nil, encodes: encodes,
            shrinkSteps: steps)
    }

    /// The highest quality in [low, high) that fits, knowing `low` fits and `high` does not. Each try
    /// guesses where the bytes cross the limit from the two qualities that bracket it, on libjpeg's own
    /// scale: from quality 50 up, the tables are scaled by 200 − 2q, and a JPEG's bytes go nearly as a
    /// power of that scale, so log(bytes) is close to a line in log(200 − 2q). A guess that fits just
    /// below the failing quality is followed by the one above it, which ends the search when the guess
    /// was right; a try that
    /// fails to halve the interval is followed by a bisection. Stops after `tries`.
    static func highestFitting(
        low: (q: Int, bytes: [UInt8]), high: (q: Int, count: Int), tries: Int, maxBytes: Int,
        at: (Int) -> [UInt8]
    ) -> (q: Int, bytes: [UInt8]) {
        var best = low
        var (highQ, highCount) = high
        var left = tries
        var bisect = false
        var nextAbove = false
        func u(_ q: Int) -> Double { CMath.log(Double(max(1, 200 - 2 * q))) }
        while highQ - best.q > 1, left > 0 {
            let width = highQ - best.q
            var guess = (best.q + highQ) / 2
            if nextAbove {
                guess = best.q + 1
            } else if !bisect, highCount > best.bytes.count, best.bytes.count > 0, highCount != .max {
                let t =
                    (CMath.log(Double(maxBytes)) - CMath.log(Double(best.bytes.count)))
                    / (CMath.log(Double(highCount)) - CMath.log(Double(best.bytes.count)))
                let target = u(best.q) + (u(highQ) - u(best.q)) * t
                guess = Int(((200 - CMath.exp(target)) / 2).rounded(.down))
            }
            guess = min(highQ - 1, max(best.q + 1, guess))
            let bytes = at(guess)
            left -= 1
            let fits = bytes.count <= maxBytes
            if fits { best = (guess, bytes) } else { (highQ, highCount) = (guess, bytes.count) }
            nextAbove = fits && !nextAbove && !bisect && guess + 1 < highQ && highQ - guess <= 3
            bisect = !fits && (highQ - best.q) * 2 > width
        }
        return best
    }

    /// How many 1/√2 steps to shrink by next: as many as the bytes over the limit say (each step halves
    /// the pixels), rounded down, at least one, and never past the first size that fits within 64×64.
    /// Rounded up it overshot: the bench's photos lose bytes faster than pixels as the area filter
    /// averages their noise away, so a size one step larger still fitted.
    static func nextSteps(after steps: Int, bytes: Int, maxBytes: Int, picture: Raster) -> Int {
        let over = Double(bytes) / Double(max(1, maxBytes))
        let more = max(1, Int(CMath.log2(over)))
        var last = steps
        while last < steps + more,
            max(size(picture, steps: last).width, size(picture, steps: last).height) > smallestBox
        {
            last += 1
        }
        return max(steps + 1, last)
    }

    /// The picture's size after `steps` 1/√2 steps, at least 1×1.
    static func size(_ picture: Raster, steps: Int) -> (width: Int, height: Int) {
        let factor = CMath.pow(0.5, Double(steps) / 2)
        return (
            max(1, Int((Double(picture.width) * factor).rounded())),
            max(1, Int((Double(picture.height) * factor).rounded()))
        )
    }

    static func shrunk(_ picture: Raster, steps: Int) -> Raster {
        let (w, h) = size(picture, steps: steps)
        return picture.shrunk(toWidth: w, height: h)
    }
}
