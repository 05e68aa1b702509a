/// A test that cannot set up what it tests (no pseudo-terminal, no ImageMagick) fails with this:
/// thrown, it ends the test as a failure, never as a skip that would pass unseen.
struct SetupFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
