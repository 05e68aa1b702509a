import Posix
import TerminalImage

/// How pick marks its focus so that it shows in any font and on any background (issue 22,
/// item 6): the name in reverse video, which needs no glyph and no colour, and a frame of
/// light box glyphs (`┌─┐`, in every font that draws boxes at all: xterm's default fixed
/// font has no heavy ones, and `┏━┓` vanished there) in a colour chosen against the
/// terminal's background, where a thin yellow frame was faint on white.
///
/// The colours come from the 256-colour cube (16–231), which themes leave alone, unlike
/// 0–15: a theme's "yellow" may be anything, the cube's 226 is (255, 255, 0) everywhere.
public enum FocusMark {
    /// Highlight colours to choose from: yellow, orange, cyan, magenta, purple, blue, dark
    /// blue, red (cube indices).
    public static let candidates: [UInt8] = [226, 214, 51, 201, 129, 33, 19, 160]

    /// The candidate of most contrast (WCAG's ratio of relative luminances) against
    /// `background`: yellow on black, dark blue on white. Not known (the terminal did not
    /// answer OSC 11, or was not asked): the one whose worse contrast against black and white
    /// is best, so that it shows on either.
    public static func colour(against background: RGB?) -> Color {
        func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
        let score: (UInt8) -> Double
        if let background {
            let ground = luminance(background)
            score = { contrast(luminance(XtermPalette.colour($0) ?? .black), ground) }
        } else {
            score = {
                let own = luminance(XtermPalette.colour($0) ?? .black)
                return min(contrast(own, 0), contrast(own, 1))
            }
        }
        var best = candidates[0]
        for index in candidates.dropFirst() where score(index) > score(best) { best = index }
        return .palette(best)
    }

    /// WCAG 2's relative luminance of an sRGB colour, 0 (black) to 1 (white).
    static func luminance(_ colour: RGB) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : CMath.pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
    }
}
