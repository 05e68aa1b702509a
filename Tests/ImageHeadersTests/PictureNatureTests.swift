import XCTest

@testable import ImageHeaders

/// The per-type facts export asks ImageHeaders for: which types hold photographs (written as JPEG
/// when nothing else decides), and which types' metadata is read and removed.
final class PictureNatureTests: XCTestCase {
    func testPhotographsAreTheCameraTypesAndLossyWebP() {
        let photographs: [ImageType] = [.jpeg, .heic, .heif, .avif, .tiff, .bmp]
        for type in ImageType.allCases {
            XCTAssertEqual(type.holdsPhotograph(lossy: false), photographs.contains(type), "\(type)")
        }
        XCTAssertTrue(ImageType.webp.holdsPhotograph(lossy: true))
        XCTAssertFalse(ImageType.png.holdsPhotograph(lossy: true), "lossy says nothing of a type coded one way")
        XCTAssertFalse(ImageType.gif.holdsPhotograph(lossy: true))
    }

    func testMetadataIsRemovedFromJPEGPNGAndWebPAndOtherTypesComeBackAsTheyAre() {
        XCTAssertEqual(ImageType.allCases.filter(EmbeddedMetadata.strips), [.jpeg, .png, .webp])
        let bytes: [UInt8] = [1, 2, 3]
        XCTAssertEqual(EmbeddedMetadata.stripped(bytes, type: .gif), bytes)
        XCTAssertNil(EmbeddedMetadata.stripped(bytes, type: .jpeg), "not a JPEG's structure")
        XCTAssertEqual(EmbeddedMetadata.read(bytes, type: .bmp), EmbeddedMetadata())
    }
}
