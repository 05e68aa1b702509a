/// A known place a set is uploaded to, and its limits as its public page gives them: what
/// `rules --target NAME` and `init --target NAME` set, and `rules --targets` lists. A selection
/// stores the rules themselves (and the name, to show), so a later imgsel that revises a target
/// leaves the selections made under it as they were.
public struct UploadTarget: Sendable {
    public let name: String
    /// What it is, in a few words: `App Store screenshots, 6.9-inch iPhone`.
    public let title: String
    /// How many images one post or listing takes.
    public let capacity: Int
    /// The rules, named by this target.
    public let rules: Rules
    /// When the limits were last read from `source` (UTC date).
    public let checked: String
    /// The public page the limits come from.
    public let source: String
    /// Where the page is silent or pages disagree, and what was chosen; empty when it says all.
    public let note: String

    init(
        _ name: String, _ title: String, capacity: Int, _ rules: [Rule], checked: String, source: String,
        note: String = ""
    ) {
        self.name = name
        self.title = title
        self.capacity = capacity
        self.rules = Rules(rules, target: name)
        self.checked = checked
        self.source = source
        self.note = note
    }
}

/// The built-in table of upload targets, in the order `rules --targets` lists them.
public enum UploadTargets {
    public static func named(_ name: String) -> UploadTarget? { all.first { $0.name == name } }

    public static var names: [String] { all.map(\.name) }

    private static let apple = "https://developer.apple.com/help/app-store-connect/reference/screenshot-specifications"
    private static let play = "https://support.google.com/googleplay/android-developer/answer/1078870"
    private static let appleNote =
        "1 to 10 a size, JPEG or PNG; sizes as pages quoting Apple's agree (Apple's own page was not read);"
        + " no byte limit named; no alpha: Apple's older guide says \"RGB, flattened, no transparency\","
        + " the current page is silent"
    private static let playNote =
        "as pages quoting the help page agree (its screenshot part was not read itself): JPEG or 24-bit PNG"
        + " (no alpha), each side 320 to 3840 px, the long side at most twice the short,"
        + " 8 MB; 2 to 8 a device; 16:9 or 9:16 at 1080 px and more only for promotion, not required"

    /// Checked on 2026-12-06 against each `source`.
    public static let all: [UploadTarget] = [
        UploadTarget(
            "app-store-iphone-6.9", "App Store screenshots, 6.9-inch iPhone", capacity: 10,
            appStore("1260x2736,2736x1260,1290x2796,2796x1290,1320x2868,2868x1320"), checked: "2026-12-06",
            source: apple, note: appleNote),
        UploadTarget(
            "app-store-iphone-6.5", "App Store screenshots, 6.5-inch iPhone", capacity: 10,
            appStore("1242x2688,2688x1242,1284x2778,2778x1284"), checked: "2026-12-06", source: apple,
            note: appleNote),
        UploadTarget(
            "app-store-ipad-13", "App Store screenshots, 13-inch iPad", capacity: 10,
            appStore("2064x2752,2752x2064,2048x2732,2732x2048"), checked: "2026-12-06", source: apple,
            note: appleNote),
        UploadTarget(
            "play-store-phone", "Google Play phone screenshots", capacity: 8, playScreenshots, checked: "2026-12-06",
            source: play, note: playNote),
        UploadTarget(
            "play-store-tablet-7", "Google Play 7-inch tablet screenshots", capacity: 8, playScreenshots,
            checked: "2026-12-06", source: play,
            note: playNote + "; tablets as phones: some pages ask tablets for 1080 px and more, the phone's limits kept"
        ),
        UploadTarget(
            "play-store-tablet-10", "Google Play 10-inch tablet screenshots", capacity: 8, playScreenshots,
            checked: "2026-12-06", source: play,
            note: playNote + "; tablets as phones: some pages ask tablets for 1080 px and more, the phone's limits kept"
        ),
        UploadTarget(
            "play-store-feature-graphic", "Google Play feature graphic", capacity: 1,
            [rule(.sizes, "1024x500"), rule(.types, "jpeg,png"), rule(.noAnimation), rule(.noAlpha)],
            checked: "2026-12-06", source: play,
            note: "JPEG or 24-bit PNG (no alpha), 1024x500; no byte limit on the page (other pages say 1 MB or 15 MB)"),
        UploadTarget(
            "mastodon", "Mastodon post (mastodon.social's defaults)", capacity: 4,
            [rule(.maxBytes, "16MB"), rule(.maxPixels, "33177600"), rule(.types, "jpeg,png,gif,webp,heic,heif,avif")],
            checked: "2026-12-06", source: "https://docs.joinmastodon.org/entities/Instance/",
            note: "each server sets its own: its /api/v2/instance media_attachments (image_size_limit 16 MB and"
                + " image_matrix_limit 33,177,600 on mastodon.social); the server shrinks past 3840x2160"
                + " (8,294,400 px) itself"),
        UploadTarget(
            "bluesky", "Bluesky post", capacity: 4, [rule(.maxBytes, "1000000"), rule(.types, "jpeg,png,gif,webp")],
            checked: "2026-12-06",
            source: "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json",
            note: "the lexicon: 4 images of at most 1,000,000 bytes, any image type; the app shrinks to 2000 px"
                + " (an older lexicon said at most 2000x2000); types are those the app sends"),
        UploadTarget(
            "x", "X post", capacity: 4,
            [rule(.maxBytes, "5MB"), rule(.types, "jpeg,png,gif,webp"), rule(.noAnimation)],
            checked: "2026-12-06", source: "https://docs.x.com/x-api/media/quickstart/best-practices",
            note: "4 photos, or 1 animated GIF of at most 15 MB alone: no animation here;"
                + " MB as 1024-based, as the page does not say"),
        UploadTarget(
            "instagram", "Instagram feed post", capacity: 10,
            [
                rule(.maxBytes, "8MB"), rule(.minWidth, "320"), rule(.minAspect, "4:5"), rule(.maxAspect, "1.91"),
                rule(.types, "jpeg,png"), rule(.noAnimation),
            ],
            checked: "2026-12-06", source: "https://help.instagram.com/1631821640426723",
            note: "as pages quote the help page (not read itself): width 320 to 1080 px, aspect 4:5 to 1.91:1;"
                + " Instagram enlarges a narrower photo, shrinks a wider one and crops another aspect rather than"
                + " refuse them (the rules keep them instead); no byte limit named (pages say 8 MB or 30 MB: 8 MB"
                + " kept); carousels of 10 (20 since 2024 by other pages: 10 kept)"),
        UploadTarget(
            "github-comment", "GitHub issue or pull request comment", capacity: 9,
            [rule(.maxBytes, "10MB"), rule(.types, "jpeg,png,gif")], checked: "2026-12-06",
            source: "https://docs.github.com/en/get-started/writing-on-github/"
                + "working-with-advanced-formatting/attaching-files",
            note: "as pages quote the docs (not read themselves): images and GIFs of at most 10 MB; PNG, GIF, JPEG"
                + " (and SVG, which imgsel does not read); other pages add WebP; no count limit (capacity 9,"
                + " imgsel's default)"),
    ]

    /// An App Store screenshot set: these exact sizes, JPEG or PNG, still, no alpha, at least one.
    private static func appStore(_ sizes: String) -> [Rule] {
        [rule(.sizes, sizes), rule(.types, "jpeg,png"), rule(.noAnimation), rule(.noAlpha), rule(.minCount, "1")]
    }

    private static var playScreenshots: [Rule] {
        [
            rule(.maxBytes, "8MB"), rule(.minWidth, "320"), rule(.minHeight, "320"), rule(.maxWidth, "3840"),
            rule(.maxHeight, "3840"), rule(.minAspect, "1:2"), rule(.maxAspect, "2:1"), rule(.types, "jpeg,png"),
            rule(.noAnimation), rule(.noAlpha), rule(.minCount, "2"),
        ]
    }

    /// The rule as its option reads `value`; the table is written in the options' own words.
    private static func rule(_ name: RuleName, _ value: String? = nil) -> Rule {
        guard let rule = try? Rule.parse(name, value) else { preconditionFailure("target rule \(name.rawValue)") }
        return rule
    }
}
