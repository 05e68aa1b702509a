/// The SPEC's decode limits, in one place: no side over 16384 pixels, and no
/// decode that needs more than 8 bytes a pixel plus 32 MiB. Decoders call
/// `check` before allocating anything whose size comes from the file.
public enum DecodeLimits {
    public static let maxSide = 16384
    public static let bytesPerPixel = 8
    public static let extraBytes = 32 << 20

    /// The most bytes a decode of `width`×`height` may hold at once.
    public static func budget(width: Int, height: Int) -> Int {
        width * height * bytesPerPixel + extraBytes
    }

    /// Refuses a size that is empty, over 16384 on a side, or (with
    /// `workingBytes`, what the decoder will hold besides the output) over budget.
    public static func check(width: Int, height: Int, workingBytes: Int = 0) throws(DecodeError) {
        guard width >= 1, height >= 1 else { throw .corrupt("image size \(width)×\(height)") }
        guard width <= maxSide, height <= maxSide else { throw .tooLarge(width: width, height: height) }
        let (output, overflow) = (width * height).multipliedReportingOverflow(by: 4)
        guard !overflow, workingBytes >= 0, output + workingBytes <= budget(width: width, height: height) else {
            throw .tooLarge(width: width, height: height)
        }
    }
}
