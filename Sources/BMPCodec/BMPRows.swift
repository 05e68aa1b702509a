import ImageCore

/// An uncompressed BMP read a row at a time from wherever its caller keeps the file: the header read first,
/// then each row's bytes fetched by the caller (`place(ofRow:)`, `rowBytes`) and turned into RGBA here, by
/// the same row code as `BMPDecoder.decode`, so the pixels are the same. For `jpeg-encode`, which streams a
/// 12-MP BMP's rows into the encoder rather than holding the file and a raster made from it.
public struct BMPRows: Sendable {
    private let layout: BMPUncompressed.Layout
    public var width: Int { layout.header.width }
    public var height: Int { layout.header.height }
    public var hasAlpha: Bool { layout.hasAlpha }
    /// Bytes a row takes in the file.
    public var rowBytes: Int { layout.rowBytes }

    /// The first bytes a reader needs: the headers and colour table (at most 256 entries) are within them.
    public static let prefixBytes = 1 << 16

    /// From the file's first `prefixBytes` (all of it when shorter) and its length; nil for a run-length
    /// BMP (its rows are not apart), when `prefix` is shorter than that, or when the pixels start past it.
    /// Throws what `BMPDecoder.decode` would.
    public init?(prefix: [UInt8], fileBytes: Int) throws(DecodeError) {
        guard prefix.count >= min(fileBytes, Self.prefixBytes) else { return nil }
        let header = try BMPHeader(prefix)
        guard header.compression == .none || header.compression == .bitFields, header.dataOffset <= prefix.count
        else { return nil }
        try DecodeLimits.check(width: header.width, height: header.height, workingBytes: 0, inputBytes: fileBytes)
        layout = try BMPUncompressed.Layout(fileBytes: fileBytes, header: header)
    }

    /// Where row `y` (0 at the top) starts in the file.
    public func place(ofRow y: Int) -> Int { layout.place(ofRow: y) }

    /// A row's `rowBytes` as they are in the file, as `width` pixels of R, G, B, A.
    public func pixels(of source: UnsafePointer<UInt8>, into line: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(line).withMemoryRebound(to: UInt32.self, capacity: width) {
            layout.pixels(of: source, into: $0)
        }
    }
}
