import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// The command line's options: `--name value` pairs.
struct DemoOptions {
    private var values: [String: String] = [:]

    init(_ arguments: [String]) {
        var i = 0
        while i + 1 < arguments.count {
            values[arguments[i]] = arguments[i + 1]
            i += 2
        }
    }

    func int(_ name: String, _ fallback: Int) -> Int { values[name].flatMap { Int($0) } ?? fallback }
    func string(_ name: String) -> String? { values[name] }
    /// "2,5" as 0-based indices [1, 4].
    func indices(_ name: String) -> [Int] {
        (values[name] ?? "").split(separator: ",").compactMap { Int($0) }.map { $0 - 1 }
    }
}

enum DemoResult {
    case done(String, status: Int32)
    case signalled(Int32)
}

enum DemoOutput {
    static func name(_ index: Int) -> String {
        index < 9 ? "photo-0\(index + 1).jpg" : "photo-\(index + 1).jpg"
    }

    static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    static func fail(_ message: String, status: Int32) -> Never {
        write(message + "\n", to: 2)
        exit(status)
    }

    static func finish(_ line: String, options: DemoOptions) {
        write(line + "\n", to: 1)
        if let path = options.string("--out") { writeFile(path, line + "\n") }
    }

    /// Writes whole or not at all (a temporary name, then a rename), so a test that waits for
    /// the file never reads it half-written.
    static func writeFile(_ path: String, _ text: String) {
        let part = path + ".part"
        let fd = open(part, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return }
        write(text, to: fd)
        close(fd)
        rename(part, path)
    }

    /// A stand-in picture: the rectangle filled with a colour and the item's number in it.
    static func placeholder(_ label: String, colour: Int, rect: CellRect, screen: inout Screen) {
        let style = Style(foreground: .palette(15), background: .palette(UInt8(17 + colour % 200)))
        screen.fill(rect, style: style)
        let width = TextFit().width(label)
        screen.put(
            label, row: rect.top + rect.height / 2, column: rect.left + max(0, (rect.width - width) / 2),
            style: style, maxColumns: rect.width)
    }
}

enum DemoPicker {
    /// What an upload rule's refusal says (the words of SPEC "Upload rules").
    static func ruleBroken(_ name: String) -> String {
        "\(name): 7.2 MB is over this selection's 5 MB (--max-bytes)"
    }

    static func run(_ options: DemoOptions, on terminal: TTYTerminal) throws(TerminalError) -> DemoResult {
        let count = options.int("--count", 12)
        let names = (0..<count).map(DemoOutput.name)
        let refused = Set(options.indices("--refuse"))
        let model = PickerModel(
            names: names, picked: options.indices("--picked"),
            capacity: options.int("--capacity", 9), otherEntries: options.int("--others", 0),
            refusal: { item, _ in refused.contains(item) ? Self.ruleBroken(names[item]) : nil })
        let slot = (options.string("--slot") ?? "16x6").split(separator: "x").compactMap { Int($0) }
        var program = PickerProgram(
            model: model, slotWidth: slot.first ?? 16, slotHeight: slot.last ?? 6,
            drawThumbnail: { item, rect, screen in
                DemoOutput.placeholder("#\(item + 1)", colour: item, rect: rect, screen: &screen)
            },
            drawFullImage: { item, rect, screen in
                DemoOutput.placeholder("\(names[item]) full size", colour: item, rect: rect, screen: &screen)
            })
        try terminal.enterFullScreen()
        if let path = options.string("--pid") { DemoOutput.writeFile(path, "\(getpid())\n") }
        switch try runFullScreen(&program, on: terminal) {
        case .finished(.commit(let order)):
            return .done((["commit"] + order.map { names[$0] }).joined(separator: " "), status: 0)
        case .finished(.cancel):
            return .done("cancel", status: 130)
        case .signalled(let signal):
            return .signalled(signal)
        }
    }
}

/// The browser's entries, changed by `d`.
final class DemoAlbum {
    var names: [String]
    init(_ names: [String]) { self.names = names }
}

enum DemoBrowser {
    static func run(_ options: DemoOptions, on terminal: TTYTerminal) throws(TerminalError) -> DemoResult {
        let album = DemoAlbum((0..<options.int("--total", 9)).map(DemoOutput.name))
        let model = BrowserModel(total: album.names.count, index: options.int("--index", 1) - 1)
        var program = BrowserProgram(
            model: model,
            caption: { "\(album.names[$0])  4000×3000 JPEG 2.1 MB" },
            drawImage: { entry, rect, screen in
                DemoOutput.placeholder(album.names[entry], colour: entry, rect: rect, screen: &screen)
            },
            save: { "saved \(album.names[$0]) to album/\(album.names[$0])" },
            delete: { entry in
                let name = album.names.remove(at: entry)
                return .deleted(remaining: album.names.count, message: "deleted \(name)")
            })
        try terminal.enterFullScreen()
        if let path = options.string("--pid") { DemoOutput.writeFile(path, "\(getpid())\n") }
        switch try runFullScreen(&program, on: terminal) {
        case .finished(.quit(let entry)):
            return .done(entry.map { "quit \($0 + 1)" } ?? "quit none", status: 0)
        case .finished(.cancel):
            return .done("cancel", status: 130)
        case .signalled(let signal):
            return .signalled(signal)
        }
    }
}

enum DemoCrash {
    /// Full screen, one key, then a trap or exit(3) with the terminal still raw.
    static func run(trap: Bool, on terminal: TTYTerminal) -> Never {
        do {
            try terminal.enterFullScreen()
        } catch {
            DemoOutput.fail("tui-demo: \(error)", status: 1)
        }
        terminal.write(Array("\u{1B}[H\(trap ? "trap" : "exit") on any key".utf8))
        while case .timeout = terminal.read(timeoutMilliseconds: -1) {}
        if trap {
            let items: [Int] = []
            // An index out of range: the Swift runtime stops the process (SIGILL or SIGTRAP).
            print(items[Int(getpid()) % 7 + 1])
        }
        exit(3)
    }
}
