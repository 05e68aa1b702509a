// libFuzzer entry point for imgsel's HEVC decoder alone (no HEIF container): the input is a raw
// Annex B stream, split as the HEIF side would hand it over (VPS/SPS/PPS as parameter sets, the
// rest length-prefixed), so mutations reach the parameter sets, slice headers and CABAC data.
// Built like the other decoder fuzzers (`make fuzz-decoders DECODERS=HEVC`); seeds in Fuzz/seeds-hevc.

/// Decodes the stream; pictures over a million pixels are skipped (as the other fuzzers do), so
/// the fuzzer spends its time in the bitstream rather than in allocating planes.
@_cdecl("LLVMFuzzerTestOneInput")
public func hevcFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var sets = [[UInt8]](), payload = [UInt8]()
    for unit in HEVCNAL.annexBUnits(bytes) {
        let type = Int(unit[unit.startIndex] >> 1 & 0x3F)
        if type == 33, let sps = try? HEVCSPS.parse(HEVCNAL.parse(unit).rbsp, layerID: 0),
            sps.width * sps.height > 1 << 20
        {
            return 0
        }
        if (32...34).contains(type) {
            sets.append(Array(unit))
        } else {
            let n = unit.count
            payload += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
            payload += unit
        }
    }
    do throws(DecodeError) {
        let picture = try HEVCDecoder.decode(parameterSets: sets, data: payload, lengthSize: 4)
        precondition(picture.luma.count == picture.width * picture.height, "luma size")
    } catch {
        _ = error.message
    }
    return 0
}
