// libFuzzer entry point for the path `thumbnail` takes (and `sheet`, `view`, `pick` and `browse` with it):
// the probe's facts, the command's read limit (the decode budget of the claimed size), the decoder the
// type names, then orientation and the shrink (Thumbnailer). Built by `make fuzz-thumbnail` from the
// ImageHeaders sources (a library) and the ImageDecoding sources with Pipeline's Thumbnailer and
// PixelDecoders; ClaimedSizes.swift's mutator writes sizes up to 2^32-1 into the headers it finds.

import ImageHeaders

/// A crash, a sanitizer report, a hang (libFuzzer's -timeout) or a picture that breaks its invariants
/// is a bug; a ProbeError or a DecodeError is the expected refusal.
@_cdecl("LLVMFuzzerTestOneInput")
public func thumbnailFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let facts = try? ImageProbe.probe(MemoryByteSource(bytes)) else { return 0 }
    // What ThumbnailCommand does before it reads: an undecoded type is refused by name, a file over
    // the budget of its claimed size as too large. Both must be worked out without a trap.
    guard bytes.count <= DecodeLimits.budget(width: facts.width, height: facts.height) else { return 0 }
    // A box from 1 to 300 pixels picked by the length, so every DCT scale and shrink factor is reached.
    let box = 1 + size % 300
    do {
        let picture = try Thumbnailer.picture(bytes, facts: facts, within: box)
        precondition(picture.width >= 1 && picture.height >= 1, "empty picture")
        precondition(max(picture.width, picture.height) <= box, "picture larger than its box")
        precondition(picture.pixels.count == picture.width * picture.height * 4, "pixel count")
    } catch {
        _ = error.message
    }
    return 0
}
