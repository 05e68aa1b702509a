/// A JPEG's ICC profile, from its `APP2 ICC_PROFILE` chunks before the first scan. Each chunk
/// says its place (1-based) and the count: they may come in any order, but every place from 1 to
/// the count must be there exactly once, with one count, or the profile is broken (taken as sRGB).
enum JPEGColour {
    static func read(_ b: [UInt8]) -> ColourDescription {
        guard b.count >= 4, b[0] == 0xFF, b[1] == JPEGMarkerLexer.soi else { return .none }
        var chunks: [Int: ArraySlice<UInt8>] = [:]
        var counts = Set<Int>()
        var broken = false
        var input = b
        var lexer = JPEGMarkerLexer(position: 2)
        while let marker = lexer.nextMarker(in: &input), marker.stray == 0 {
            let code = marker.code
            if code == JPEGMarkerLexer.eoi || code == JPEGMarkerLexer.sos { break }
            if JPEGMarkerLexer.isRestart(code) || code == 0x01 { continue }
            guard let segment = lexer.segment(in: &input), segment.length >= 2, segment.end <= b.count else { break }
            let payload = b[segment.payload]
            guard code == 0xE2, payload.starts(with: EmbeddedMetadata.iccHeader), payload.count >= 14 else { continue }
            let place = Int(payload[payload.startIndex + 12])
            counts.insert(Int(payload[payload.startIndex + 13]))
            if place == 0 || chunks[place] != nil { broken = true }
            chunks[place] = payload.dropFirst(14)
        }
        if chunks.isEmpty { return .none }
        guard !broken, counts.count == 1, let count = counts.first, count == chunks.count,
            (1...count).allSatisfy({ chunks[$0] != nil })
        else { return .brokenProfile }
        return .icc(.raw((1...count).flatMap { chunks[$0] ?? [] }))
    }
}
