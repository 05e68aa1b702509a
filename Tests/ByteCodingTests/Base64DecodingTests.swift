import ByteCoding
import Foundation
import TestImages
import XCTest

/// `Base64.decode`: strict standard base64, as the fingerprints in a selection file and the AV1
/// decoder's generated tables are written; anything else is nil, never a guess.
final class Base64DecodingTests: XCTestCase {
    private func decoded(_ text: String) -> [UInt8]? { Base64.decode(Array(text.utf8)) }

    /// RFC 4648 section 10's test vectors, backwards.
    func testTheStandardVectors() {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors {
            XCTAssertEqual(decoded(encoded), Array(plain.utf8), encoded)
        }
        XCTAssertEqual(decoded("+/+/"), [0xFB, 0xFF, 0xBF])
    }

    func testWhatTheEncoderWritesComesBackForEveryLengthAndByte() {
        var generator = SplitMix64(seed: 0xB64D)  // seeded, so a failure replays
        for length in [0, 1, 2, 3, 4, 5, 6, 7, 64, 255, 256, 1000, 4099] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            XCTAssertEqual(Base64.decode(Base64.encodedBytes(bytes)), bytes, "length \(length)")
            XCTAssertEqual(decoded(Data(bytes).base64EncodedString()), bytes, "Foundation's, length \(length)")
        }
        let every = (0...255).map { UInt8($0) }
        XCTAssertEqual(Base64.decode(Base64.encodedBytes(every)), every)
    }

    func testAnythingButStrictPaddedBase64IsNil() {
        for text in [
            "Zg=", "Zg", "Z", "Zm9vY",  // not a multiple of four
            "Zg=a", "Z===", "====", "Zm9v====", "Zg==Zm9v", "Zm=v",  // `=` out of place
            "Zm9v\n", "Zm9\nv", " Zm9", "Zm9v Zg==",  // white space, a line break
            "Zm9vYmE-", "Zm9vYmE_", "Zm9vYm*=",  // another alphabet, or none
        ] {
            XCTAssertNil(decoded(text), text.debugDescription)
        }
        XCTAssertNil(Base64.decode([0x5A, 0x6D, 0x39, 0xC3]), "a byte past ASCII")
        XCTAssertNil(Base64.decode([0x5A, 0x6D, 0x39, 0x00]), "NUL")
    }
}
