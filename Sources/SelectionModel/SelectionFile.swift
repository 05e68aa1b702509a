import ImageHeaders

/// The selection file's format, read strictly: version 1, and version 2, which is version 1
/// with a `"rules"` object, a `"crop"` in some items, or both.
///
/// Anything this version cannot vouch for (a newer version, a field of the
/// wrong type, fields that disagree) is refused so the file is never rewritten
/// by a program that misunderstood it. Members it does not know are kept as
/// they are and written back after the known ones. A selection is written as the oldest
/// version that holds it: without rules, version 1, byte for byte as before rules existed;
/// with rules or a crop, version 2, which an imgsel that knows only version 1 refuses rather than
/// ignoring them. (A version 2 file without rules has no `"rules"` member, so that an imgsel
/// that knows rules but not crops refuses one with crops only, which it would otherwise show
/// uncropped.)
public enum SelectionFile {
    public static let formatName = "imgsel"
    /// The newest version this imgsel reads and writes.
    public static let newestVersion = 2
    /// The version that first holds rules.
    public static let rulesVersion = 2

    /// The version that first holds crops.
    public static let cropVersion = 2

    /// The version `selection` is written as.
    public static func version(of selection: Selection) -> Int {
        if !selection.rules.isEmpty { return rulesVersion }
        return selection.items.contains { $0.crop != nil } ? cropVersion : 1
    }

    /// Decodes and validates; `path` only names the file in errors.
    public static func decode(_ bytes: [UInt8], path: String) throws(SelectionFileError) -> Selection {
        func invalid(_ reason: String) -> SelectionFileError { .invalidSelectionFile(path: path, reason: reason) }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw invalid(bytes.isEmpty ? "the file is empty" : "not JSON: \(error.description)")
        }
        guard case .object = root else { throw invalid("the top level is not a JSON object") }
        guard root["format"]?.stringValue == formatName else { throw invalid("\"format\" is not \"imgsel\"") }
        guard let version = root["version"]?.intValue else { throw invalid("\"version\" is not an integer") }
        if version > newestVersion { throw .newerVersion(path: path, version: version) }
        guard version >= 1 else { throw invalid("unknown version \(version)") }
        var rules = Rules()
        switch (version >= rulesVersion, root["rules"]) {
        case (false, nil): break
        case (false, _?): throw invalid("\"rules\" needs version \(rulesVersion), and this file is version \(version)")
        case (true, nil): break
        case let (true, value?):
            do {
                rules = try Rules.decode(value)
            } catch {
                throw invalid(error.reason)
            }
        }
        guard let capacity = root["capacity"]?.intValue else { throw invalid("\"capacity\" is not an integer") }
        let current: Int?
        switch root["current"] {
        case .some(.null): current = nil
        case let .some(value):
            guard let c = value.intValue else { throw invalid("\"current\" is neither an integer nor null") }
            current = c
        case .none: throw invalid("\"current\" is missing")
        }
        guard case let .array(rawItems)? = root["items"] else { throw invalid("\"items\" is not an array") }
        var items: [Entry] = []
        for (i, raw) in rawItems.enumerated() {
            items.append(try decodeEntry(raw, number: i + 1, version: version, invalid: invalid))
        }
        // Nothing but rules and crops makes a version 2; one without either is not one this wrote.
        if version >= rulesVersion, root["rules"] == nil, !items.contains(where: { $0.crop != nil }) {
            throw invalid("version \(version) needs a \"rules\" object or an item's \"crop\"")
        }
        do {
            var selection = try Selection(capacity: capacity, current: current, items: items, rules: rules)
            selection.otherFields = others(of: root, known: topLevelKeys)
            return selection
        } catch {
            switch error {
            case let .fields(reason): throw invalid(reason)
            case let .rules(conflict): throw .rulesConflict(path: path, conflict)
            }
        }
    }

    private static let topLevelKeys: Set<String> = ["format", "version", "capacity", "rules", "current", "items"]
    private static let itemKeys: Set<String> = [
        "path", "type", "width", "height", "orientation", "frames", "bytes", "sha256", "added", "crop", "fingerprint",
    ]

    /// An object's members outside `known`, in their order.
    private static func others(of object: JSONValue, known: Set<String>) -> JSONValue {
        guard case let .object(pairs) = object else { return .object([]) }
        return .object(pairs.filter { !known.contains($0.0) })
    }

    private static func members(_ fields: JSONValue) -> [(String, JSONValue)] {
        if case let .object(pairs) = fields { return pairs }
        return []
    }

    private static func decodeEntry(
        _ raw: JSONValue, number: Int, version: Int, invalid: (String) -> SelectionFileError
    ) throws(SelectionFileError) -> Entry {
        guard case .object = raw else { throw invalid("item \(number) is not an object") }
        func string(_ key: String) throws(SelectionFileError) -> String {
            guard let s = raw[key]?.stringValue else { throw invalid("item \(number): \"\(key)\" is not a string") }
            return s
        }
        // The ranges are Entry's, which `add` holds every image to as well.
        func int(_ key: String) throws(SelectionFileError) -> Int {
            guard let v = raw[key]?.intValue, Entry.range(of: key).contains(v) else {
                throw invalid("item \(number): \(Entry.outOfRange(key))")
            }
            return v
        }
        let path = try string("path")
        guard !path.isEmpty else { throw invalid("item \(number): \"path\" is empty") }
        // No file name holds a NUL: the path would name another file than it says.
        guard !path.utf8.contains(0) else { throw invalid("item \(number): \"path\" holds a NUL byte (\\u0000)") }
        let typeName = try string("type")
        guard let type = ImageType(rawValue: typeName) else {
            throw invalid("item \(number): unknown type \"\(typeName)\"")
        }
        let sha = try string("sha256")
        guard sha.utf8.count == 64, sha.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else {
            throw invalid("item \(number): \"sha256\" is not 64 lower-case hex digits")
        }
        var entry = Entry(
            path: path, type: type,
            width: try int("width"), height: try int("height"), orientation: try int("orientation"),
            frames: try int("frames"), bytes: try int("bytes"), sha256: sha, added: try string("added"))
        if let crop = raw["crop"] {
            guard version >= cropVersion else {
                throw invalid(
                    "item \(number): \"crop\" needs version \(cropVersion), and this file is version \(version)")
            }
            entry.crop = try decodeCrop(crop, of: entry, number: number, invalid: invalid)
        }
        if let fingerprint = raw["fingerprint"] {
            // Only its type is the file's business: text the commands cannot read is made again.
            guard let text = fingerprint.stringValue else {
                throw invalid("item \(number): \"fingerprint\" is not a string")
            }
            entry.fingerprint = text
        }
        entry.otherFields = others(of: raw, known: itemKeys)
        return entry
    }

    /// An item's `"crop"`: four whole numbers, inside the entry's upright picture with some area.
    private static func decodeCrop(
        _ raw: JSONValue, of entry: Entry, number: Int, invalid: (String) -> SelectionFileError
    ) throws(SelectionFileError) -> Crop {
        guard case .object = raw else { throw invalid("item \(number): \"crop\" is not an object") }
        var values: [Int] = []
        for key in ["x", "y", "width", "height"] {
            guard let v = raw[key]?.intValue, v >= 0, v <= Int(Int32.max) else {
                throw invalid("item \(number): \"crop\" has no whole number \"\(key)\"")
            }
            values.append(v)
        }
        let crop = Crop(x: values[0], y: values[1], width: values[2], height: values[3])
        let upright = entry.facts.uprightSize
        guard crop.fits(width: upright.width, height: upright.height) else {
            throw invalid(
                "item \(number): \"crop\" \(crop) is not inside the \(upright.width)×\(upright.height) picture")
        }
        return crop
    }

    /// Encodes in the contract's key order, pretty-printed, ending in a newline; `"rules"`
    /// (version 2) after the capacity, the other limit, and only when there are rules; an
    /// item's `"crop"` (version 2) after its other fields, only when it has one.
    public static func encode(_ selection: Selection) -> [UInt8] {
        let rules: [(String, JSONValue)] = selection.rules.isEmpty ? [] : [("rules", selection.rules.json)]
        let root = JSONValue.object(
            [
                ("format", .string(formatName)),
                ("version", .int(version(of: selection))),
                ("capacity", .int(selection.capacity)),
            ] + rules + [
                ("current", selection.current.map { .int($0) } ?? .null),
                ("items", .array(selection.items.map { encodeEntry($0) })),
            ] + members(selection.otherFields))
        return Array((JSONWriter.pretty(root) + "\n").utf8)
    }

    /// One entry as JSON, shared by the file and `list --json` (which leaves the fingerprint out:
    /// 500 characters of grids say nothing to a script).
    public static func encodeEntry(_ entry: Entry, fingerprint: Bool = true) -> JSONValue {
        .object(
            [
                ("path", .string(entry.path)),
                ("type", .string(entry.type.rawValue)),
                ("width", .int(entry.width)),
                ("height", .int(entry.height)),
                ("orientation", .int(entry.orientation)),
                ("frames", .int(entry.frames)),
                ("bytes", .int(entry.bytes)),
                ("sha256", .string(entry.sha256)),
                ("added", .string(entry.added)),
            ] + (entry.crop.map { [("crop", cropJSON($0))] } ?? [])
                + (fingerprint ? entry.fingerprint.map { [("fingerprint", .string($0))] } ?? [] : [])
                + members(entry.otherFields))
    }

    /// `{"x": 0, "y": 500, "width": 3024, "height": 3024}`: the file's and `--json`'s.
    public static func cropJSON(_ crop: Crop) -> JSONValue {
        .object([
            ("x", .int(crop.x)), ("y", .int(crop.y)), ("width", .int(crop.width)), ("height", .int(crop.height)),
        ])
    }
}
