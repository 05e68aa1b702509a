/// A fact of an entry's file that is looked up when a command needs it, not recorded: two values
/// are equal whatever it holds, so an entry whose file was looked at still equals the one the
/// selection file holds (and a selection is not written again for it).
@propertyWrapper
public struct LookedUp<Value: Sendable>: Equatable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public static func == (_: LookedUp, _: LookedUp) -> Bool { true }
}
