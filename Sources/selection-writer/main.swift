import Posix
import SelectionStore

// A test helper, not a product: a process that writes to a selection through
// the library only, so tests can run several writers at once and check that
// Store's locking loses no update.
//
//   selection-writer FILE WRITER-ID COUNT
//
// Adds COUNT synthetic entries, one `Store.update` each, with content hashes
// unique to WRITER-ID. Exits with the error's exit code on failure.
#if canImport(Glibc)
import Glibc
#endif

func complain(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress!, $0.count) }
}

let args = CommandLine.arguments
guard args.count == 4, let count = Int(args[3]) else {
    complain("usage: selection-writer FILE WRITER-ID COUNT")
    exit(2)
}
let store = Store(path: PathName.lexicallyAbsolute(args[1], base: Posix.currentDirectory()), lockTimeout: 60)
let writer = args[2]
for i in 0..<count {
    let name = "\(writer)-\(i)"
    let entry = Entry(
        path: name + ".png", type: .png, width: 1, height: 1, orientation: 1, frames: 1,
        bytes: 1, sha256: SHA256.hash(Array(name.utf8)), added: Clock.nowISO8601())
    do {
        try store.update(creating: true) { (selection) throws(StoreError) in
            do throws(SelectionError) {
                selection = try selection.adding([entry])
            } catch {
                throw .selection(error)
            }
        }
    } catch {
        complain("selection-writer: \(error)")
        exit(1)
    }
}
