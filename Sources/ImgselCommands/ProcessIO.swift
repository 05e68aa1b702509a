/// What one run of imgsel takes from its process, handed in rather than read from globals, so
/// that a test runs the command line in its own process with its own: `main.swift` gives the
/// real ones (the environment, getcwd, descriptors 0 and 1, writes to 1 and 2, death by signal).
public struct ProcessIO {
    /// The variables, as getenv would give them.
    public var environment: [String: String]
    /// The physical current directory (as getcwd gives it): relative paths are taken from here.
    public var cwd: String
    /// Where `-` reads paths from.
    public var stdin: Int32
    /// Standard output's descriptor, only asked about (a terminal? its window; the graphics
    /// query's terminal), never written through: the bytes go to `writeOut`.
    public var stdout: Int32
    public var stdoutIsTerminal: Bool
    /// Colour on stderr needs both this and colour decided for stdout.
    public var stderrIsTerminal: Bool
    /// Writes all of the bytes to stdout; the errno of a failure, nil when they all went.
    public var writeOut: ([UInt8]) -> Int32?
    /// Writes the bytes to stderr (nothing is left to tell of a failure there).
    public var writeErr: ([UInt8]) -> Void
    /// Ends the process by `signal` once a full-screen command put the terminal back, as the
    /// parent expects (the default action is restored already): the library never exits.
    public var endBySignal: (Int32) -> Never
    /// Opens the process's controlling terminal (`/dev/tty`), for `imgsel terminal` with stdout
    /// on a pipe or a file (`imgsel --json terminal > report.json`); a descriptor the caller
    /// closes, or nil. main's opens /dev/tty; a test's run in process has none, so it never
    /// asks the terminal `swift test` runs in.
    public var openControllingTerminal: () -> Int32? = { nil }

    public init(
        environment: [String: String], cwd: String, stdin: Int32, stdout: Int32, stdoutIsTerminal: Bool,
        stderrIsTerminal: Bool, writeOut: @escaping ([UInt8]) -> Int32?, writeErr: @escaping ([UInt8]) -> Void,
        endBySignal: @escaping (Int32) -> Never, openControllingTerminal: @escaping () -> Int32? = { nil }
    ) {
        self.openControllingTerminal = openControllingTerminal
        self.environment = environment
        self.cwd = cwd
        self.stdin = stdin
        self.stdout = stdout
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.endBySignal = endBySignal
    }

    /// A variable as a lookup, the shape TerminalImage asks for.
    var variable: (String) -> String? { { [environment] in environment[$0] } }
}
