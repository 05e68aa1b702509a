import TestImages
import XCTest

@testable import ImageHeaders

final class ProbeHEIFTests: XCTestCase {
    typealias B = ImageBytes

    func testHEICPrimaryItemSize() throws {
        let bytes = B.heif(primary: [B.box("hvcC", [1, 2, 3]), B.ispe(4032, 3024)])
        XCTAssertEqual(try probe(bytes), ImageFacts(type: .heic, width: 4032, height: 3024))
    }

    func testWideIPMAAndMetaFirst() throws {
        let bytes = B.heif(primary: [B.ispe(800, 600), B.irot(3)], wide: true, mdatFirst: false)
        XCTAssertEqual(try probe(bytes), ImageFacts(type: .heic, width: 800, height: 600, orientation: 6))
    }

    func testBrands() throws {
        let primary = [B.ispe(10, 20)]
        XCTAssertEqual(
            try probe(B.heif(major: "avif", compatible: ["avif", "mif1", "miaf"], primary: primary)).type, .avif)
        XCTAssertEqual(try probe(B.heif(major: "mif1", compatible: ["mif1", "avif"], primary: primary)).type, .avif)
        XCTAssertEqual(try probe(B.heif(major: "mif1", compatible: ["mif1", "heic"], primary: primary)).type, .heic)
        XCTAssertEqual(try probe(B.heif(major: "mif1", compatible: ["mif1", "miaf"], primary: primary)).type, .heif)
        XCTAssertEqual(try probe(B.heif(major: "heix", compatible: [], primary: primary)).type, .heic)
        XCTAssertEqual(
            probeError(B.box("ftyp", B.ascii("isom") + B.be32(0) + B.ascii("isomiso2mp41"))), "MPEG-4/QuickTime video")
        XCTAssertEqual(
            probeError(B.box("ftyp", B.ascii("crx ") + B.be32(0) + B.ascii("crx isom"))),
            "Canon CR3 raw image (not supported)")
    }

    func testAnFtypWithA64BitSizeIsReadAfterItsLongerHeader() throws {
        let plain = B.heif(primary: [B.ispe(640, 480)])
        // Rewrite the leading ftyp box with size 1 and a 64-bit size: 8 bytes longer.
        let ftypLength = Int(plain[3]) | Int(plain[2]) << 8
        let brands = Array(plain[8..<ftypLength])
        let long = B.be32(1) + B.ascii("ftyp") + B.be32(0) + B.be32(16 + brands.count) + brands
        let bytes = long + Array(plain[ftypLength...])
        XCTAssertEqual(try probe(bytes).type, .heic, "the brand is read at offset 16, not 8")
        XCTAssertEqual(try probe(bytes).width, 640)
    }

    func testASecondIPMABoxAfterTheBudgetIsSpentEndsTheWalkInsteadOfTrapping() throws {
        // Found by review: the first ipma spends the association budget (400 × 256 > 100,000),
        // leaving it negative, and the next one built the range 0..<negative (a trap, exit 132).
        let manyEntries = (0..<400).flatMap { _ in B.be16(2) + [255] + [UInt8](repeating: 1, count: 255) }
        let first = B.fullBox("ipma", B.be32(400) + manyEntries)
        let second = B.fullBox("ipma", B.be32(1) + B.be16(1) + [1, 0x81])
        let meta = B.fullBox(
            "meta",
            B.fullBox("hdlr", B.be32(0) + B.ascii("pict") + [UInt8](repeating: 0, count: 13))
                + B.fullBox("pitm", B.be16(1)) + B.box("iprp", B.box("ipco", B.ispe(40, 24)) + first + second))
        let bytes = B.box("ftyp", B.ascii("heic") + B.be32(0) + B.ascii("mif1heic")) + meta
        // The primary item's association sits past the budget: no size for it, a clean refusal.
        XCTAssertNotNil(probeError(bytes))
    }

    func testRotationAndMirrorToOrientation() throws {
        let cases: [([[UInt8]], Int)] = [
            ([], 1), ([B.irot(1)], 8), ([B.irot(2)], 3), ([B.irot(3)], 6),
            ([B.imir(1)], 2), ([B.imir(0)], 4),
            ([B.irot(1), B.imir(0)], 5), ([B.irot(3), B.imir(0)], 7),
            ([B.irot(1), B.imir(1)], 7), ([B.irot(2), B.imir(1)], 4),
        ]
        for (props, expected) in cases {
            XCTAssertEqual(try probe(B.heif(primary: [B.ispe(30, 20)] + props)).orientation, expected, "\(props)")
        }
    }

    func testMirrorThenRotateDiffersFromRotateThenMirror() throws {
        let rotateThenMirror = B.heif(primary: [B.ispe(400, 300), B.irot(1), B.imir(0)])
        let mirrorThenRotate = B.heif(primary: [B.ispe(400, 300), B.imir(0), B.irot(1)])
        XCTAssertEqual(try probe(rotateThenMirror).orientation, 5)
        XCTAssertEqual(try probe(mirrorThenRotate).orientation, 7)
    }

    /// Every sequence of up to three irot/imir steps (and one long one), checked against a small
    /// labelled picture: the steps in association order must move its pixels where the EXIF
    /// orientation the probe reports moves them.
    func testTransformsComposeInAssociationOrder() throws {
        let steps: [(bytes: [UInt8], apply: (Picture) -> Picture)] = [
            (B.irot(0), { $0 }), (B.irot(1), turnedAnticlockwise),
            (B.irot(2), { turnedAnticlockwise(turnedAnticlockwise($0)) }),
            (B.irot(3), { turnedAnticlockwise(turnedAnticlockwise(turnedAnticlockwise($0))) }),
            (B.imir(0), { Array($0.reversed()) }), (B.imir(1), { $0.map { Array($0.reversed()) } }),
        ]
        var level: [[Int]] = [[]], sequences = level
        for _ in 0..<3 {
            level = level.flatMap { s in steps.indices.map { s + [$0] } }
            sequences += level
        }
        sequences.append([1, 4, 3, 5, 2, 4, 1, 1, 5, 3, 4])
        let original: Picture = [[1, 2, 3], [4, 5, 6]]
        for sequence in sequences {
            let expected = sequence.reduce(original) { steps[$1].apply($0) }
            let orientation = try probe(B.heif(primary: [B.ispe(3, 2)] + sequence.map { steps[$0].bytes })).orientation
            XCTAssertEqual(
                displayed(original, orientation: orientation), expected,
                "steps \(sequence) gave orientation \(orientation)")
        }
    }

    func testCleanApertureAfterAQuarterTurnCropsTheTurnedPicture() throws {
        // ispe 400x300 turned is 300 wide and 400 high; the clap after the turn is in that frame.
        XCTAssertEqual(
            try probe(B.heif(primary: [B.ispe(400, 300), B.irot(1), B.clap(width: 280, height: 380)])),
            ImageFacts(type: .heic, width: 380, height: 280, orientation: 8))
        XCTAssertEqual(
            try probe(B.heif(primary: [B.ispe(400, 300), B.clap(width: 380, height: 280), B.irot(1)])),
            ImageFacts(type: .heic, width: 380, height: 280, orientation: 8))
        // A clap wider than the turned picture is ignored, as before.
        XCTAssertEqual(
            try probe(B.heif(primary: [B.ispe(400, 300), B.irot(1), B.clap(width: 380, height: 280)])),
            ImageFacts(type: .heic, width: 400, height: 300, orientation: 8))
    }

    func testCleanApertureCrops() throws {
        XCTAssertEqual(
            try probe(B.heif(primary: [B.ispe(4096, 3072), B.clap(width: 4032, height: 3024), B.irot(3)])),
            ImageFacts(type: .heic, width: 4032, height: 3024, orientation: 6))
    }

    func testAnimatedAVIFCountsTheSequenceSamples() throws {
        let animated = B.heif(
            major: "avis", compatible: ["avif", "avis", "msf1"], primary: [B.ispe(40, 24)],
            moov: B.moov([B.track(samples: 3, width: 40, height: 24)]))
        XCTAssertEqual(try probe(animated), ImageFacts(type: .avif, width: 40, height: 24, frames: 3))
        // An alpha track (tref auxl) comes first: the colour track still decides.
        let withAlpha = B.heif(
            major: "avis", compatible: ["avis"], primary: [B.ispe(40, 24)],
            moov: B.moov([B.track(samples: 9, auxiliary: true), B.track(samples: 5, tkhdVersion: 1, stz2: true)]))
        XCTAssertEqual(try probe(withAlpha).frames, 5)
        // Only picture tracks count.
        let video = B.heif(
            major: "avis", compatible: ["avis"], primary: [B.ispe(40, 24)],
            moov: B.moov([B.track(samples: 7, handler: "vide")]))
        XCTAssertEqual(try probe(video).frames, 1)
    }

    func testStillBrandPrefersThePrimaryItem() throws {
        // libavif (and so Pillow) reads the primary item when the major brand is avif, even with a sequence.
        let still = B.heif(
            major: "avif", compatible: ["avif", "avis"], primary: [B.ispe(40, 24)],
            moov: B.moov([B.track(samples: 3)]))
        XCTAssertEqual(try probe(still).frames, 1)
        // A HEIF sequence brand counts the track, like AVIF's.
        let sequence = B.heif(
            major: "msf1", compatible: ["msf1", "heic"], primary: [B.ispe(64, 48), B.irot(1)],
            moov: B.moov([B.track(samples: 12)]))
        XCTAssertEqual(try probe(sequence), ImageFacts(type: .heic, width: 64, height: 48, orientation: 8, frames: 12))
    }

    func testSequenceWithoutPrimaryItemUsesTheTrackHeader() throws {
        let bytes =
            B.box("ftyp", B.ascii("avis") + B.be32(0) + B.ascii("avismsf1"))
            + B.moov([B.track(samples: 4, width: 320, height: 200)])
            + B.box("mdat", B.zeros(50))
        XCTAssertEqual(try probe(bytes), ImageFacts(type: .avif, width: 320, height: 200, frames: 4))
    }

    func testDamagedTrackLeavesThePrimaryItem() throws {
        let broken = B.box("moov", B.box("trak", B.be32(0xFFFF) + B.ascii("mdia")))
        let bytes = B.heif(major: "avis", compatible: ["avis"], primary: [B.ispe(40, 24)], moov: broken)
        XCTAssertEqual(try probe(bytes), ImageFacts(type: .avif, width: 40, height: 24))
    }

    func testNoSizeAndCutShortHeadersAreRefusedNamingTheBrand() {
        XCTAssertEqual(probeError(B.heif(primary: [B.irot(1)])), "corrupt HEIC header (no image size)")
        let bytes = B.heif(primary: [B.ispe(30, 20)])
        XCTAssertEqual(probeError(Array(bytes.prefix(40))), "truncated HEIC header")
        XCTAssertEqual(probeError(B.box("ftyp", B.ascii("avif") + B.be32(0))), "truncated AVIF header")
    }
}

private typealias Picture = [[Int]]

private func turnedAnticlockwise(_ p: Picture) -> Picture {
    (0..<p[0].count).map { i in p.indices.map { j in p[j][p[0].count - 1 - i] } }
}

/// What a viewer shows for a stored picture with this EXIF orientation.
private func displayed(_ p: Picture, orientation: Int) -> Picture {
    let transposed = (0..<p[0].count).map { i in p.indices.map { j in p[j][i] } }
    let halfTurn = { (q: Picture) in Array(q.reversed().map { Array($0.reversed()) }) }
    switch orientation {
    case 1: return p
    case 2: return p.map { Array($0.reversed()) }
    case 3: return halfTurn(p)
    case 4: return Array(p.reversed())
    case 5: return transposed
    case 6: return halfTurn(turnedAnticlockwise(p))  // a quarter turn clockwise
    case 7: return halfTurn(transposed)
    case 8: return turnedAnticlockwise(p)
    default: return []
    }
}
