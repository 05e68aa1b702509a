import ImageCore

/// One colour component as the frame header (SOF) declares it, with the block
/// counts the decoder derives from the frame.
struct JPEGComponent {
    var id: Int
    /// Sampling factors, 1...4 each.
    var h: Int
    var v: Int
    var quantSelector: Int
    /// Blocks across and down as stored: whole MCUs, so interleaved scans can fill them.
    var storedBlocksWide = 0
    var storedBlocksHigh = 0
    /// Blocks that hold image samples (what a non-interleaved scan codes).
    var usedBlocksWide = 0
    var usedBlocksHigh = 0
}

/// What the start-of-frame segment says, plus the MCU grid derived from it.
struct JPEGFrame {
    var width: Int
    var height: Int
    var progressive: Bool
    var components: [JPEGComponent]
    var maxH = 1
    var maxV = 1
    var mcusWide = 0
    var mcusHigh = 0

    init(width: Int, height: Int, progressive: Bool, components: [JPEGComponent]) {
        self.width = width
        self.height = height
        self.progressive = progressive
        self.components = components
        maxH = components.map(\.h).max() ?? 1
        maxV = components.map(\.v).max() ?? 1
        mcusWide = Self.ceilDiv(width, 8 * maxH)
        mcusHigh = Self.ceilDiv(height, 8 * maxV)
        for i in self.components.indices {
            let c = self.components[i]
            self.components[i].storedBlocksWide = mcusWide * c.h
            self.components[i].storedBlocksHigh = mcusHigh * c.v
            self.components[i].usedBlocksWide = Self.ceilDiv(Self.ceilDiv(width * c.h, maxH), 8)
            self.components[i].usedBlocksHigh = Self.ceilDiv(Self.ceilDiv(height * c.v, maxV), 8)
        }
    }

    /// Every block the frame stores, over all components: what the plausibility check and the coefficient
    /// store count. At most 4 components × (16384/8)² × 16, so no overflow.
    var storedBlockCount: Int { components.reduce(0) { $0 + $1.storedBlocksWide * $1.storedBlocksHigh } }

    /// Every block that holds samples: each costs the scans at least a bit.
    var usedBlockCount: Int { components.reduce(0) { $0 + $1.usedBlocksWide * $1.usedBlocksHigh } }

    @inline(__always) static func ceilDiv(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
}

/// How the components map to colours, decided as libjpeg-turbo does from the JFIF and
/// Adobe markers and the component ids (jdapimin.c's default_decompress_parms).
enum JPEGColorTransform: Equatable {
    case grey
    case yCbCr
    case rgb
    /// Four components taken as CMYK. Pillow reads every CMYK JPEG as Adobe-inverted ("CMYK;I").
    case cmyk
    /// Adobe transform 2: Y, Cb, Cr and K, turned into CMYK first.
    case ycck

    static func choose(
        componentIDs: [Int], sawJFIF: Bool, adobeTransform: Int?
    ) throws(DecodeError) -> JPEGColorTransform {
        switch componentIDs.count {
        case 1:
            return .grey
        case 3:
            if sawJFIF { return .yCbCr }
            if let transform = adobeTransform { return transform == 0 ? .rgb : .yCbCr }
            return componentIDs == [0x52, 0x47, 0x42] ? .rgb : .yCbCr
        case 4:
            guard let transform = adobeTransform else { return .cmyk }
            return transform == 0 ? .cmyk : .ycck
        default:
            throw .unsupported("JPEG with \(componentIDs.count) colour components")
        }
    }
}

/// The IDCT output size of each component at a DCT scale, chosen as libjpeg-turbo's
/// jpeg_core_output_dimensions does: a subsampled component gets a larger IDCT (up
/// to 8) rather than being upsampled, while its factors allow.
enum JPEGScaling {
    static func blockSizes(frame: JPEGFrame, scale: Int) -> [Int] {
        let minimum = 8 / scale
        return frame.components.map { c in
            var size = minimum
            while size < 8, (frame.maxH * minimum) % (c.h * size * 2) == 0,
                (frame.maxV * minimum) % (c.v * size * 2) == 0
            {
                size *= 2
            }
            return size
        }
    }
}
