import ImageCore

/// color_config() of the sequence header (AV1 5.5.2): the bit depth, the planes and their
/// subsampling, and the colour description carried in the stream.
struct AV1ColourConfig: Equatable {
    var bitDepth = 8
    var monochrome = false
    var subsamplingX = 1, subsamplingY = 1
    /// 2 (unspecified) when the stream does not say.
    var colourPrimaries = 2, transferCharacteristics = 2, matrixCoefficients = 2
    var fullRange = false
    var chromaSamplePosition = 0
    var separateUVDeltaQ = false

    init() {}

    init(_ r: inout AV1BitReader, profile: Int) throws(DecodeError) {
        let highBitDepth = try r.flag()
        if profile == 2 && highBitDepth {
            bitDepth = try r.flag() ? 12 : 10
        } else {
            bitDepth = highBitDepth ? 10 : 8
        }
        monochrome = profile == 1 ? false : try r.flag()
        if try r.flag() {
            colourPrimaries = try r.f(8)
            transferCharacteristics = try r.f(8)
            matrixCoefficients = try r.f(8)
        }
        if monochrome {
            fullRange = try r.flag()
            return
        }
        if colourPrimaries == 1 && transferCharacteristics == 13 && matrixCoefficients == 0 {
            fullRange = true
            (subsamplingX, subsamplingY) = (0, 0)
        } else {
            fullRange = try r.flag()
            switch profile {
            case 0: (subsamplingX, subsamplingY) = (1, 1)
            case 1: (subsamplingX, subsamplingY) = (0, 0)
            default:
                if bitDepth == 12 {
                    subsamplingX = try r.bit()
                    subsamplingY = subsamplingX == 1 ? try r.bit() : 0
                } else {
                    (subsamplingX, subsamplingY) = (1, 0)
                }
            }
            if subsamplingX == 1 && subsamplingY == 1 { chromaSamplePosition = try r.f(2) }
        }
        separateUVDeltaQ = try r.flag()
    }

    /// 1 for monochrome, else 3.
    var planes: Int { monochrome ? 1 : 3 }

    /// The sampling's name, for messages: "4:2:0", "4:4:4", "4:2:2" or "monochrome".
    var samplingName: String {
        if monochrome { return "monochrome" }
        switch (subsamplingX, subsamplingY) {
        case (1, 1): return "4:2:0"
        case (0, 0): return "4:4:4"
        case (1, 0): return "4:2:2"
        default: return "4:4:0"
        }
    }
}
