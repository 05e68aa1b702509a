import Foundation
import TerminalTestSupport

/// Where the built `tui-demo` is: $TUI_DEMO_BIN, else beside the running test bundle.
enum DemoBinary {
    static let path: String? = BuiltProduct.url("tui-demo", unlessSetIn: "TUI_DEMO_BIN")?.path
}
