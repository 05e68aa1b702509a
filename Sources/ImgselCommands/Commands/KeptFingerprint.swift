import Alike
import ImageHeaders
import SelectionStore

/// An entry's fingerprint as the selection file keeps it, so `add` compares a new image with the
/// entries without decoding them: `a1:…` (the grids), or `a1:-` for a picture too small or too
/// featureless to be alike anything, then `@WxH+X+Y` when it was made of a crop. The tag makes a
/// fingerprint kept through an imgsel that knows crops but not fingerprints (which keeps members it
/// does not know) and changed the crop stale rather than wrong: it is made again, as is one that is
/// missing (a file written before fingerprints) or unreadable.
enum KeptFingerprint: Equatable {
    /// The picture's grids.
    case comparable(Fingerprint)
    /// Never alike anything (`Likeness.isComparable`).
    case incomparable

    /// What `likeness` (nil: incomparable) is kept as, for a picture with `crop`.
    static func text(_ likeness: Likeness?, crop: Crop?) -> String {
        (likeness.map(\.fingerprint.text) ?? Fingerprint.prefix + incomparableMark) + (crop.map { "@\($0)" } ?? "")
    }

    /// What `entry` keeps, when it holds for the entry as it is now; nil when it must be made again.
    init?(of entry: Entry) {
        guard let text = entry.fingerprint else { return nil }
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let tag = parts.count == 2 ? String(parts[1]) : nil
        guard tag == entry.crop?.description else { return nil }
        let body = String(parts[0])
        if body == Fingerprint.prefix + Self.incomparableMark {
            self = .incomparable
        } else if let fingerprint = Fingerprint(text: body), fingerprint.hasFeatures {
            self = .comparable(fingerprint)
        } else {
            return nil
        }
    }

    /// The grids to compare, nil for a picture never alike.
    var fingerprint: Fingerprint? {
        if case .comparable(let fingerprint) = self { return fingerprint }
        return nil
    }

    private static let incomparableMark = "-"
}
