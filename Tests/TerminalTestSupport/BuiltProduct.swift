import Foundation

/// Where a product of this package's build is, for the tests that spawn it: the path in
/// `variable` when set, else beside the running test bundle (a test target that depends on
/// the product makes `swift build --build-tests` build it there).
public enum BuiltProduct {
    public static func url(_ name: String, unlessSetIn variable: String) -> URL? {
        if let explicit = ProcessInfo.processInfo.environment[variable], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        var folders: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first, !first.isEmpty {
            // On Linux the test bundle is itself an executable ending in .xctest.
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
        return folders.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
