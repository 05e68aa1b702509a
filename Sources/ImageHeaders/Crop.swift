/// The edited image a phone picker hands over: the part of the upright picture (EXIF orientation
/// applied) the user cut, in its pixels. Kept beside a selection's entry, never in the file.
///
/// It lives here, beside `ImageFacts.uprightSize`, because both sides of the store use it: the
/// selection records it (SelectionStore), and the pictures apply it (ImageEncoding and above),
/// and this is the one target both import.
public struct Crop: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `3000x2000+500+0`, as `crop` takes it.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }

    /// Whether it has pixels and lies inside an upright picture of `width`×`height`.
    public func fits(width: Int, height: Int) -> Bool {
        x >= 0 && y >= 0 && self.width > 0 && self.height > 0 && x <= width - self.width
            && y <= height - self.height
    }

    /// Whether it is the whole of a `width`×`height` picture (then there is nothing to keep).
    public func isWhole(width: Int, height: Int) -> Bool {
        self == Crop(x: 0, y: 0, width: width, height: height)
    }

    /// `WxH+X+Y` (or `WxH`, at the top-left corner), whole numbers of at most nine digits; nil
    /// for anything else. Whether it fits the picture is asked apart (`fits`).
    public init?(geometry text: String) {
        let (size, offset) = Self.split(text)
        let sides = size.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let w = Self.number(sides[0]), let h = Self.number(sides[1]) else { return nil }
        var at = (x: 0, y: 0)
        if let offset {
            let parts = offset.split(separator: "+", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Self.number(parts[0]), let y = Self.number(parts[1]) else { return nil }
            at = (x, y)
        }
        self.init(x: at.x, y: at.y, width: w, height: h)
    }

    /// The size part and the offset part after the first `+`.
    private static func split(_ text: String) -> (Substring, Substring?) {
        guard let plus = text.firstIndex(of: "+") else { return (Substring(text), nil) }
        return (text[..<plus], text[text.index(after: plus)...])
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// The largest rectangle of `aspectWidth`:`aspectHeight` inside a `width`×`height` picture,
    /// centred. The side that is not the picture's whole side is rounded towards a square, so
    /// the result's aspect lies between the one asked for and 1:1: a crop to 4:5 keeps a rule of
    /// `--min-aspect 4:5` and a crop to 1.91 keeps `--max-aspect 1.91`, as upload limits run.
    public static func centred(aspectWidth a: Int, aspectHeight b: Int, width: Int, height: Int) -> Crop {
        precondition(a > 0 && b > 0 && width > 0 && height > 0)
        let (w, h) = fitted(aspectWidth: a, aspectHeight: b, width: width, height: height, within: (width, height))
        return Crop(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h)
    }

    /// The size of aspect a:b whose width is `wanted.width` (or, when that is too high for
    /// `wanted.height`, whose height is), rounded towards a square and kept inside the picture.
    /// Shared by `centred` and browse's crop mode, which grows and shrinks the frame by it.
    public static func fitted(
        aspectWidth a: Int, aspectHeight b: Int, width: Int, height: Int, within wanted: (width: Int, height: Int)
    ) -> (width: Int, height: Int) {
        let boxW = max(1, min(wanted.width, width)), boxH = max(1, min(wanted.height, height))
        // Exact in 64-bit arithmetic: sides are 31-bit at most, aspects nine digits.
        let (A, B, W, H) = (Int128(a), Int128(b), Int128(boxW), Int128(boxH))
        if W * B >= H * A {
            // Height-bound: the width is derived; rounding it up widens, towards a square when a < b.
            let exact = H * A
            let derived = a < b ? (exact + B - 1) / B : exact / B
            return (Int(max(1, min(derived, Int128(width)))), boxH)
        }
        let exact = W * B
        let derived = a > b ? (exact + A - 1) / A : exact / A
        return (boxW, Int(max(1, min(derived, Int128(height)))))
    }
}
