import Foundation
import ImageDecoding
import ImageHeaders
import XCTest

/// The decoders' frames (GIF, APNG, animated WebP) against Pillow's composited frames of files Pillow made.
final class AnimationDecodeTests: XCTestCase {
    private var tools: JPEGTools!

    override func setUpWithError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("anim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        tools = JPEGTools(folder: folder)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: tools.folder)
    }

    func decoded(_ path: String, _ type: ImageType) throws -> (AnimationHeader?, [AnimationFrame]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var header: AnimationHeader?
        var frames: [AnimationFrame] = []
        try PixelDecoders[type]!.frames!(bytes, { header = $0 }, { frames.append($0) })
        return (header, frames)
    }

    func check(_ name: String, kind: String, type: ImageType, options: String, plays: Int, exact: Bool) throws {
        let path = try tools.makeAnimation(name, kind: kind, options: options)
        let (header, frames) = try decoded(path, type)
        let pillow = try tools.pillowFrames(path)
        XCTAssertEqual(header?.frames, pillow.frames.count, name)
        XCTAssertEqual(header?.plays, plays, name)
        XCTAssertEqual(frames.count, pillow.frames.count, name)
        for (n, (ours, theirs)) in zip(frames, pillow.frames).enumerated() {
            XCTAssertEqual(ours.delayMilliseconds, pillow.durations[n], "\(name) frame \(n) delay")
            let error = PictureError(ours.canvas, theirs)
            if exact {
                XCTAssertEqual(error.largest, 0, "\(name) frame \(n)")
            } else {
                XCTAssertLessThanOrEqual(error.largest, 2, "\(name) frame \(n)")
            }
        }
    }

    func testGIFFramesAreComposedAsPillowComposesThem() throws {
        try check("photo.gif", kind: "photo", type: .gif, options: "loop=0", plays: 0, exact: true)
        try check("shapes.gif", kind: "shapes", type: .gif, options: "loop=2, disposal=2", plays: 3, exact: true)
        try check("kept.gif", kind: "shapes", type: .gif, options: "disposal=1", plays: 1, exact: true)
    }

    func testAPNGFramesAreComposedAsPillowComposesThem() throws {
        try check("photo.png", kind: "photo", type: .png, options: "loop=0", plays: 0, exact: true)
        try check("shapes.png", kind: "shapes", type: .png, options: "loop=3, disposal=1", plays: 3, exact: true)
        try check("over.png", kind: "shapes", type: .png, options: "loop=1, blend=1, disposal=1", plays: 1, exact: true)
        // PREVIOUS with SOURCE (Pillow 13 restores PREVIOUS wrongly after an OVER frame: it pastes the
        // frame into the copy it keeps to restore, so that pair is not compared with it).
        try check(
            "previous.png", kind: "shapes", type: .png, options: "loop=1, blend=0, disposal=2", plays: 1, exact: true)
    }

    func testWebPFramesAreComposedAsLibwebpComposesThem() throws {
        try check("photo.webp", kind: "photo", type: .webp, options: "loop=0, lossless=True", plays: 0, exact: true)
        try check("shapes.webp", kind: "shapes", type: .webp, options: "loop=4, lossless=True", plays: 4, exact: false)
        try check("lossy.webp", kind: "photo", type: .webp, options: "loop=0, quality=90", plays: 0, exact: false)
        try check(
            "lossy-shapes.webp", kind: "shapes", type: .webp, options: "loop=0, quality=90", plays: 0, exact: false)
    }

    /// What holding and drawing an animation's frames may cost is refused before the first frame is drawn.
    func testFramesPastTheLimitsAreRefusedBeforeAnyIsDrawn() throws {
        XCTAssertNoThrow(
            try DecodeLimits.checkFrames(
                width: 480, height: 270, frames: 300, keptWidth: 480, keptHeight: 270, inputBytes: 1 << 20))
        // 2000 frames kept at 300×300: 720 MB of frames to hold.
        XCTAssertThrowsError(
            try DecodeLimits.checkFrames(
                width: 300, height: 300, frames: 2000, keptWidth: 300, keptHeight: 300, inputBytes: 1 << 20)
        ) { XCTAssertEqual($0 as? DecodeError, .tooLarge(width: 300, height: 300)) }
        // Tiny kept frames, but 40000 of them drawn on a 16384×4096 canvas: 2.7 × 10^12 pixels of work.
        XCTAssertThrowsError(
            try DecodeLimits.checkFrames(
                width: 16384, height: 4096, frames: 40000, keptWidth: 8, keptHeight: 2, inputBytes: 1 << 20)
        ) { XCTAssertEqual($0 as? DecodeError, .tooLarge(width: 16384, height: 4096)) }
        // The canvas itself as any picture's: over 16384 on a side.
        XCTAssertThrowsError(
            try DecodeLimits.checkFrames(
                width: 20000, height: 10, frames: 2, keptWidth: 8, keptHeight: 2, inputBytes: 100))
        // The decoders tell their header first: a refusal there stops the decode before any frame.
        let path = try tools.makeAnimation("refused.gif", kind: "shapes")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var drawn = 0
        XCTAssertThrowsError(
            try PixelDecoders[.gif]!.frames!(
                bytes, { _ throws(DecodeError) in throw .tooLarge(width: 1, height: 1) }, { _ in drawn += 1 }))
        XCTAssertEqual(drawn, 0)
    }
}
