/// The SPEC's decode limits, in one place: no side over 16384 pixels, and no
/// decode that needs more than 8 bytes a pixel plus 32 MiB. Decoders call
/// `check` before allocating anything whose size comes from the file.
public enum DecodeLimits {
    public static let maxSide = 16384
    public static let bytesPerPixel = 8
    public static let extraBytes = 32 << 20

    /// The most bytes a decode of `width`×`height` may hold at once: the file read whole, the
    /// decoder's tables and buffers, and the raster. A size that is refused anyway (empty, or
    /// over 16384 on a side) may hold nothing, so a caller sizing its read by this refuses it
    /// before reading; the product is never formed for such a size, so no header traps here.
    public static func budget(width: Int, height: Int) -> Int {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else { return 0 }
        return width * height * bytesPerPixel + extraBytes
    }

    /// Refuses a size that is empty, over 16384 on a side, or over budget: the output raster
    /// plus `workingBytes` (what the decoder will hold besides it: tables, buffers) plus
    /// `inputBytes` (the file it decodes from, held whole while it decodes). `workingBytes` is
    /// only worked out once the sides are known to be within 16384, so its products cannot overflow.
    public static func check(
        width: Int, height: Int, workingBytes: @autoclosure () -> Int = 0, inputBytes: Int = 0
    ) throws(DecodeError) {
        guard width >= 1, height >= 1 else { throw .corrupt("image size \(width)×\(height)") }
        guard width <= maxSide, height <= maxSide else { throw .tooLarge(width: width, height: height) }
        let output = width * height * 4
        let working = workingBytes()
        let (held, overflow) = output.addingReportingOverflow(working)
        let (total, overflowAgain) = held.addingReportingOverflow(inputBytes)
        guard !overflow, !overflowAgain, working >= 0, inputBytes >= 0,
            total <= budget(width: width, height: height)
        else {
            throw .tooLarge(width: width, height: height)
        }
    }
}
