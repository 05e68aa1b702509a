/// Why the store could not do what it was asked (an input file, the selection file, the album,
/// export's folder, the lock), with the values a message needs, or the model's refusal of a call
/// the store passed on. The command line decides the words, the `--json` code and the exit status.
public enum StoreError: Error, Equatable, Sendable {
    // an input file
    case inputMissing(path: String)
    case inputNotRegular(path: String, kind: String)
    case inputUnreadable(path: String, reason: String)
    case notAnImage(path: String, reason: String)
    case inputChanged(path: String, entry: Int)
    /// More bytes than the decode budget of a picture `width`×`height` (`ImageLoader`).
    case tooLargeToDecode(path: String, width: Int, height: Int)
    // the selection file
    /// It is not one this imgsel can use (its JSON, or the file itself).
    case selectionFile(SelectionFileError)
    /// Only init, add and toggle make a selection file; any other call finding none says so.
    case noSelection(path: String)
    case selectionExists(path: String)
    /// `create`'s capacity outside `Selection.capacityRange`.
    case capacityOutOfRange(Int)
    // writing, the lock
    case writeFailed(path: String, reason: String)
    case lockTimeout(path: String, seconds: Double)
    /// The model refused the change (`update`'s body, a plan).
    case selection(SelectionError)
    /// Several failures of one call (`save` over entries, `entries(for:)` over files), each reported.
    case several([StoreError])

    /// The selection file is not one this imgsel can use (`reason` in the file's terms).
    public static func invalidSelectionFile(path: String, reason: String) -> StoreError {
        .selectionFile(.invalidSelectionFile(path: path, reason: reason))
    }

    /// One error for a call that tries every item and reports every failure; nil when none failed.
    public static func combining(_ failures: [StoreError]) -> StoreError? {
        failures.count <= 1 ? failures.first : .several(failures)
    }
}

/// An error a caller of the store throws, which can carry the store's: `Store.update` and the
/// other calls that run the caller's code throw the caller's error type, so its code needs no
/// wrapping of its own and the store's failures reach it typed.
public protocol StoreErrorWrapping: Error {
    init(_ error: StoreError)
}

extension StoreError: StoreErrorWrapping {
    public init(_ error: StoreError) { self = error }
}

extension StoreErrorWrapping {
    /// `call`'s result, or its store error as this type.
    @inlinable
    public static func lifting<T>(_ call: @autoclosure () throws(StoreError) -> T) throws(Self) -> T {
        do {
            return try call()
        } catch {
            throw Self(error)
        }
    }
}
