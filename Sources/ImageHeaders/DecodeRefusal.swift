/// Why an image is not decoded at all, known from its header and size before a byte of its
/// pixels is read. A value here, beside the facts it is judged from, so that the selection's
/// model (export's plan) can carry it as well as the decoders' registry, which decides it.
public enum DecodeRefusal: Error, Equatable, Sendable {
    /// A type imgsel reads the header of but does not decode (AVIF).
    case notDecoded(ImageType)
    /// More bytes than the decode budget of a picture this size allows (SPEC "Limits").
    case tooLarge(width: Int, height: Int)
}
