// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "imgsel",
    products: [
        .executable(name: "imgsel", targets: ["imgsel"]),
        .library(name: "SelectionStore", targets: ["SelectionStore"]),
    ],
    targets: [
        // The thin executable: parses arguments, prints, and maps errors to exit codes.
        .executableTarget(name: "imgsel", dependencies: ["SelectionStore", "SelectionPage"]),
        // Everything else: the model, the file format, locking, atomic writes, probing, hashing.
        .target(name: "SelectionStore", dependencies: ["CSHA256", "CFileCopy"]),
        // SHA-256 in C, so hashing can use the CPU's SHA instructions (chosen at run time).
        .target(name: "CSHA256"),
        // copy_file_range(2), which Swift's Glibc module does not declare, for `save`.
        .target(name: "CFileCopy"),
        // `imgsel html`: the page's markup, style, script, escaping and base64; builds text, touches no disk.
        .target(name: "SelectionPage", dependencies: ["SelectionStore"]),
        // Full-screen terminal: raw I/O on /dev/tty, keys, a diffing screen, the picker and browser models.
        .target(name: "TerminalUI", dependencies: ["CTerminal"]),
        // signalfd(2), and the terminal's last-resort restore on a crash: C, since it runs in a signal handler.
        .target(name: "CTerminal"),
        // A developer tool and test helper: the picker and browser on fake items, text only, for tmux tests.
        .executableTarget(name: "tui-demo", dependencies: ["TerminalUI"]),
        // A test helper: a process that writes through the library, for multi-process tests.
        .executableTarget(name: "selection-writer", dependencies: ["SelectionStore"]),
        .testTarget(name: "SelectionStoreTests", dependencies: ["SelectionStore", "selection-writer"]),
        // Spawns the built binary; depends on it so `swift test` builds it first.
        .testTarget(name: "imgselTests", dependencies: ["imgsel"]),
        .testTarget(name: "SelectionPageTests", dependencies: ["SelectionPage"]),
        // Spawns tui-demo in tmux; depends on it so `swift test` builds it first.
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "tui-demo"]),
    ]
)
