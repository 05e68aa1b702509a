/// Why an image is not decoded at all, known from its header and size before a byte of its
/// pixels is read. A value here, beside the facts it is judged from, so that the selection's
/// model (export's plan) can carry it as well as the decoders, which decide it.
public enum DecodeRefusal: Error, Equatable, Sendable {
    /// More bytes than the decode budget of a picture this size allows (SPEC "Limits").
    case tooLarge(width: Int, height: Int)
}
