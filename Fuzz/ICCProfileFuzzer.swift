// libFuzzer entry point for the ICC profile parser and the conversions built from what it accepts.
// Built by `make fuzz-icc` from the Colour sources alone (not through SwiftPM).

/// Parses the bytes as a profile; where that succeeds, builds the conversion a picture would get
/// and applies it to a few pixels. A crash, a sanitizer report, a hang (libFuzzer's -timeout) or
/// an allocation past -malloc_limit_mb is a bug; a ProfileError is the expected refusal.
@_cdecl("LLVMFuzzerTestOneInput")
public func iccProfileFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let profile = try? ICCProfile.parse(bytes) else { return 0 }
    if let name = profile.description {
        precondition(name.count <= 64 && name.utf8.allSatisfy { (0x20...0x7E).contains($0) }, "name \(name)")
    }
    var pixels: [UInt8] = [0, 0, 0, 255, 255, 255, 12, 200, 99, 255, 0, 128]
    if profile.space == .cmyk {
        guard let transform = try? CMYKTransform(profile: profile) else { return 0 }
        var rgba = [UInt8](repeating: 0, count: 12)
        pixels.withUnsafeBufferPointer { cmyk in
            rgba.withUnsafeMutableBufferPointer {
                transform.convert(cmyk: cmyk.baseAddress!, rgba: $0.baseAddress!, count: 3)
            }
        }
        precondition(rgba[3] == 255 && rgba[7] == 255 && rgba[11] == 255, "alpha")
    } else if let transform = try? ColourTransform(profile: profile) {
        pixels.withUnsafeMutableBufferPointer { transform.apply($0.baseAddress!, count: 3, stride: 4) }
        precondition(pixels[3] == 255 && pixels[11] == 128, "alpha touched")
    }
    return 0
}
