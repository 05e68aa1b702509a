import CommandLineModel

/// An option that stands before or after the command: the key of its spec and of its value
/// in `GlobalOptions`, so that neither is found by its spelling.
enum GlobalOption: CaseIterable {
    case file, album, json, quiet, noColor, graphics, help, version

    var spec: OptionSpec {
        switch self {
        case .file:
            return OptionSpec(
                names: ["--file", "-f"], value: "PATH",
                help: "the selection file (else $IMGSEL_FILE, else ./.imgsel.json)")
        case .album:
            return OptionSpec(
                names: ["--album"], value: "DIR",
                help: "where save copies to (else $IMGSEL_ALBUM, else saved-album/ beside the selection file)")
        case .json:
            return OptionSpec(
                names: ["--json"], value: nil, help: "machine-readable output on stdout, errors as JSON on stderr")
        case .quiet: return OptionSpec(names: ["--quiet", "-q"], value: nil, help: "no confirmation lines")
        case .noColor:
            return OptionSpec(names: ["--no-color"], value: nil, help: "no colour (also when NO_COLOR is set)")
        case .graphics:
            return OptionSpec(
                names: ["--graphics"], value: "WAY",
                help: "how pictures are drawn: auto, kitty, iterm, sixel, blocks, none (else $IMGSEL_GRAPHICS)")
        case .help: return OptionSpec(names: ["--help", "-h"], value: nil, help: "show help")
        case .version: return OptionSpec(names: ["--version"], value: nil, help: "show the version")
        }
    }

    /// The global option `spec` describes, nil for a command's own option.
    init?(_ spec: OptionSpec) {
        guard let option = Self.allCases.first(where: { $0.spec.canonical == spec.canonical }) else { return nil }
        self = option
    }

    /// Whether it changes how a command runs, so that a command's help says it applies
    /// (`--help` and `--version` replace the command instead).
    var appliesToCommands: Bool { self != .help && self != .version }

    /// The shortest spelling, for lists: `-f`, `--album`.
    var shortestName: String { spec.names.min { $0.count < $1.count } ?? spec.canonical }
}

/// The global options' values.
struct GlobalOptions {
    var file: String? = nil
    var album: String? = nil
    var json = false
    var quiet = false
    var noColor = false
    /// `--graphics` as typed; checked by `makeContext`.
    var graphics: String? = nil
    var help = false
    var version = false

    static let specs: [OptionSpec] = GlobalOption.allCases.map(\.spec)

    mutating func set(_ option: GlobalOption, _ value: String?) {
        switch option {
        case .file: file = value
        case .album: album = value
        case .json: json = true
        case .quiet: quiet = true
        case .noColor: noColor = true
        case .graphics: graphics = value
        case .help: help = true
        case .version: version = true
        }
    }

    /// The values of the options that take one, with their option: what a misplaced command name may hide in.
    var valuesGiven: [(GlobalOption, String?)] { [(.file, file), (.album, album), (.graphics, graphics)] }
}
