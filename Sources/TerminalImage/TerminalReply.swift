/// Reading the terminal's answers to imgsel's one detection query, from input
/// bytes that arrive in pieces of any size and may have keystrokes between
/// them.
///
/// The query (`TerminalReply.query`) asks for kitty graphics with a 1×1
/// pixel that is never stored (`a=q`), for the background colour (OSC 11), then
/// for the primary device attributes (DA1), which every terminal answers: DA1's
/// answer ends the wait, and a terminal without kitty graphics or OSC 11 simply
/// says nothing before it.
///
/// Recognised: `ESC _ G i=31 ; OK ESC \` (kitty graphics), `ESC _ G i=31 ; EMSG… ESC \`
/// (an error: no), `ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by `ESC \` or BEL (the background
/// colour, 1–4 hex digits a channel), `ESC [ ? 62 ; 4 ; … c` (DA1: sixel when it lists 4;
/// empty fields as kitty sends them, `ESC [ ? 62 ; c`, and `ESC [ ? c` are DA1 too)
/// `ESC [ 6 ; h ; w t` (the cell's pixel size, the answer to `CSI 16 t`) and `ESC [ 4 ; h ; w t`
/// (the text area's, the answer to `CSI 14 t`).
/// Everything else — typed keys, arrow keys' own escape sequences, another
/// program's answers — is handed back from `feed` in order, for the caller to
/// keep or drop, never to echo. Only 7-bit escapes are read: an 8-bit C1
/// introducer is also a UTF-8 continuation byte of typed text.
public struct TerminalReply: Sendable {
    /// The id the kitty query carries, which its answer repeats.
    public static let kittyQueryID = 31

    /// The kitty graphics query, OSC 11 and DA1, to be written together.
    public static let query: [UInt8] = kittyQuery + backgroundQuery + deviceAttributesQuery

    /// Asks for kitty graphics with a 1×1 pixel that is never stored (`a=q`).
    public static let kittyQuery: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)

    /// DA1, the primary device attributes: every terminal answers, so its answer ends the wait.
    public static let deviceAttributesQuery: [UInt8] = Array("\u{1B}[c".utf8)

    /// `CSI 16 t`, the cell's size in pixels, then `CSI 14 t`, the text area's: for when
    /// TIOCGWINSZ gives none. GNOME Terminal (VTE) answers only the second, and its cells are
    /// far from 1:2 in some fonts (9×21 in Noto Sans Mono), which stretched half-block pictures.
    public static let cellSizeQuery: [UInt8] = Array("\u{1B}[16t\u{1B}[14t".utf8)

    /// OSC 11 asking for the background colour: what sixel and half blocks compose
    /// transparency over (black when it is not answered).
    public static let backgroundQuery: [UInt8] = Array("\u{1B}]11;?\u{1B}\\".utf8)

    /// An 8-bit colour as the terminal answered it (each channel scaled from its hex digits).
    public struct Colour: Sendable, Equatable {
        public var red: UInt8, green: UInt8, blue: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// What the kitty query got: nil while nothing came.
    public enum KittyAnswer: Sendable, Equatable {
        case supported
        /// The terminal parsed the query and refused it (`ENOTSUPPORTED:…`, …).
        case refused(String)
    }

    public private(set) var kitty: KittyAnswer?
    /// DA1's attribute list (`62, 4, 22` …), nil until it came.
    public private(set) var deviceAttributes: [Int]?
    /// DA1's answer as it came, without its ESC (`[?62;c`): for `imgsel terminal` to show.
    public private(set) var deviceAttributesAnswer: String?
    /// The answer to `CSI 16 t`: a cell's pixel width and height.
    public private(set) var cellPixels: (width: Int, height: Int)?
    /// The answer to `CSI 14 t`: the text area's pixel width and height.
    public private(set) var textAreaPixels: (width: Int, height: Int)?
    /// The window's cells when the question was put (TIOCGWINSZ), which the text area covered:
    /// set by `TerminalQuery`, so that a window resized later does not rescale the cell.
    var cellsWhenAsked: (columns: Int, rows: Int)?

    /// A cell's pixel size as answered: `CSI 16 t`'s, else the text area's over the cells it
    /// covered; nil when neither came, or the area cannot be of that many cells (less than a
    /// pixel a cell, or over 1000: some other answer).
    public var answeredCell: (width: Int, height: Int)? {
        if cellSizeAnswered { return cellPixels }
        guard let area = textAreaPixels, let cells = cellsWhenAsked, cells.columns > 0, cells.rows > 0 else {
            return nil
        }
        let cell = (width: area.width / cells.columns, height: area.height / cells.rows)
        guard (1...1000).contains(cell.width), (1...1000).contains(cell.height) else { return nil }
        return cell
    }
    /// `CSI 16 t` was answered with a size (a `6;0;0` answer says nothing, and leaves the text area
    /// to decide).
    public var cellSizeAnswered: Bool { cellPixels.map { $0.width > 0 && $0.height > 0 } ?? false }
    /// The answer to OSC 11: the terminal's background colour.
    public private(set) var background: Colour?

    /// DA1 came: the terminal has answered everything asked before it.
    public var answered: Bool { deviceAttributes != nil }
    public var kittyGraphics: Bool { kitty == .supported }
    public var sixel: Bool { deviceAttributes?.contains(4) ?? false }

    /// An escape sequence under way, kept until it is known to be an answer or not.
    private var pending: [UInt8] = []
    /// A sequence longer than this is no answer of ours: handed back as it is.
    private static let longestAnswer = 512

    public init() {}

    /// Reads `bytes`; returns the bytes that were no answer, in order. A piece
    /// that might still become an answer is held back until a later `feed`
    /// or `finish`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var other: [UInt8] = []
        for byte in bytes { take(byte, other: &other) }
        return other
    }

    /// The bytes held back for a sequence that never finished (a lone Esc
    /// typed, an answer cut off by the timeout): to be called when the wait ends.
    public mutating func finish() -> [UInt8] {
        defer { pending.removeAll() }
        return pending
    }

    private mutating func take(_ byte: UInt8, other: inout [UInt8]) {
        if pending.isEmpty {
            if byte == 0x1B { pending.append(byte) } else { other.append(byte) }
            return
        }
        switch Stage.of(pending) {
        case .escape:
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "]") {
                pending.append(byte)
            } else {
                // Alt+key, or a sequence of no interest: hand over and read this byte afresh.
                giveBack(&other, then: byte)
            }
        case .csi:
            if (0x30...0x3F).contains(byte) {
                pending.append(byte)
                if pending.count > Self.longestAnswer { giveBack(&other, then: nil) }
            } else if (0x40...0x7E).contains(byte) {
                pending.append(byte)
                if !readCSI() { other.append(contentsOf: pending) }
                pending.removeAll()
            } else {
                giveBack(&other, then: byte)
            }
        case .string:
            if byte == 0x07 {
                // Some terminals end strings with BEL.
                if !readString(body: pending[2...]) { other.append(contentsOf: pending); other.append(byte) }
                pending.removeAll()
            } else if pending.last == 0x1B {
                if byte == UInt8(ascii: "\\") {
                    if !readString(body: pending[2..<(pending.count - 1)]) {
                        other.append(contentsOf: pending)
                        other.append(byte)
                    }
                    pending.removeAll()
                } else {
                    // ESC not followed by `\` ends nothing: the string was no answer.
                    pending.removeLast()
                    giveBack(&other, then: 0x1B)
                    take(byte, other: &other)
                }
            } else {
                pending.append(byte)
                if pending.count > Self.longestAnswer { giveBack(&other, then: nil) }
            }
        }
    }

    /// Hands the pending bytes over as no answer, then reads `byte` from the start.
    private mutating func giveBack(_ other: inout [UInt8], then byte: UInt8?) {
        other.append(contentsOf: pending)
        pending.removeAll()
        if let byte { take(byte, other: &other) }
    }

    /// DA1 (`ESC [ ? … c`), the cell size (`ESC [ 6 ; h ; w t`) or the text area's
    /// (`ESC [ 4 ; h ; w t`); false for any other CSI.
    private mutating func readCSI() -> Bool {
        let final = pending[pending.count - 1]
        let body = pending[2..<(pending.count - 1)]
        if final == UInt8(ascii: "c"), body.first == UInt8(ascii: "?") {
            guard let numbers = Self.numbers(body.dropFirst(), allowingEmpty: true) else { return false }
            deviceAttributes = numbers
            deviceAttributesAnswer = String(decoding: pending.dropFirst(), as: UTF8.self)
            return true
        }
        if final == UInt8(ascii: "t"), let numbers = Self.numbers(body), numbers.count == 3 {
            switch numbers[0] {
            case 6: cellPixels = (width: numbers[2], height: numbers[1])
            case 4: textAreaPixels = (width: numbers[2], height: numbers[1])
            default: return false
            }
            return true
        }
        return false
    }

    /// A string sequence's body (between `ESC _` or `ESC ]` and its end): kitty's or OSC 11's.
    private mutating func readString(body: ArraySlice<UInt8>) -> Bool {
        if pending[1] == UInt8(ascii: "]") {
            guard let colour = Self.backgroundColour(body) else { return false }
            background = colour
            return true
        }
        return readAPC(body: body)
    }

    /// `11;rgb:R/G/B`, each channel 1–4 hex digits scaled to 8 bits (`f` is 255, `8000` is 128).
    private static func backgroundColour(_ body: ArraySlice<UInt8>) -> Colour? {
        let prefix = Array("11;rgb:".utf8)
        guard body.count > prefix.count, body.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        let channels = body.dropFirst(prefix.count).split(
            separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard channels.count == 3 else { return nil }
        var values: [UInt8] = []
        for digits in channels {
            guard (1...4).contains(digits.count) else { return nil }
            var value = 0
            for digit in digits {
                guard let v = hexValue(digit) else { return nil }
                value = value * 16 + v
            }
            let most = (1 << (4 * digits.count)) - 1
            values.append(UInt8((value * 255 * 2 + most) / (2 * most)))
        }
        return Colour(red: values[0], green: values[1], blue: values[2])
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: return Int(byte - 0x30)
        case 0x41...0x46: return Int(byte - 0x41 + 10)
        case 0x61...0x66: return Int(byte - 0x61 + 10)
        default: return nil
        }
    }

    /// `G` keys `;` message: ours when the keys hold `i=31`.
    private mutating func readAPC(body: ArraySlice<UInt8>) -> Bool {
        guard body.first == UInt8(ascii: "G") else { return false }
        let content = body.dropFirst()
        let separator = content.firstIndex(of: UInt8(ascii: ";")) ?? content.endIndex
        let keys = content[content.startIndex..<separator].split(separator: UInt8(ascii: ","))
        guard keys.contains(where: { $0.elementsEqual("i=\(Self.kittyQueryID)".utf8) }) else { return false }
        let message = separator < content.endIndex ? content[(separator + 1)...] : []
        if message.elementsEqual("OK".utf8) {
            kitty = .supported
        } else {
            kitty = .refused(String(decoding: message, as: UTF8.self))
        }
        return true
    }

    /// `62;4;22` as numbers; nil when anything but digits and `;` is there, or a number is absurd.
    /// `allowingEmpty`: an empty field (`62;` as kitty ends its DA1, `?c`, `62;;4`) is a
    /// parameter left at its default (ECMA-48 5.4.2), which lists no attribute: it is skipped.
    /// Refusing it made imgsel wait out its 250 ms in kitty (issue 22, item 4).
    private static func numbers(_ text: ArraySlice<UInt8>, allowingEmpty: Bool = false) -> [Int]? {
        var result: [Int] = []
        for field in text.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            if field.isEmpty && allowingEmpty { continue }
            guard !field.isEmpty, field.count <= 6, field.allSatisfy({ (0x30...0x39).contains($0) }) else {
                return nil
            }
            result.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return result
    }

    /// Where a pending sequence stands, read from its first bytes: a string is an APC
    /// (`ESC _`) or an OSC (`ESC ]`), ended alike.
    private enum Stage {
        case escape, csi, string

        static func of(_ pending: [UInt8]) -> Stage {
            if pending.count < 2 { return .escape }
            return pending[1] == UInt8(ascii: "[") ? .csi : .string
        }
    }
}
