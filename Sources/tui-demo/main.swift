import TerminalUI

// A developer tool and test helper, not a product: the picker and the browser of TerminalUI
// on made-up items, with text where the pictures would be, so the raw terminal code can be
// driven in a real terminal (the tmux tests do).
//
//   tui-demo pick [--count N] [--capacity N] [--picked 2,5] [--others N] [--refuse 4]
//                 [--slot WxH] [--out FILE] [--pid FILE]
//   tui-demo browse [--total N] [--index N] [--out FILE] [--pid FILE]
//   tui-demo crash trap|exit
//
// Items are photo-01.jpg, photo-02.jpg, …; numbers on the command line are 1-based.
// The outcome goes to stdout and, with --out, to FILE once the terminal is restored:
// "commit photo-03.jpg photo-01.jpg" (exit 0), "quit 3" (exit 0), "cancel" (exit 130).
// --pid writes the process id once full screen, for tests that send signals.
// `crash` goes full screen, waits for a key, then traps (a Swift runtime error) or calls
// exit(3) without leaving full screen: the last-resort restore must still put the terminal back.
#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, ["pick", "browse", "crash"].contains(mode) else {
    DemoOutput.fail("usage: tui-demo pick|browse|crash [options]", status: 2)
}
let options = DemoOptions(Array(arguments.dropFirst()))

let terminal: TTYTerminal
do {
    terminal = try TTYTerminal.open()
} catch {
    DemoOutput.fail("tui-demo: \(mode) needs a terminal", status: 2)
}

if mode == "crash" {
    DemoCrash.run(trap: arguments.dropFirst().first == "trap", on: terminal)
}

let result: DemoResult
do {
    result = mode == "pick" ? try DemoPicker.run(options, on: terminal) : try DemoBrowser.run(options, on: terminal)
} catch {
    DemoOutput.fail("tui-demo: \(error)", status: 1)
}
switch result {
case .done(let line, let status):
    DemoOutput.finish(line, options: options)
    exit(status)
case .signalled(let signal):
    TerminalSignals.restoreDefault(signal)
    raise(signal)
    exit(128 + signal)  // not reached: these signals' default is to end the process
}
