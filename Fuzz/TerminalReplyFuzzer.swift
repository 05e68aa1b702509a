// libFuzzer entry point for TerminalReply, the parser of what the terminal sends back during
// detection (answers mixed with typed keys). Built from TerminalReply.swift alone:
// swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name ReplyFuzz \
//   Sources/TerminalImage/TerminalReply.swift Fuzz/TerminalReplyFuzzer.swift -o reply-fuzzer

/// Feeds the input whole and in pieces cut where its own bytes say. A crash, a hang, a byte
/// lost or invented, or pieces that read differently from the whole is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func terminalReplyFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var whole = TerminalReply()
    let other = whole.feed(bytes) + whole.finish()
    precondition(other.count <= bytes.count, "more bytes handed back than came in")
    if whole.kitty == nil && whole.deviceAttributes == nil && whole.cellPixels == nil && whole.background == nil {
        precondition(other == bytes, "nothing recognised, yet bytes went missing or moved")
    }
    var pieces = TerminalReply()
    var otherInPieces: [UInt8] = []
    var start = 0
    while start < bytes.count {
        let length = 1 + Int(bytes[start] % 7)
        otherInPieces += pieces.feed(bytes[start..<min(bytes.count, start + length)])
        start += length
    }
    otherInPieces += pieces.finish()
    precondition(otherInPieces == other, "pieces handed back other bytes than the whole")
    precondition(
        pieces.kitty == whole.kitty && pieces.deviceAttributes == whole.deviceAttributes
            && pieces.background == whole.background,
        "pieces read other answers than the whole")
    return 0
}
