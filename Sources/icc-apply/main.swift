// A developer tool and test helper: raw 8-bit RGB (or, with --cmyk, CMYK ink amounts) on standard
// input through an ICC profile to 8-bit sRGB RGB on standard output, as imgsel converts pictures, so
// `make colour-engine-check` can hold it to LittleCMS. --codepoints P,T converts by nclx code points
// (primaries, transfer) instead of a profile; --info prints what the parser read (space, name,
// whether it is taken as sRGB) and converts nothing. Exit 2 on a usage error, 3 on a profile refused.
import Colour
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
func fail(_ message: String, _ status: Int32) -> Never {
    FileHandle.standardError.write(Data("icc-apply: \(message)\n".utf8))
    exit(status)
}
guard let source = arguments.first else { fail("usage: icc-apply PROFILE.icc [--cmyk] | --codepoints P,T", 2) }
let input = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
var output = [UInt8]()

if source == "--codepoints" {
    let numbers = arguments.count > 1 ? arguments[1].split(separator: ",").compactMap { Int($0) } : []
    guard numbers.count == 2 else { fail("--codepoints takes PRIMARIES,TRANSFER", 2) }
    output = input
    let points = CodePoints(primaries: numbers[0], transfer: numbers[1], matrix: 0, fullRange: true)
    if let transform = ColourTransform(codePoints: points) {
        output.withUnsafeMutableBufferPointer { transform.apply($0.baseAddress!, count: $0.count / 3, stride: 3) }
    }
} else {
    guard let bytes = FileManager.default.contents(atPath: source) else { fail("cannot read \(source)", 2) }
    do {
        let profile = try ICCProfile.parse([UInt8](bytes))
        if arguments.contains("--info") {
            let name = profile.description ?? "(no name)"
            print("\(profile.space) \(profile.isSRGBEquivalent ? "sRGB-equivalent" : "converted") \(name)")
            exit(0)
        }
        if arguments.contains("--cmyk") {
            let transform = try CMYKTransform(profile: profile)
            var rgba = [UInt8](repeating: 0, count: input.count)
            input.withUnsafeBufferPointer { cmyk in
                rgba.withUnsafeMutableBufferPointer {
                    transform.convert(cmyk: cmyk.baseAddress!, rgba: $0.baseAddress!, count: cmyk.count / 4)
                }
            }
            for i in stride(from: 0, to: rgba.count, by: 4) { output += rgba[i..<i + 3] }
        } else {
            output = input
            if let transform = try ColourTransform(profile: profile) {
                let channels = profile.space == .grey ? 1 : 3
                if channels == 1 { output = input.flatMap { [$0, $0, $0] } }
                output.withUnsafeMutableBufferPointer {
                    transform.apply($0.baseAddress!, count: $0.count / 3, stride: 3)
                }
            } else if profile.space == .grey {
                output = input.flatMap { [$0, $0, $0] }
            }
        }
    } catch {
        fail("\(source): \(error)", 3)
    }
}
FileHandle.standardOutput.write(Data(output))
