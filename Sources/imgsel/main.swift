import ImgselCommands
import Posix

#if canImport(Glibc)
import Glibc
#endif

// The process around the command line: its arguments, variables, current directory and
// descriptors go in; the exit status comes out. Everything else is the ImgselCommands library.

/// The environment as getenv sees it: the first of two entries with one name wins.
func processEnvironment() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") {
            let name = String(text[..<equals])
            if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
        }
        entry += 1
    }
    return variables
}

let io = ProcessIO(
    environment: processEnvironment(), cwd: Posix.currentDirectory(), stdin: 0, stdout: 1,
    stdoutIsTerminal: isatty(1) == 1, stderrIsTerminal: isatty(2) == 1,
    writeOut: { bytes in bytes.withUnsafeBytes { Posix.writeAll(1, $0) } },
    writeErr: { bytes in bytes.withUnsafeBytes { _ = Posix.writeAll(2, $0) } },
    endBySignal: { signal in
        raise(signal)
        exit(128 + signal)
    },
    openControllingTerminal: {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        return fd >= 0 ? fd : nil
    })
let badNames = RawArguments.notUTF8(argc: CommandLine.argc, argv: CommandLine.unsafeArgv)
exit(Imgsel.run(Array(CommandLine.arguments.dropFirst()), badNames: badNames, io: io))
