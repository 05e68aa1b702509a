import ImageDecoding
import ImageHeaders
import XCTest

/// The rules' judgement (SelectionModel) cannot see the decoders, so it asks `ImageType.isDecoded`
/// whether export can re-encode a type; this keeps that answer the registry's own.
final class PixelDecodersTests: XCTestCase {
    func testIsDecodedSaysExactlyWhichTypesHaveADecoder() {
        for type in ImageType.allCases {
            XCTAssertEqual(type.isDecoded, PixelDecoders.decodes(type), "\(type)")
        }
    }
}
