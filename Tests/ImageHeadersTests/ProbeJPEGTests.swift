import TestImages
import XCTest

@testable import ImageHeaders

final class ProbeJPEGTests: XCTestCase {
    typealias B = ImageBytes

    func testBaselineJPEG() throws {
        XCTAssertEqual(try probe(B.jpeg(width: 640, height: 480)), ImageFacts(type: .jpeg, width: 640, height: 480))
    }

    func testEveryFrameMarkerKindGivesSize() throws {
        for m: UInt8 in [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF] {
            XCTAssertEqual(try probe(B.jpeg(width: 123, height: 45, sofMarker: m)).width, 123, "marker \(m)")
        }
    }

    func testProgressiveSOF2() throws {
        XCTAssertEqual(
            try probe(B.jpeg(width: 4000, height: 3000, sofMarker: 0xC2)),
            ImageFacts(type: .jpeg, width: 4000, height: 3000))
    }

    func testDHTAndDACAreNotFrameHeaders() throws {
        // A segment with marker C4/C8/CC shaped like a SOF must be skipped, not read as the size.
        let fakes = [
            B.sof(0xC4, width: 1, height: 1), B.sof(0xC8, width: 2, height: 2), B.sof(0xCC, width: 3, height: 3),
        ]
        XCTAssertEqual(try probe(B.jpeg(width: 50, height: 60, before: fakes)).width, 50)
    }

    func testOrientationLittleAndBigEndian() throws {
        for o in 1...8 {
            XCTAssertEqual(
                try probe(B.jpeg(width: 10, height: 20, exif: B.exif(orientation: o, littleEndian: true))).orientation,
                o)
            XCTAssertEqual(
                try probe(B.jpeg(width: 10, height: 20, exif: B.exif(orientation: o, littleEndian: false))).orientation,
                o)
        }
    }

    func testOrientationOutOfRangeOrMissingIsOne() throws {
        for o in [0, 9, 255, 0xFFFF] {
            XCTAssertEqual(try probe(B.jpeg(width: 10, height: 20, exif: B.exif(orientation: o))).orientation, 1)
        }
        XCTAssertEqual(try probe(B.jpeg(width: 10, height: 20, exif: B.exif(orientation: nil))).orientation, 1)
        // Broken EXIF never fails the image.
        XCTAssertEqual(
            try probe(B.jpeg(width: 10, height: 20, exif: [0x49, 0x49, 0x2A, 0, 0xFF, 0xFF, 0xFF, 0x7F])).orientation, 1
        )
        XCTAssertEqual(try probe(B.jpeg(width: 10, height: 20, exif: [1, 2, 3])).orientation, 1)
    }

    func testFirstExifSegmentWins() throws {
        let second = B.app1Exif(B.exif(orientation: 3))
        let facts = try probe(B.jpeg(width: 10, height: 20, exif: B.exif(orientation: 6), before: [second]))
        XCTAssertEqual(facts.orientation, 6)
    }

    func testXMPApp1IsNotExif() throws {
        let xmp = B.segment(0xE1, B.ascii("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>"))
        let facts = try probe(B.jpeg(width: 10, height: 20, before: [xmp, B.app1Exif(B.exif(orientation: 8))]))
        XCTAssertEqual(facts.orientation, 8)
    }

    func testExifThumbnailIsNotTheImage() throws {
        let thumb = B.jpeg(width: 160, height: 120, exif: B.exif(orientation: 3))
        let exif = B.exif(orientation: 6, littleEndian: false, thumbnail: thumb)
        XCTAssertEqual(
            try probe(B.jpeg(width: 4032, height: 3024, exif: exif)),
            ImageFacts(type: .jpeg, width: 4032, height: 3024, orientation: 6))
    }

    func testFillBytesAndStandaloneMarkers() throws {
        var bytes = B.jpeg(width: 77, height: 88)
        // Insert fill bytes, TEM and RST markers right after SOI.
        bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xD0, 0xFF, 0xFF, 0xD7], at: 2)
        XCTAssertEqual(try probe(bytes).width, 77)
    }

    func testLargeAppSegmentsAreSkippedNotRead() throws {
        // About 3 MB of APP2 segments (the most one segment can hold is 64 KiB).
        let big = B.segment(0xE2, [UInt8](repeating: 0x55, count: 65_533))
        let bytes = B.jpeg(
            width: 1000, height: 700, exif: B.exif(orientation: 5), before: Array(repeating: big, count: 48))
        XCTAssertGreaterThan(bytes.count, 3_000_000)
        let source = CountingSource(MemoryByteSource(bytes))
        XCTAssertEqual(try ImageProbe.probe(source), ImageFacts(type: .jpeg, width: 1000, height: 700, orientation: 5))
        XCTAssertLessThan(source.bytesRead, 1_100_000)
    }

    func testSOSBeforeSOFIsAnError() {
        let bytes: [UInt8] = [0xFF, 0xD8] + B.segment(0xDA, [1, 1, 0, 0, 63, 0]) + B.sof(0xC0, width: 5, height: 5)
        XCTAssertEqual(probeError(bytes), "corrupt JPEG header (no frame header)")
    }

    func testMissingSOFAndTruncation() {
        XCTAssertEqual(probeError([0xFF, 0xD8, 0xFF]), "truncated JPEG header")
        XCTAssertEqual(probeError([0xFF, 0xD8]), "truncated JPEG header")
        XCTAssertEqual(probeError([0xFF, 0xD8, 0xFF, 0xD9]), "corrupt JPEG header (no frame header)")
        let cut = Array(B.jpeg(width: 10, height: 10, exif: B.exif(orientation: 6)).prefix(40))
        XCTAssertEqual(probeError(cut), "truncated JPEG header")
    }

    func testCutAfterFrameHeaderStillGivesSize() throws {
        let full = B.jpeg(width: 31, height: 17)
        let sosAt = full.indices.first { full[$0] == 0xFF && full[$0 + 1] == 0xC4 }!
        XCTAssertEqual(try probe(Array(full.prefix(sosAt + 3))).width, 31)
    }

    func testZeroDimensions() {
        XCTAssertNotNil(probeError(B.jpeg(width: 0, height: 10)))
        XCTAssertNotNil(probeError(B.jpeg(width: 10, height: 0)))
    }

    func testSegmentLengthBelowTwoReadsOnAfterIt() throws {
        // libjpeg and Pillow treat such a segment as empty and read on; so does the probe.
        for length: UInt8 in [0, 1] {
            let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, length] + B.sof(0xC0, width: 5, height: 7)
            XCTAssertEqual(try probe(bytes), ImageFacts(type: .jpeg, width: 5, height: 7))
        }
        // Not for the frame header itself, whose fields would be missing.
        XCTAssertEqual(
            probeError([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x01, 8, 0, 5, 0, 5]), "corrupt JPEG header (short frame header)")
    }

    func testMultiPictureIndexCountsFrames() throws {
        // A stereo pair (MPO): the primary picture and a disparity picture.
        let stereo = B.mpf([0x2003_0000, 0x0002_0002])
        XCTAssertEqual(
            try probe(B.jpeg(width: 40, height: 30, before: [stereo])),
            ImageFacts(type: .jpeg, width: 40, height: 30, frames: 2))
        for le in [true, false] {
            XCTAssertEqual(
                try probe(
                    B.jpeg(
                        width: 4, height: 3,
                        before: [B.mpf([0x030000, 0x020001, 0x020001, 0x020001], littleEndian: le)])
                ).frames, 4)
        }
        // Pillow writes its own MPO files with an attribute of 0 for the later pictures.
        XCTAssertEqual(try probe(B.jpeg(width: 4, height: 3, before: [B.mpf([0x2080_2002, 0])])).frames, 2)
    }

    func testMultiPicturePreviewsAndGainMapsAreNotFrames() throws {
        // A camera JPEG whose index lists the primary picture and two large thumbnails of it.
        let previews = B.mpf([0x2003_0000, 0x010001, 0x010002])
        XCTAssertEqual(try probe(B.jpeg(width: 40, height: 30, before: [previews])).frames, 1)
        // Ultra HDR: the second picture is a gain map, declared in the primary's XMP.
        let xmp = B.xmp("<x:xmpmeta><rdf:Description hdrgm:Version=\"1.0\"/></x:xmpmeta>")
        XCTAssertEqual(try probe(B.jpeg(width: 40, height: 30, before: [xmp, B.mpf([0x2003_0000, 0])])).frames, 1)
        let element = B.xmp(
            "<rdf:Description xmlns:hdrgm=\"http://ns.adobe.com/hdr-gain-map/1.0/\"><hdrgm:Version>1.0</hdrgm:Version>")
        XCTAssertEqual(try probe(B.jpeg(width: 40, height: 30, before: [element, B.mpf([0x2003_0000, 0])])).frames, 1)
        let namespaceOnly = B.xmp("<rdf:Description xmlns:hdrgm=\"http://ns.adobe.com/hdr-gain-map/1.0/\"/>")
        XCTAssertEqual(
            try probe(B.jpeg(width: 40, height: 30, before: [namespaceOnly, B.mpf([0x2003_0000, 0])])).frames, 2)
        XCTAssertEqual(
            try probe(B.jpeg(width: 40, height: 30, before: [B.xmp("<x:xmpmeta/>"), B.mpf([0x2003_0000, 0])])).frames, 2
        )
        // XMP before EXIF: the EXIF orientation is still found.
        let both = try probe(
            B.jpeg(width: 40, height: 30, before: [xmp, B.app1Exif(B.exif(orientation: 6)), B.mpf([0x2003_0000, 0])]))
        XCTAssertEqual(both, ImageFacts(type: .jpeg, width: 40, height: 30, orientation: 6, frames: 1))
    }

    func testMalformedMultiPictureIndexIsOneFrame() throws {
        let cases: [[UInt8]] = [
            B.segment(0xE2, B.ascii("MPF") + [0] + [1, 2, 3]),
            B.segment(0xE2, B.ascii("MPF") + [0]),
            B.mpf([0x030000]),  // one picture
            B.mpf([], count: 0),
            B.segment(0xE2, B.ascii("ICC_PROFILE") + [0, 1, 1] + B.zeros(40)),
        ]
        for segment in cases {
            XCTAssertEqual(try probe(B.jpeg(width: 4, height: 3, before: [segment])).frames, 1, "\(segment.prefix(12))")
        }
        // A count larger than the entry list: the count is all there is to go on.
        let short = B.mpf([0x030000, 0x020002], count: 3)
        XCTAssertEqual(try probe(B.jpeg(width: 4, height: 3, before: [short])).frames, 3)
        XCTAssertEqual(
            MultiPictureIndex.frames(B.tiff(littleEndian: true, ifds: [[B.Entry(0xB001, 4, 1_000_000)]])),
            MultiPictureIndex.maxEntries)
    }

    func testEXIFParserDirectly() {
        XCTAssertEqual(EXIFOrientation.orientation(B.exifPrefix + B.exif(orientation: 7)), 7)
        XCTAssertEqual(EXIFOrientation.orientation(B.exif(orientation: 7, littleEndian: false)), 7)
        XCTAssertEqual(EXIFOrientation.orientation(B.tiff(littleEndian: true, ifds: [[B.Entry(0x0112, 4, 6)]])), 6)
        XCTAssertEqual(EXIFOrientation.orientation([]), 1)
        XCTAssertEqual(EXIFOrientation.orientation(B.exifPrefix), 1)
    }
}
