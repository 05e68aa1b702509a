import ImageHeaders
import Posix

extension ImageInspector {
    /// The colour description of the file at `path` (`info`'s colour), read from its header alone, so a
    /// file of any size costs a few reads; nil when it cannot be opened or probed (`inspect` says why).
    public static func colour(_ path: String, cwd: String = "/") -> ColourDescription? {
        guard let file = try? InputFile.open(path, cwd: cwd) else { return nil }
        defer { Posix.close(file.fd) }
        guard let facts = try? file.probe(path) else { return nil }
        return ColourDescription.read(FileDescriptorByteSource(fd: file.fd, size: file.size), type: facts.type)
    }
}
