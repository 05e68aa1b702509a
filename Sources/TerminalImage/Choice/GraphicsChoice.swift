/// How pictures are drawn on this terminal, and why: the answer to `--graphics`,
/// `$IMGSEL_GRAPHICS` and auto-detection, for `view`, `list --grid`, `pick` and `browse`.
///
/// The order (SPEC, "Showing images in a terminal"): the option, else the variable, else
/// auto: the environment's hints (`TerminalHints`), and where they do not decide, one query
/// on the terminal (`TerminalQuery`): kitty graphics when the kitty query is answered OK,
/// sixel when DA1 lists 4, else half blocks. Nothing answered, or nothing to ask (not a
/// terminal): half blocks. When colour is off (`NO_COLOR`, `--no-color`) auto is `none`, the
/// text line alone (SPEC's table), whatever the hints or a query would say, so nothing is
/// asked. An explicit way is always obeyed.
public struct GraphicsChoice: Sendable, Equatable {
    public var way: GraphicsWay
    /// `.tmux` inside tmux for the graphics ways the outer terminal must draw; `.none` for
    /// half blocks, and when tmux itself answered the query (it draws its own sixel).
    public var passthrough: Passthrough
    /// For half blocks: 24-bit where `COLORTERM` says so, else the 256-colour palette.
    public var colours: Blocks.Colours
    /// The cell's size in pixels when the terminal told it (`CSI 16 t`, or `CSI 14 t`'s text area
    /// over its cells), for a window whose TIOCGWINSZ gives none; nil otherwise.
    public var cellPixels: CellPixels?
    /// What sixel and half blocks compose transparency over: the terminal's background when
    /// it answered OSC 11, else black.
    public var background: RGB { answeredBackground ?? .black }
    /// The terminal's background as it answered OSC 11; nil when it was not asked or did not
    /// say (the focus mark then takes a colour that shows on dark and light alike).
    public var answeredBackground: RGB?
    /// What decided, in words a bug report can quote: `--graphics sixel`,
    /// `IMGSEL_GRAPHICS=kitty`, a hint (`TERM=foot`), `NO_COLOR is set`, `--no-color`, or what
    /// the query got (`query: DA1 [?62;4;22c lists 4 (sixel)`, `query: no answer within 250 ms`).
    public var reason: String

    public init(
        way: GraphicsWay, passthrough: Passthrough = .none, colours: Blocks.Colours = .palette256,
        cellPixels: CellPixels? = nil, background: RGB? = nil, reason: String = ""
    ) {
        self.way = way
        self.passthrough = passthrough
        self.colours = colours
        self.cellPixels = cellPixels
        self.answeredBackground = background
        self.reason = reason
    }

    /// `$IMGSEL_GRAPHICS` holds something that is no way.
    public struct BadVariable: Error, Equatable, Sendable {
        public let value: String
        public var message: String {
            "IMGSEL_GRAPHICS must be one of \(GraphicsRequest.names.joined(separator: ", ")), not '\(value)'"
        }
    }

    /// The variable that names the way when `--graphics` is not given.
    public static let variable = "IMGSEL_GRAPHICS"

    /// Chooses the way.
    /// - Parameters:
    ///   - option: `--graphics`, parsed (nil when not given).
    ///   - environment: the process's variables (`TerminalHints`, `$IMGSEL_GRAPHICS`, `NO_COLOR`).
    ///   - colourOff: `--no-color` (or anything else that turned colour off).
    ///   - query: asks the terminal (see `TerminalQuery.ask`); called at most once, only when
    ///     neither colour being off nor the hints decide; nil when there is no terminal to ask.
    public static func resolve(
        option: GraphicsRequest?, environment: (String) -> String? = environmentValue, colourOff: Bool = false,
        query: () -> TerminalReply?
    ) throws(BadVariable) -> GraphicsChoice {
        let hints = TerminalHints.read(environment)
        var request = option
        var reason = "--graphics"
        if request == nil, let text = environment(variable), !text.isEmpty {
            guard let parsed = GraphicsRequest(text) else { throw BadVariable(value: text) }
            request = parsed
            reason = "\(variable)=\(text)"
        } else if case let .way(way)? = request {
            reason = "--graphics \(way.rawValue)"
        }
        if case let .way(way)? = request {
            return choice(way, hints: hints, reason: reason)
        }
        // No answer could change the way then: the terminal is not asked (issue 20, item 13).
        if colourOff || !(environment("NO_COLOR") ?? "").isEmpty {
            return choice(.none, hints: hints, reason: colourOff ? "--no-color" : "NO_COLOR is set")
        }
        if let way = hints.way {
            return choice(way, hints: hints, reason: hints.evidence ?? "")
        }
        guard let reply = query() else {
            return choice(
                .blocks, hints: hints, reason: "no terminal to ask (stdout is none, or not in its foreground)")
        }
        let cell = reply.answeredCell.map { CellPixels(width: $0.width, height: $0.height) }
        let way: GraphicsWay = reply.kittyGraphics ? .kitty : reply.sixel ? .sixel : .blocks
        let background = reply.background.map { RGB($0.red, $0.green, $0.blue) }
        // Inside tmux the query reaches tmux, not the terminal around it: what answered draws.
        return choice(
            way, hints: hints, reason: answerReason(reply, tmux: hints.insideTmux), tmuxAnswered: hints.insideTmux,
            cellPixels: cell, background: background)
    }

    /// Which answer decided, with DA1 as it came (the form that ends the wait, or its absence).
    static func answerReason(_ reply: TerminalReply, tmux: Bool) -> String {
        let asked = tmux ? "query (answered by tmux)" : "query"
        let da1 = reply.deviceAttributesAnswer.map { "DA1 \($0)" }
        if reply.kittyGraphics {
            return "\(asked): kitty graphics answered OK, then " + (da1 ?? "no DA1 within 250 ms")
        }
        guard let da1 else { return "\(asked): no answer within 250 ms" }
        if reply.sixel { return "\(asked): \(da1) lists 4 (sixel)" }
        let kitty: String
        switch reply.kitty {
        case .refused(let message)?: kitty = "kitty graphics refused (\(message))"
        case .supported?, nil: kitty = "no kitty graphics answer"
        }
        return "\(asked): \(da1) lists no 4 (sixel), \(kitty)"
    }

    private static func choice(
        _ way: GraphicsWay, hints: TerminalHints, reason: String, tmuxAnswered: Bool = false,
        cellPixels: CellPixels? = nil, background: RGB? = nil
    ) -> GraphicsChoice {
        let wrapped = hints.insideTmux && way.isGraphics && !tmuxAnswered
        return GraphicsChoice(
            way: way, passthrough: wrapped ? .tmux : .none, colours: hints.colours, cellPixels: cellPixels,
            background: background, reason: reason)
    }

    /// The window with the cell size the terminal answered, where TIOCGWINSZ gave no pixels.
    public func window(_ window: WindowSize) -> WindowSize {
        guard !window.knowsPixels, let cell = cellPixels, cell.width > 0, cell.height > 0 else { return window }
        return WindowSize(
            columns: window.columns, rows: window.rows, pixelWidth: window.columns * cell.width,
            pixelHeight: window.rows * cell.height)
    }
}
