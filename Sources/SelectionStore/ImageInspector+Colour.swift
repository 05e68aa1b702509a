import ImageHeaders
import Posix

extension ImageInspector {
    /// The colour description of the file at `path` (`info`'s colour), whose type `inspect` found,
    /// read from its header alone, so a file of any size costs a few reads; nil when it cannot be opened.
    public static func colour(_ path: String, type: ImageType, cwd: String = "/") -> ColourDescription? {
        guard let file = try? InputFile.open(path, cwd: cwd) else { return nil }
        defer { Posix.close(file.fd) }
        return ColourDescription.read(FileDescriptorByteSource(fd: file.fd, size: file.size), type: type)
    }
}
