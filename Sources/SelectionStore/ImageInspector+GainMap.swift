import ImageHeaders
import Posix

extension ImageInspector {
    /// The HDR gain map of the file at `path` (`info`), whose type `inspect` found: an Ultra HDR
    /// JPEG's headers and MPF index, or a HEIF's meta box, are read, never the pixels; nil when it
    /// has none or cannot be opened.
    public static func gainMap(_ path: String, type: ImageType, cwd: String = "/") -> GainMap? {
        guard let file = try? InputFile.open(path, cwd: cwd) else { return nil }
        defer { Posix.close(file.fd) }
        return GainMap.find(FileDescriptorByteSource(fd: file.fd, size: file.size), type: type)
    }
}
