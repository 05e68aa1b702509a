import Posix
import SelectionStore

/// The only place that writes to stdout and stderr, through the sinks the process handed in.
/// stdout is buffered and written once, so a pipeline reading it gets whole lines.
final class Console {
    let io: ProcessIO
    var json = false
    var quiet = false
    var colour = false
    private var buffer: [UInt8] = []

    init(io: ProcessIO) { self.io = io }

    /// The product of a command: always printed.
    func out(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
    }

    /// Bytes exactly as given (no newline added), for `-0` output.
    func raw(_ text: String) { buffer.append(contentsOf: text.utf8) }

    /// Bytes that are not text: an inline image's escape sequence.
    func bytes(_ data: [UInt8]) { buffer.append(contentsOf: data) }

    /// A confirmation line: not with `--quiet`, not in `--json` mode; control
    /// characters in names are escaped so one confirmation stays one line.
    func confirm(_ line: String) {
        if !quiet && !json { out(Format.printable(line)) }
    }

    func json(_ value: JSONValue) { out(JSONWriter.compact(value)) }

    /// One error line on stderr, in text or JSON.
    func error(_ error: ImgselError) {
        var text: String
        if json {
            text = JSONWriter.compact(.object([("error", Format.errorJSON(error))]))
        } else {
            let message = Format.printable(error.message)
            text = "imgsel: " + message
            // Colour was decided for stdout; stderr may be a file even then.
            if colour && io.stderrIsTerminal { text = "imgsel: " + Style.red("error:") + " " + message }
        }
        writeErr(text + "\n")
    }

    /// Free text on stderr (usage lines under a usage error).
    func errText(_ text: String) { writeErr(text + "\n") }

    /// The first error writing stdout met (EPIPE aside: a reader that stopped early
    /// is a normal end of a pipeline), so that `main` can exit 5 rather than 0.
    private(set) var outputError: Int32? = nil

    func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll() }
        guard outputError == nil else { return }
        if let code = io.writeOut(buffer), code != Posix.Errno.brokenPipe { outputError = code }
    }

    private func writeErr(_ text: String) {
        flush()  // keep stdout and stderr in order on a shared terminal
        io.writeErr(Array(text.utf8))
    }

    var stdoutIsTerminal: Bool { io.stdoutIsTerminal }
}

/// ANSI styling, applied only when the console decided colour is on.
enum Style {
    static func red(_ s: String) -> String { "\u{1B}[31m" + s + "\u{1B}[0m" }
    static func highlight(_ s: String) -> String { "\u{1B}[1;7m" + s + "\u{1B}[0m" }
}
