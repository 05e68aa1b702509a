import SelectionStore

/// Human-readable numbers, the same everywhere a size is shown.
enum Format {
    /// `2.1 MB`: binary multiples, one decimal below 10 of a unit, as the browser's label
    /// (and the rules' messages, which is why the library spells it).
    static func bytes(_ n: Int) -> String { RuleNumbers.byteText(n) }

    /// `3024×4032`, as a viewer shows it (EXIF orientation applied).
    static func uprightSize(_ entry: Entry) -> String {
        let size = entry.facts.uprightSize
        return "\(size.width)×\(size.height)"
    }

    /// The size shown and uploaded: `4032×3024`, or a crop's `3024×3024 cropped` (`list`, `view`).
    static func shownSize(_ entry: Entry) -> String {
        guard let crop = entry.crop else { return uprightSize(entry) }
        return "\(crop.width)×\(crop.height) cropped"
    }

    /// A name made safe for a line of terminal text: control characters (a
    /// newline in a file name, an escape sequence) are shown as `\n`, `\t`, `\x1b`.
    static func printable(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// "nine": a small number in words, as prose gives it; digits past twelve.
    static func spelledOut(_ n: Int) -> String {
        let words = [
            "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        ]
        return words.indices.contains(n) ? words[n] : String(n)
    }

    /// `3 / 9`, the browser's label.
    static func position(_ index: Int, _ count: Int) -> String { "\(index) / \(count)" }

    /// Pads to `width` characters (not bytes), for aligned columns.
    static func pad(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n >= width ? s : s + String(repeating: " ", count: width - n)
    }

    static func padLeft(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n >= width ? s : String(repeating: " ", count: width - n) + s
    }

    /// What is wrong with an entry's file, in the words of `check` and `view`'s warning; the
    /// line around it already names the entry and its path.
    static func problem(_ problem: EntryFile.Problem) -> String { problem.words }

    /// `check --json`'s code for what is wrong with an entry's file.
    static func problemCode(_ problem: EntryFile.Problem) -> String {
        switch problem {
        case .missing: return "file-missing"
        case .notRegular: return "not-regular"
        case .unreadable: return "unreadable"
        case .sizeChanged: return "size-changed"
        case .contentChanged: return "content-changed"
        }
    }

    /// A failure as `--json` gives it, on stderr and inside `info`'s per-file results.
    static func errorJSON(_ error: ImgselError) -> JSONValue {
        .object([
            ("code", .string(error.code)), ("exit", .int(Int(error.exitCode))), ("message", .string(error.message)),
        ])
    }

    /// The entry as JSON for `list --json` and friends: stored fields plus index and printable path.
    static func entryJSON(_ entry: Entry, index: Int, context: Context) -> JSONValue {
        guard case let .object(pairs) = SelectionFile.encodeEntry(entry, fingerprint: false) else { return .null }
        return .object([("index", .int(index)), ("display_path", .string(context.displayPath(entry)))] + pairs)
    }
}
