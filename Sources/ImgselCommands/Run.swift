import CommandLineModel
import Posix
import SelectionStore
import TerminalImage

/// The command line as a library: `main.swift` hands in what the process has (arguments,
/// environment, current directory, descriptors, where bytes go), tests their own.
public enum Imgsel {
    /// One run of imgsel, start to end: its exit status. `badNames` are the arguments whose
    /// bytes were not UTF-8 (see `RawArguments`); any of them fails the run by name.
    public static func run(_ arguments: [String], badNames: [String] = [], io: ProcessIO) -> Int32 {
        let console = Console(io: io)
        var status: Int32
        if badNames.isEmpty {
            status = runImgsel(arguments, console: console)
        } else {
            console.json = ArgvParser.wantsJSON(arguments)
            for name in badNames { console.error(.nameNotUTF8(path: name)) }
            status = ImgselError.nameNotUTF8(path: "").exitCode
        }
        console.flush()
        if let code = console.outputError {
            let failure = ImgselError.outputFailed(reason: Posix.errorText(code))
            console.error(failure)
            if status == ExitStatus.done.rawValue { status = failure.exitCode }
        }
        return status
    }
}

/// parse → validate → run; the one place that maps an error to its exit code.
func runImgsel(_ argv: [String], console: Console) -> Int32 {
    console.json = ArgvParser.wantsJSON(argv)
    do throws(ImgselError) {
        let parsed = try ArgvParser.parse(argv)
        console.json = parsed.globals.json
        console.quiet = parsed.globals.quiet
        let noColor =
            parsed.globals.noColor || !(console.io.environment["NO_COLOR"] ?? "").isEmpty
            || console.io.environment["TERM"] == "dumb"
        console.colour = !noColor && console.io.stdoutIsTerminal

        if parsed.globals.version {
            if console.json {
                console.json(.object([("version", .string(HelpText.versionNumber))]))
            } else {
                console.out(HelpText.version)
            }
            return ExitStatus.done.rawValue
        }
        guard let name = parsed.commandName, let command = CommandRegistry.find(name) else {
            if parsed.globals.help { HelpText.write(nil, to: console); return ExitStatus.done.rawValue }
            // `imgsel` alone asks what there is; anything more was meant as a command line.
            if argv.isEmpty && !console.json { console.errText(HelpText.main()); return ExitStatus.usage.rawValue }
            throw ImgselError.usage("missing COMMAND" + commandTakenAsValue(parsed.globals))
        }
        if parsed.globals.help { HelpText.write(command.spec, to: console); return ExitStatus.done.rawValue }
        var arguments = parsed.arguments
        arguments.stdin = console.io.stdin
        let validated = try command.init(validating: arguments)
        try validated.run(try makeContext(parsed.globals, console: console, locking: command.spec.usesSelection))
        return ExitStatus.done.rawValue
    } catch {
        if !(console.quiet && !console.json && isEndOfWalk(error)) {
            for part in error.parts { console.error(part) }
        }
        if case .usage = error, !console.json {
            console.errText(HelpText.usageLine(ArgvParser.commandSpec(argv)))
        }
        return error.exitCode
    }
}

/// `view next` at the last entry (or `prev` at the first): in `while imgsel -q view next`
/// the end is expected and the exit status 1 says it, so `-q` leaves out its line. So does a
/// full-screen command the user cancelled: 130 says it.
func isEndOfWalk(_ error: ImgselError) -> Bool {
    switch error {
    case .noNextEntry, .noPreviousEntry, .cancelled: return true
    default: return false
    }
}

/// ` ('list' was taken as the value of --album)` when an option's value is a command's name:
/// `imgsel --album list` lacks a folder, not a command, and should say so.
func commandTakenAsValue(_ globals: GlobalOptions) -> String {
    for (option, value) in globals.valuesGiven {
        if let value, CommandRegistry.find(value) != nil {
            return " ('\(value)' was taken as the value of \(option.spec.canonical))"
        }
    }
    return ""
}

/// Where the selection and album are, from options, then environment, then defaults.
/// `locking` is false for commands that never touch the selection, which then
/// ignore a malformed IMGSEL_LOCK_TIMEOUT rather than fail on it.
func makeContext(_ globals: GlobalOptions, console: Console, locking: Bool) throws(ImgselError) -> Context {
    let cwd = console.io.cwd
    let environment = console.io.environment
    var timeout = Store.defaultLockTimeout
    if locking, let text = environment["IMGSEL_LOCK_TIMEOUT"], !text.isEmpty {
        guard let value = Double(text), value.isFinite, value >= 0 else {
            throw .usage("IMGSEL_LOCK_TIMEOUT must be a number of seconds, not '\(text)'")
        }
        timeout = value
    }
    let fileOption =
        globals.file ?? environment["IMGSEL_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? ".imgsel.json"
    guard !fileOption.isEmpty else { throw .usage("--file needs a path, not an empty string") }
    let file = Store.following(PhysicalPath.absoluteOnDisk(fileOption, base: cwd))
    let store = Store(path: file, lockTimeout: timeout)
    let albumOption = globals.album ?? environment["IMGSEL_ALBUM"].flatMap { $0.isEmpty ? nil : $0 }
    if let albumOption, albumOption.isEmpty { throw .usage("--album needs a folder, not an empty string") }
    let album = albumOption.map { PhysicalPath.absoluteOnDisk($0, base: cwd) } ?? store.folder + "/saved-album"
    var context = Context(store: store, albumFolder: album, cwd: cwd, console: console)
    context.graphics = try graphicsRequest(globals.graphics)
    context.noColorOption = globals.noColor
    return context
}

/// `--graphics WAY`, checked: one of the ways or auto (a near miss names the nearest).
func graphicsRequest(_ text: String?) throws(ImgselError) -> GraphicsRequest? {
    guard let text else { return nil }
    if let request = GraphicsRequest(text) { return request }
    let names = GraphicsRequest.names
    let nearest = Suggestion.nearest(text, among: names).map { " (did you mean '\($0)'?)" } ?? ""
    throw .usage("--graphics must be one of \(names.joined(separator: ", ")), not '\(text)'\(nearest)")
}
