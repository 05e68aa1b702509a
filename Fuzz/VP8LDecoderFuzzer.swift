// libFuzzer entry point for the VP8L bitstream alone (no container), so the
// fuzzer spends its mutations on prefix codes, transforms and LZ77 data.
// Built like WebPDecoderFuzzer.swift, with this file instead.

/// Decodes the bytes as a VP8L payload (signature, header, image stream).
/// Images over a million pixels are skipped (see WebPDecoderFuzzer.swift).
@_cdecl("LLVMFuzzerTestOneInput")
public func vp8lFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard bytes.count >= 5 else { return 0 }
    let bits = Int(bytes[1]) | Int(bytes[2]) << 8 | Int(bytes[3]) << 16 | Int(bytes[4]) << 24
    if ((bits & 0x3FFF) + 1) * ((bits >> 14 & 0x3FFF) + 1) > 1 << 20 { return 0 }
    bytes.withUnsafeBufferPointer { payload in
        do throws(DecodeError) {
            let (header, pixels) = try WebPLosslessImage.decode(payload)
            precondition(pixels.count == header.width * header.height * 4, "pixel count")
        } catch {
            _ = error.message
        }
    }
    return 0
}
