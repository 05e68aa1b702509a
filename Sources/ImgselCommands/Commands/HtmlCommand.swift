import ByteCoding
import CommandLineModel
import Posix
import SelectionPage
import SelectionStore

struct HtmlCommand: Command {
    static let spec = CommandSpec(
        name: "html", usage: "html [OUT] [--link]",
        summary: "write a self-contained HTML page of the selection: the nine-grid and a pager",
        arguments: [
            ("OUT", "the page to write (default: imgsel.html beside the selection file; a folder: imgsel.html in it)")
        ],
        options: [
            OptionSpec(
                names: ["--link"], value: nil,
                help: "reference the images by path relative to the page instead of embedding them")
        ],
        examples: ["imgsel html", "imgsel html build/upload.html --link", "xdg-open \"$(imgsel html)\""])

    static let defaultName = "imgsel.html"

    let out: String?
    let link: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...1)
        out = arguments.positionals.first
        link = arguments.has("--link")
        if out == "" { throw .usage("html: OUT needs a path, not an empty string") }
        if out == "-" { throw .usage("html: the page is written to a file, not stdout; give OUT a name") }
    }

    func run(_ context: Context) throws(ImgselError) {
        let pagePath = try resolvePagePath(context)
        let selection = try lift(store: context.store.read())
        if let clash = selection.items.firstIndex(where: { context.absolutePath($0) == pagePath }) {
            throw .usage("html: OUT '\(out ?? pagePath)' is entry \(clash + 1)'s image; choose another name")
        }
        try refuseOtherSpellings(of: pagePath, selection, context)
        let page = SelectionPage(
            items: items(selection, pageFolder: PathName.directory(pagePath), context: context),
            capacity: selection.capacity,
            source: PathName.display(context.store.path, cwd: context.cwd), linked: link)
        var failures: [ImgselError] = []
        if link {
            for (offset, entry) in selection.items.enumerated() {
                do throws(ImgselError) {
                    try lift(store: EntryFile(entry, path: context.absolutePath(entry), index: offset + 1).verify())
                } catch {
                    failures.append(error.replacingPath(context.absolutePath(entry), with: context.displayPath(entry)))
                }
            }
            if let failure = ImgselError.combining(failures) { throw failure }
        }
        let file = try lift(store: StreamedFile(path: pagePath))
        try page.write(
            { (text: String) throws(ImgselError) in try lift(store: file.write(text)) },
            embed: { (item) throws(ImgselError) in
                let entry = selection.items[item.index - 1]
                do throws(ImgselError) {
                    try embed(entry, index: item.index, into: file, context: context)
                } catch {
                    // Every entry is tried so that every failure is reported; the page is then thrown away.
                    if case .writeFailed = error { throw error }
                    failures.append(error.replacingPath(context.absolutePath(entry), with: context.displayPath(entry)))
                }
            })
        if let failure = ImgselError.combining(failures) {
            file.discard()
            throw failure
        }
        try lift(store: file.commit())
        let shown = PathName.display(pagePath, cwd: context.cwd)
        if context.json {
            context.console.json(
                .object([
                    ("page", .string(shown)), ("entries", .int(selection.count)),
                    ("images", .string(link ? "linked" : "embedded")), ("bytes", .int(file.count)),
                ]))
        }
        context.console.confirm(shown)
    }

    /// OUT made absolute (a folder gets `imgsel.html` inside it); never the selection file itself.
    private func resolvePagePath(_ context: Context) throws(ImgselError) -> String {
        guard let out else { return context.store.folder + "/" + Self.defaultName }
        var path = PhysicalPath.absoluteOnDisk(out, base: context.cwd)
        if out.hasSuffix("/") || Posix.isDirectory(atPath: path) {
            path = (path == "/" ? "" : path) + "/" + Self.defaultName
        }
        if path == context.store.path || path == context.store.lockPath {
            throw .usage("html: OUT '\(out)' is the selection file itself; choose another name")
        }
        return path
    }

    /// The same checks by device and inode, for an OUT that names the selection file or
    /// an image by another path (a symlinked folder, a link given to `-f`): the page's
    /// rename would otherwise replace that very file.
    private func refuseOtherSpellings(
        of pagePath: String, _ selection: Selection, _ context: Context
    ) throws(ImgselError) {
        guard let page = FileIdentity(pagePath) else { return }
        let shown = out ?? pagePath
        if FileIdentity(context.store.path) == page || FileIdentity(context.store.lockPath) == page {
            throw .usage("html: OUT '\(shown)' is the selection file itself; choose another name")
        }
        if let clash = selection.items.firstIndex(where: { FileIdentity(context.absolutePath($0)) == page }) {
            throw .usage("html: OUT '\(shown)' is entry \(clash + 1)'s image; choose another name")
        }
    }

    private func items(_ selection: Selection, pageFolder: String, context: Context) -> [SelectionPage.Item] {
        selection.items.enumerated().map { offset, entry in
            let absolute = context.absolutePath(entry)
            return SelectionPage.Item(
                index: offset + 1, name: PathName.baseName(absolute), path: entry.path, type: entry.type,
                uprightSize: Format.uprightSize(entry), byteSize: Format.bytes(entry.bytes),
                link: link ? HTMLText.percentEncodePath(HTMLText.relativePath(from: pageFolder, to: absolute)) : nil)
        }
    }

    /// Streams the entry's file into the page as base64, a megabyte at a time.
    private func embed(_ entry: Entry, index: Int, into file: StreamedFile, context: Context) throws(ImgselError) {
        var encoder = Base64Encoder()
        var encoded: [UInt8] = []
        try EntryFile(entry, path: context.absolutePath(entry), index: index).stream { (chunk) throws(ImgselError) in
            encoder.encode(chunk, into: &encoded)
            try lift(store: file.write(encoded))
            encoded.removeAll(keepingCapacity: true)
        }
        encoder.finish(into: &encoded)
        try lift(store: file.write(encoded))
    }
}
