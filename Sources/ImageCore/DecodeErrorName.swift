// Only the error: the module Deflate is named by its enum Deflate wherever both are imported.
import enum Deflate.DecodeError

/// Decoders throw the error inflate throws (it lives in Deflate, the leaf below), under the
/// name every decoder and caller already uses.
public typealias DecodeError = Deflate.DecodeError
