import ByteCoding
import ImageHeaders
import SelectionStore

/// The selection as one self-contained HTML page: the nine-grid and a full-screen pager.
///
/// Pure text building, no disk: the page is emitted in pieces through a closure, and
/// each embedded image's base64 is asked for at the place it goes, so the caller can
/// stream a file straight into the output instead of holding the page in memory.
public struct SelectionPage: Sendable {
    /// One entry as the page shows it; every string is raw here and escaped on output.
    public struct Item: Sendable {
        public let index: Int
        /// The file's own name: the caption, the alt text and the name a download keeps.
        public let name: String
        /// The path as the selection file stores it (relative to its folder where it can be),
        /// shown in the pager and as the cell's tooltip.
        public let path: String
        public let type: ImageType
        /// `3024×4032`, orientation applied.
        public let uprightSize: String
        /// `2.1 MB`.
        public let byteSize: String
        /// The percent-encoded URL relative to the page (`--link`); nil to embed the bytes.
        public let link: String?

        public init(
            index: Int, name: String, path: String, type: ImageType, uprightSize: String,
            byteSize: String, link: String?
        ) {
            self.index = index
            self.name = name
            self.path = path
            self.type = type
            self.uprightSize = uprightSize
            self.byteSize = byteSize
            self.link = link
        }
    }

    public let items: [Item]
    public let capacity: Int
    /// The selection file as the user knows it, for the page's header.
    public let source: String
    /// True when images are referenced by path (`--link`) rather than embedded.
    public let linked: Bool

    public init(items: [Item], capacity: Int, source: String, linked: Bool) {
        self.items = items
        self.capacity = capacity
        self.source = source
        self.linked = linked
    }

    /// Emits the page; `embed` is called where an item's base64 goes and must pass it to `emit`.
    /// Their failures are the caller's, of its own type, passed on as they are.
    public func write<Failure: Error>(
        _ emit: (String) throws(Failure) -> Void,
        embed: (Item) throws(Failure) -> Void
    ) throws(Failure) {
        try emit(head)
        if items.isEmpty {
            try emit(
                "<p class=\"empty\">The selection is empty: nothing to show."
                    + " Add images with <code>imgsel add</code>.</p>\n"
            )
        }
        try emit("<ol class=\"grid\" id=\"grid\" aria-label=\"The selection, in order\">\n")
        for item in items {
            try emit(cellStart(item))
            if let link = item.link {
                try emit(HTMLText.escape(link))
            } else {
                try emit("data:" + item.type.mimeType + ";base64,")
                try embed(item)
            }
            try emit(cellEnd(item))
        }
        try emit("</ol>\n</main>\n" + Self.pager + "<script>" + PageScript.javascript + "</script>\n</body>\n</html>\n")
    }

    /// The whole page as one string, with `data` standing in for each embedded image's
    /// base64; for tests and small pages.
    public func render(embedding data: (Item) -> String = { _ in "" }) -> String {
        var page = ""
        write({ page += $0 }, embed: { page += data($0) })
        return page
    }

    /// What the page may load: nothing from any network. Images only from `data:` URIs
    /// (or, with `--link`, from the page's own origin and local files), the one style
    /// sheet and the one script by their SHA-256, no forms, no `<base>`, no plugins.
    public static func contentSecurityPolicy(linked: Bool) -> String {
        let images = linked ? "'self' file:" : "data:"
        return "default-src 'none'; img-src \(images); style-src \(hashSource(PageStyle.css)); "
            + "script-src \(hashSource(PageScript.javascript)); base-uri 'none'; form-action 'none'"
    }

    /// `'sha256-…'`: the CSP source that allows exactly this inline text.
    public static func hashSource(_ text: String) -> String {
        var hasher = SHA256()
        hasher.update(Array(text.utf8))
        return "'sha256-" + Base64.encode(hasher.finalize()) + "'"
    }

    public var title: String {
        switch items.count {
        case 0: return "No images"
        case 1: return "1 image"
        default: return "\(items.count) images"
        }
    }

    private var head: String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy(linked: linked))">
        <meta name="referrer" content="no-referrer">
        <title>\(HTMLText.escape(title)) · imgsel</title>
        <style>\(PageStyle.css)</style>
        </head>
        <body>
        <header>
        <h1>\(HTMLText.escape(title))</h1>
        <p>\(items.count) of \(capacity) · <span class="source">\(HTMLText.escape(source))</span></p>
        </header>
        <main>

        """
    }

    private func cellStart(_ item: Item) -> String {
        let name = HTMLText.escape(item.name)
        let label = HTMLText.escape(
            "\(item.index) / \(items.count): \(item.name), "
                + "\(item.type.displayName) \(item.uprightSize), \(item.byteSize)"
        )
        return
            "<li class=\"cell\"><a class=\"thumb\" id=\"cell-\(item.index)\" href=\"#\(item.index)\""
            + " data-name=\"\(name)\" "
            + "data-path=\"\(HTMLText.escape(item.path))\" aria-label=\"\(label)\"><img alt=\"\(name)\" src=\""
    }

    private func cellEnd(_ item: Item) -> String {
        "\"><span class=\"fallback\" aria-hidden=\"true\"><strong>\(item.type.displayName)</strong>"
            + "<span>\(HTMLText.escape(item.uprightSize))</span>"
            + "<span>\(HTMLText.escape(item.byteSize))</span></span></a>"
            + "<p class=\"caption\" title=\"\(HTMLText.escape(item.path))\"><span class=\"index\">\(item.index)</span>"
            + "<span class=\"name\">\(HTMLText.escape(item.name))</span></p></li>\n"
    }

    private static let pager = """
        <dialog id="pager" aria-label="Image viewer">
        <div id="stage"><img id="pager-image" alt=""><p id="pager-placeholder" hidden></p></div>
        <div class="bar">
        <button type="button" id="pager-prev" aria-label="Previous image">‹ Prev</button>
        <p id="pager-label" aria-live="polite"></p>
        <button type="button" id="pager-next" aria-label="Next image">Next ›</button>
        <p id="pager-name"></p>
        <a id="pager-save" download>Save</a>
        <button type="button" id="pager-close" aria-label="Close the viewer">Close</button>
        </div>
        </dialog>

        """
}
