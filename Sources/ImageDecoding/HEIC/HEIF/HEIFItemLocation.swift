/// Where an item's bytes are (iloc): extents in the file (construction method 0) or in the
/// meta box's idat (method 1). Method 2 (bytes of another item) and data in other files are
/// refused by name; no encoder of still photos writes them.
struct HEIFItemLocation: Equatable {
    enum Place: Equatable {
        case file
        case idat
        /// data_reference_index names another file: refused when the item is read.
        case otherFile
    }

    var place: Place
    /// (offset, length) pairs, base offset added; a length of 0 runs to the end of the place.
    var extents: [(offset: Int, length: Int)]

    static func == (a: HEIFItemLocation, b: HEIFItemLocation) -> Bool {
        a.place == b.place && a.extents.elementsEqual(b.extents) { $0.offset == $1.offset && $0.length == $1.length }
    }

    /// Every item's location in one iloc box. Item IDs are read as the box's version says.
    static func parse(_ bytes: [UInt8], _ box: HEIFBox) throws(DecodeError) -> [Int: HEIFItemLocation] {
        var c = HEIFCursor(bytes, box: box)
        let (version, _) = try c.versionAndFlags()
        guard version <= 2 else { throw .unsupported("HEIF iloc version \(version)") }
        let sizes = Int(try c.u8())
        let more = Int(try c.u8())
        let offsetSize = sizes >> 4, lengthSize = sizes & 15, baseSize = more >> 4
        let indexSize = version >= 1 ? more & 15 : 0
        for s in [offsetSize, lengthSize, baseSize, indexSize] where ![0, 4, 8].contains(s) {
            throw .corrupt("HEIF iloc field of \(s) bytes")
        }
        let count = version < 2 ? try c.u16() : try c.u32()
        var locations: [Int: HEIFItemLocation] = [:]
        for _ in 0..<count {
            // Each entry is at least 6 bytes, so a count past the box's end stops here, not later.
            guard c.remaining >= 6 else { throw .truncated(section: "HEIF iloc box") }
            let item = version < 2 ? try c.u16() : try c.u32()
            var place = Place.file
            if version >= 1 {
                switch try c.u16() & 15 {
                case 0: place = .file
                case 1: place = .idat
                case let method: throw .unsupported("HEIF item data by construction method \(method)")
                }
            }
            let reference = try c.u16()
            let base = try c.size(baseSize)
            let extentCount = try c.u16()
            var extents: [(offset: Int, length: Int)] = []
            for _ in 0..<extentCount {
                try c.skip(indexSize)
                let offset = try c.size(offsetSize)
                let length = try c.size(lengthSize)
                let (start, overflow) = base.addingReportingOverflow(offset)
                guard !overflow else { throw .corrupt("HEIF item \(item) lies past the end of the file") }
                extents.append((start, length))
            }
            // Only the items that are decoded need their data here; another file's is refused then.
            if reference != 0 { place = .otherFile }
            locations[item] = HEIFItemLocation(place: place, extents: extents)
        }
        return locations
    }

    /// The item's bytes, its extents joined. `idat` is the range of the meta's idat payload.
    /// An item is never larger than the file (a file repeating one extent cannot make it so).
    func data(_ bytes: [UInt8], idat: Range<Int>?, item: Int) throws(DecodeError) -> [UInt8] {
        let space: Range<Int>
        switch place {
        case .file: space = 0..<bytes.count
        case .idat:
            guard let idat else { throw .corrupt("HEIF item \(item) is in an idat box the file lacks") }
            space = idat
        case .otherFile: throw .unsupported("HEIF item \(item), whose data is in another file")
        }
        var total = 0
        var ranges: [Range<Int>] = []
        for extent in extents {
            guard extent.offset <= space.count else {
                throw .truncated(section: "HEIF item \(item) data")
            }
            let length = extent.length == 0 ? space.count - extent.offset : extent.length
            guard length <= space.count - extent.offset else { throw .truncated(section: "HEIF item \(item) data") }
            total += length
            guard total <= bytes.count else { throw .corrupt("HEIF item \(item) is larger than its file") }
            let start = space.lowerBound + extent.offset
            ranges.append(start..<start + length)
        }
        var data: [UInt8] = []
        data.reserveCapacity(total)
        for range in ranges { data.append(contentsOf: bytes[range]) }
        return data
    }
}
