import CommandLineModel
import Posix
import SelectionStore
import TerminalImage

/// `imgsel terminal`: what imgsel sees of the terminal on stdout and which way `view` would
/// draw there, with why, so that a user (or a bug report) need not guess. It takes the same
/// steps as `view` (the option, the variable, the hints, one query), so it asks only where
/// `view` would ask. With stdout on a pipe or a file (`imgsel --json terminal > report.json`)
/// it looks at the controlling terminal instead, where pick and browse draw, and says so.
struct TerminalCommand: Command {
    static let spec = CommandSpec(
        name: "terminal", usage: "terminal",
        summary: "show how pictures would be drawn here, and why: the way, the answers, the window, the colours",
        examples: ["imgsel terminal", "imgsel --json terminal", "imgsel terminal --graphics sixel"],
        usesSelection: false)

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...0)
    }

    func run(_ context: Context) throws(ImgselError) {
        let tty = context.io.stdoutIsTerminal ? nil : context.io.openControllingTerminal()
        defer { if let tty { Posix.close(tty) } }
        let report: TerminalReport
        do {
            report = try TerminalReport.make(
                option: context.graphics, colourOff: context.noColorOption, output: tty ?? context.io.stdout,
                environment: context.io.variable)
        } catch {
            throw .usage(error.message)
        }
        let place = Place(stdoutIsTerminal: context.io.stdoutIsTerminal, controllingTerminal: tty != nil)
        if context.json {
            context.console.json(Self.json(report, place))
        } else {
            for (name, value) in Self.lines(report, place) {
                context.console.out(Format.printable(name.padding(12) + value))
            }
        }
    }

    /// Which terminal was looked at: stdout's, or the controlling one for a stdout that is none.
    struct Place {
        let stdoutIsTerminal: Bool
        let controllingTerminal: Bool

        var name: String { controllingTerminal ? "/dev/tty" : "stdout" }

        var words: String {
            if stdoutIsTerminal { return "a terminal" }
            if controllingTerminal {
                return "not a terminal (view draws no picture there without --image);"
                    + " this is /dev/tty, where pick and browse draw"
            }
            return "not a terminal, nor is there a controlling one: view draws no picture without --image"
        }
    }

    /// The report as named lines: the way first (as `--graphics` names it), then why.
    static func lines(_ report: TerminalReport, _ place: Place) -> [(String, String)] {
        let choice = report.choice
        let window = report.window
        var pixels = "pixels unknown (cells taken as 1:2)"
        if window.knowsPixels {
            pixels = "\(window.pixelWidth)×\(window.pixelHeight) pixels (\(report.pixelSource.rawValue))"
        }
        let cell = report.cellPixels.map { "\($0.width)×\($0.height) pixels" } ?? "unknown"
        let colours = choice.colours == .truecolor ? "24-bit" : "256"
        let background = report.backgroundHex.map { "\($0) (OSC 11)" } ?? "not answered (black assumed)"
        let tmux: String
        if !report.insideTmux {
            tmux = "no"
        } else {
            tmux = choice.passthrough == .tmux ? "yes: pictures wrapped for passthrough" : "yes: no passthrough needed"
        }
        return [
            ("graphics", choice.way.rawValue), ("reason", choice.reason), ("answers", answers(report)),
            ("window", "\(window.columns)×\(window.rows) cells, \(pixels)"), ("cell", cell),
            ("colours", "\(colours) (\(report.coloursReason))"), ("background", background), ("tmux", tmux),
            ("stdout", place.words),
        ]
    }

    /// What the query got, each answer as it came, or that nothing was asked.
    private static func answers(_ report: TerminalReport) -> String {
        guard let reply = report.reply else { return "not asked" }
        var parts: [String] = []
        switch reply.kitty {
        case .supported?: parts.append("kitty graphics OK")
        case .refused(let message)?: parts.append("kitty graphics refused (\(message))")
        case nil: break
        }
        if let hex = report.backgroundHex { parts.append("background \(hex)") }
        if let cell = reply.cellPixels { parts.append("cell \(cell.width)×\(cell.height)") }
        if let area = reply.textAreaPixels { parts.append("text area \(area.width)×\(area.height)") }
        parts.append(reply.deviceAttributesAnswer.map { "DA1 \($0)" } ?? "no DA1 within 250 ms")
        return parts.joined(separator: ", ")
    }

    static func json(_ report: TerminalReport, _ place: Place) -> JSONValue {
        let choice = report.choice
        let window = report.window
        func cell(_ size: (width: Int, height: Int)?) -> JSONValue {
            guard let size else { return .null }
            return .object([("width", .int(size.width)), ("height", .int(size.height))])
        }
        var answers: JSONValue = .null
        if let reply = report.reply {
            let kitty: JSONValue
            switch reply.kitty {
            case .supported?: kitty = .string("OK")
            case .refused(let message)?: kitty = .string(message)
            case nil: kitty = .null
            }
            answers = .object([
                ("kitty", kitty), ("background", report.backgroundHex.map(JSONValue.string) ?? .null),
                ("cell", cell(reply.cellPixels)), ("text_area", cell(reply.textAreaPixels)),
                ("da1", reply.deviceAttributesAnswer.map(JSONValue.string) ?? .null),
                ("da1_attributes", reply.deviceAttributes.map { .array($0.map { .int($0) }) } ?? .null),
            ])
        }
        return .object([
            ("graphics", .string(choice.way.rawValue)), ("reason", .string(choice.reason)),
            ("terminal", .bool(report.isTerminal)), ("looked_at", .string(place.name)),
            ("stdout_terminal", .bool(place.stdoutIsTerminal)), ("asked", .bool(report.reply != nil)),
            ("answers", answers),
            (
                "window",
                .object([
                    ("columns", .int(window.columns)), ("rows", .int(window.rows)),
                    ("pixel_width", .int(window.pixelWidth)), ("pixel_height", .int(window.pixelHeight)),
                    ("pixels", .string(report.pixelSource.rawValue)),
                ])
            ),
            ("cell", cell(report.cellPixels.map { (width: $0.width, height: $0.height) })),
            ("colours", .string(choice.colours == .truecolor ? "24-bit" : "256")),
            ("colours_reason", .string(report.coloursReason)),
            ("background", report.backgroundHex.map(JSONValue.string) ?? .null),
            ("tmux", .bool(report.insideTmux)), ("passthrough", .bool(choice.passthrough == .tmux)),
        ])
    }
}

extension String {
    /// Padded with spaces to `width` characters (names of the report are ASCII).
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
