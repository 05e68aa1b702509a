import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where the built `tui-demo` is: $TUI_DEMO_BIN, else beside the running test bundle (the
/// test target depends on it, so `swift build --build-tests` builds it).
enum DemoBinary {
    static let path: String? = locate()

    private static func locate() -> String? {
        if let explicit = ProcessInfo.processInfo.environment["TUI_DEMO_BIN"], !explicit.isEmpty { return explicit }
        var folders: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first, !first.isEmpty {
            var url = URL(fileURLWithPath: first).standardizedFileURL
            while url.path != "/" {
                if url.lastPathComponent.hasSuffix(".xctest") {
                    folders.append(url.deletingLastPathComponent())
                    break
                }
                url = url.deletingLastPathComponent()
            }
            folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        return folders.map { $0.appendingPathComponent("tui-demo").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
