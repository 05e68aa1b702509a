import ImageDecoding
import ImageHeaders
import SelectionStore

// The libraries throw their own errors, carrying values; here each becomes the command line's
// failure, whose case decides the exit status, the `--json` code and the words.

extension ImgselError {
    /// The selection's refusal, as the command line reports it.
    init(_ error: SelectionError) {
        switch error {
        case let .selectionFull(capacity, count, adding):
            self = .selectionFull(capacity: capacity, count: count, adding: adding)
        case let .indexOutOfRange(index, count): self = .indexOutOfRange(index: index, count: count)
        case let .duplicate(path, entry): self = .duplicate(path: path, entry: entry)
        case let .duplicateInBatch(path, sameAs, position, earlier):
            self = .duplicateInBatch(path: path, sameAs: sameAs, position: position, earlier: earlier)
        case let .pathTaken(path, entry): self = .pathTaken(path: path, entry: entry)
        case .emptySelection: self = .emptySelection
        case let .noNextEntry(current, count): self = .noNextEntry(current: current, count: count)
        case .noPreviousEntry: self = .noPreviousEntry
        case let .ruleBroken(problem): self = .ruleBroken(problem)
        case let .entryBreaksRule(index, problem): self = .entryBreaksRule(index: index, problem)
        case let .rulesRefused(entries): self = .rulesRefused(entries: entries)
        case let .cropRefused(index): self = .cropRefused(index: index)
        case let .cropOutside(index, width, height, crop):
            self = .usage("entry \(index) is \(width)×\(height) upright: \(crop) is not inside it")
        case let .ruleConflict(conflict): self = .ruleConflict(conflict)
        case let .pickDoesNotFit(capacity, count): self = .pickDoesNotFit(capacity: capacity, count: count)
        case let .exportRefused(path, entry, reason):
            self = .exportRefused(path: path, entry: entry, reason: reason.words)
        case let .undecodable(path, refusal): self = .undecodable(path: path, problem: PictureProblem(refusal))
        case let .several(errors): self = .several(errors.map(ImgselError.init))
        }
    }

    /// A selection file this imgsel cannot use.
    init(_ error: SelectionFileError) {
        switch error {
        case let .invalidSelectionFile(path, reason): self = .invalidSelectionFile(path: path, reason: reason)
        case let .rulesConflict(path, conflict): self = .invalidSelectionFile(path: path, reason: conflict.words)
        case let .newerVersion(path, version): self = .newerVersion(path: path, version: version)
        }
    }

    /// A rule's value as typed that is not one: a usage error naming the rule's option.
    init(_ error: RuleParseError) {
        func list(_ types: [ImageType]) -> String { types.map(\.rawValue).joined(separator: ", ") }
        switch error {
        case let .malformed(name, text, expected):
            self = .usage("\(name.option) must be \(Self.words(expected)), not '\(text)'")
        case let .tooLarge(name, text):
            self = .usage("\(name.option) '\(text)' is too large")
        case let .typeList(text, known):
            self = .usage("--types must be type names separated by commas (\(list(known))), not '\(text)'")
        case let .unknownType(part, suggestion, known):
            let hint = suggestion.map { " (did you mean '\($0.rawValue)'?)" } ?? ""
            self = .usage("--types: '\(part)' is not a type\(hint); the types are \(list(known))")
        }
    }

    /// What a rule's value must be, after "must be".
    private static func words(_ kind: RuleValueKind) -> String {
        switch kind {
        case .size: return "a size: bytes, or with KB, MB, GB or K, M, G (500KB, 5.5MB, 2M)"
        case .pixels: return "a whole number of pixels from 1"
        case .pixelCount: return "a number of pixels from 1, or millions with M (12M)"
        case .aspect: return "a width / height ratio above 0: a decimal (0.8, 1.91) or W:H (4:5)"
        case .count(nil): return "a number from 1"
        case let .count(most?): return "a number from 1 to \(most)"
        case .sizes: return "sizes WxH in pixels separated by commas (1320x2868,2868x1320)"
        }
    }
}

extension ImgselError: StoreErrorWrapping {
    /// The store's failure (or the model's, passed on), as the command line reports it.
    public init(_ error: StoreError) {
        switch error {
        case let .inputMissing(path): self = .inputMissing(path: path)
        case let .inputNotRegular(path, kind): self = .inputNotRegular(path: path, kind: kind)
        case let .inputUnreadable(path, reason): self = .inputUnreadable(path: path, reason: reason)
        case let .notAnImage(path, reason): self = .notAnImage(path: path, reason: reason)
        case let .inputChanged(path, entry): self = .inputChanged(path: path, entry: entry)
        case let .tooLargeToDecode(path, width, height):
            self = .undecodable(path: path, problem: .tooLarge(width: width, height: height))
        case let .selectionFile(problem): self = ImgselError(problem)
        case let .noSelection(path): self = .noSelection(path: path)
        case let .selectionExists(path): self = .selectionExists(path: path)
        case let .capacityOutOfRange(capacity):
            self = .usage("capacity \(capacity) is out of range (\(Selection.capacityRangeText))")
        case let .writeFailed(path, reason): self = .writeFailed(path: path, reason: reason)
        case let .lockTimeout(path, seconds): self = .lockTimeout(path: path, seconds: seconds)
        case let .selection(refusal): self = ImgselError(refusal)
        case let .several(errors): self = .several(errors.map(ImgselError.init))
        }
    }
}

extension PickRefusal {
    /// `pick`'s status line for an image it would not pick, as the error Enter would meet says it.
    var message: String {
        switch self {
        case let .file(error, path, typed): return ImgselError(error).replacingPath(path, with: typed).message
        case let .pickedAlready(path, sameAs, number): return "\(path): same content as \(sameAs), picked as \(number)"
        case let .selection(refusal): return ImgselError(refusal).message
        }
    }
}

// MARK: - Lifting a library call's error at the call site

/// A library's typed error, which the command line carries as an `ImgselError`.
protocol LibraryError: Error {
    var failure: ImgselError { get }
}

extension SelectionError: LibraryError { var failure: ImgselError { ImgselError(self) } }
extension SelectionFileError: LibraryError { var failure: ImgselError { ImgselError(self) } }
extension RuleParseError: LibraryError { var failure: ImgselError { ImgselError(self) } }
extension StoreError: LibraryError { var failure: ImgselError { ImgselError(self) } }

/// `call`'s result, or its library error as an `ImgselError`.
func lifting<T, Failure: LibraryError>(_ call: () throws(Failure) -> T) throws(ImgselError) -> T {
    do {
        return try call()
    } catch {
        throw error.failure
    }
}

// One spelling a library, so a call site stays one line: `try lift(model: selection.adding(entries))`.
// (Swift infers no error type for an unlabelled closure, so the label picks the library.)

func lift<T>(model call: @autoclosure () throws(SelectionError) -> T) throws(ImgselError) -> T { try lifting(call) }
func lift<T>(store call: @autoclosure () throws(StoreError) -> T) throws(ImgselError) -> T { try lifting(call) }
func lift<T>(rule call: @autoclosure () throws(RuleParseError) -> T) throws(ImgselError) -> T { try lifting(call) }
func lift<T>(file call: @autoclosure () throws(SelectionFileError) -> T) throws(ImgselError) -> T { try lifting(call) }
