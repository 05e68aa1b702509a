/// iloc, every version (0 to 2), read in this one file: each item's extents in the file
/// (construction method 0) or in the meta box's idat (method 1). Method 2 (bytes of another
/// item) and data in other files are kept as such and refused by name when the item is read;
/// no encoder of still photos writes them.
public enum HEIFItemLocations {
    /// Every item's location in one iloc box. Item IDs are read as the box's version says.
    public static func read(_ r: inout ISOBMFFReader, _ box: ISOBMFFBox) throws(ISOBMFFError) -> [Int: HEIFItemLocation]
    {
        try r.enter(box)
        let (version, _) = try r.versionAndFlags()
        guard version <= 2 else { throw .unsupported("HEIF iloc version \(version)") }
        let sizes = Int(try r.u8())
        let more = Int(try r.u8())
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseSize = more >> 4
        let indexSize = version >= 1 ? more & 15 : 0
        for s in [offsetSize, lengthSize, baseSize, indexSize] where ![0, 4, 8].contains(s) {
            throw .corrupt("HEIF iloc field of \(s) bytes")
        }
        let count = version < 2 ? try r.u16() : try r.u32()
        var locations: [Int: HEIFItemLocation] = [:]
        for _ in 0..<count {
            // Each entry is at least 6 bytes, so a count past the box's end stops here, not later.
            guard r.remaining >= 6 else { throw .truncated("iloc box") }
            let item = version < 2 ? try r.u16() : try r.u32()
            var place = HEIFItemLocation.Place.file
            if version >= 1 {
                let method = try r.u16() & 15
                place = method == 0 ? .file : method == 1 ? .idat : .construction(method)
            }
            let reference = try r.u16()
            let base = try r.size(baseSize)
            let extentCount = try r.u16()
            var extents: [HEIFItemLocation.Extent] = []
            for _ in 0..<extentCount {
                try r.skip(indexSize)
                let offset = try r.size(offsetSize)
                let length = try r.size(lengthSize)
                let (start, overflow) = base.addingReportingOverflow(offset)
                guard !overflow else { throw .corrupt("HEIF item \(item) lies past the end of the file") }
                extents.append(HEIFItemLocation.Extent(offset: start, length: length))
            }
            if reference != 0 { place = .otherFile }
            locations[item] = HEIFItemLocation(place: place, extents: extents)
        }
        return locations
    }
}

/// Where one item's bytes are.
public struct HEIFItemLocation: Equatable, Sendable {
    public enum Place: Equatable, Sendable {
        case file
        case idat
        /// data_reference_index names another file.
        case otherFile
        /// A construction method other than 0 and 1 (2: the bytes of another item).
        case construction(Int)
    }

    /// Base offset added; a length of 0 runs to the end of the place.
    public struct Extent: Equatable, Sendable {
        public var offset: Int
        public var length: Int
    }

    public var place: Place
    public var extents: [Extent]

    /// The ranges of the file that make up the item, in order. `idat` is the meta's idat payload.
    /// An item is never larger than its file (a file repeating one extent cannot make it so).
    public func ranges(item: Int, fileSize: Int, idat: Range<Int>?) throws(ISOBMFFError) -> [Range<Int>] {
        let space: Range<Int>
        switch place {
        case .file: space = 0..<fileSize
        case .idat:
            guard let idat else { throw .corrupt("HEIF item \(item) is in an idat box the file lacks") }
            space = idat
        case .otherFile: throw .unsupported("HEIF item \(item), whose data is in another file")
        case .construction(let method): throw .unsupported("HEIF item data by construction method \(method)")
        }
        var total = 0
        var ranges: [Range<Int>] = []
        for extent in extents {
            guard extent.offset <= space.count else { throw .truncated("item \(item) data") }
            let length = extent.length == 0 ? space.count - extent.offset : extent.length
            guard length <= space.count - extent.offset else { throw .truncated("item \(item) data") }
            total += length
            guard total <= fileSize else { throw .corrupt("HEIF item \(item) is larger than its file") }
            let start = space.lowerBound + extent.offset
            ranges.append(start..<start + length)
        }
        return ranges
    }
}
