import Alike
import Foundation
import ImageDecoding
import ImageHeaders

// A developer tool for `make alike-check` (tools/alike/check.py), not a product: the fingerprints of
// the files named one a line on stdin, as imgsel makes them, and every pair's distance.
//
//   alike-matrix < list    prints `sharpness<TAB>path` a file (`-` and the error for one that does
//                          not decode), then a row of distances a file (to every file before it)

func fail(_ line: String) -> Never {
    FileHandle.standardError.write(Data((line + "\n").utf8))
    exit(2)
}

var paths: [String] = []
while let line = readLine(), !line.isEmpty { paths.append(line) }
var prepared: [AlikeDistance.Prepared?] = []
var out = ""
for path in paths {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let bytes = [UInt8](data)
    do {
        let facts = try ImageProbe.probe(MemoryByteSource(bytes))
        let likeness = try Likeness.of(bytes, facts: facts)
        prepared.append(AlikeDistance.Prepared(likeness.fingerprint))
        out += String(format: "%.2f\t%@\n", likeness.sharpness, path)
    } catch {
        prepared.append(nil)
        out += "-\t\(path)\t\(error)\n"
    }
}
print(out, terminator: "")
for i in prepared.indices {
    var row: [String] = []
    for j in 0..<i {
        if let a = prepared[i], let b = prepared[j] {
            row.append(String(AlikeDistance.between(a, b)))
        } else {
            row.append("-")
        }
    }
    print(row.joined(separator: " "))
}
