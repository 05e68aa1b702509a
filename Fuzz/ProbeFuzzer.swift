// libFuzzer entry point for the image probe. Built by `make fuzz` from the ImageHeaders sources alone
// (not through SwiftPM), so the fuzzer exercises exactly the code `imgsel` runs on its inputs.

/// Probes the bytes in memory. A crash, a sanitizer report, a hang (libFuzzer's -timeout) or a
/// result that breaks the ImageFacts invariants is a bug; a ProbeError is the expected refusal.
@_cdecl("LLVMFuzzerTestOneInput")
public func probeFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // The colour description is found by the same lexers, for every type, whatever the probe says.
    for type in [ImageType.jpeg, .png, .webp, .tiff, .heic] {
        if case .icc(.raw(let profile)) = ColourDescription.read(bytes, type: type) {
            precondition(profile.count <= bytes.count, "a profile longer than its file")
        }
    }
    do {
        let facts = try ImageProbe.probe(MemoryByteSource(bytes))
        precondition(facts.width > 0 && facts.height > 0, "non-positive size \(facts)")
        precondition((1...8).contains(facts.orientation), "orientation out of range \(facts)")
        precondition(facts.frames >= 1, "no frames \(facts)")
    } catch is ProbeError {
        // Refused: fine.
    } catch {
        preconditionFailure("probe threw something other than ProbeError: \(error)")
    }
    return 0
}
