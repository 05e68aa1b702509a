import ImageDecoding
import TestImages
import XCTest

@testable import TerminalImage

/// 256-colour half blocks diffuse the palette's error (issue 22, item 7): a muted photo keeps
/// its colours in the mean, where the nearest colour alone turned them to greys.
final class BlocksDitherTests: XCTestCase {
    private let photo = TestRasters.make(width: 96, height: 64) { x, y in
        ImageBytes.mutedPhotoPixel(x: x, y: y, width: 96, height: 64)
    }

    /// The colour each pixel is shown in, read back from `Blocks.cells`.
    private func shown(_ raster: Raster) -> [RGB] {
        let cells = Blocks.cells(raster, colours: .palette256)
        return (0..<raster.height).flatMap { y in
            (0..<raster.width).map { x -> RGB in
                let cell = cells[y / 2][x]
                guard case .palette(let index) = y % 2 == 0 ? cell.upper : cell.lower else { return .black }
                return XtermPalette.colour(index) ?? .black
            }
        }
    }

    /// Each pixel's nearest palette colour, as half blocks drew them before.
    private func nearest(_ raster: Raster) -> [RGB] {
        (0..<raster.height).flatMap { y in
            (0..<raster.width).map { x -> RGB in
                let (r, g, b, _) = raster.pixel(x: x, y: y)
                return XtermPalette.colour(XtermPalette.nearest(red: r, green: g, blue: b))!
            }
        }
    }

    /// The photo's own colours, pixel by pixel.
    private var source: [RGB] {
        (0..<photo.height).flatMap { y in
            (0..<photo.width).map { x in
                let (r, g, b, _) = photo.pixel(x: x, y: y)
                return RGB(r, g, b)
            }
        }
    }

    /// The mean, over 8×8-pixel regions, of the distance between the region's mean colour
    /// shown and its mean colour in the photo (RGB units, 0–255 a channel).
    private func regionError(_ colours: [RGB]) -> Double {
        let shownMeans = Self.regionMeans(colours, width: photo.width, height: photo.height)
        let sourceMeans = Self.regionMeans(source, width: photo.width, height: photo.height)
        let errors = zip(shownMeans, sourceMeans).map { a, b in
            (0..<3).map { (a[$0] - b[$0]) * (a[$0] - b[$0]) }.reduce(0, +).squareRoot()
        }
        return errors.reduce(0, +) / Double(errors.count)
    }

    func testAMutedPhotoKeepsItsColoursInTheMean() {
        let dithered = regionError(shown(photo)), plain = regionError(nearest(photo))
        print("half blocks, 256 colours, 8×8-region mean colour error: dithered \(dithered), nearest \(plain)")
        XCTAssertLessThan(dithered, 3, "dithered: \(dithered), nearest: \(plain)")
        XCTAssertGreaterThan(plain, 3 * dithered, "dithered: \(dithered), nearest: \(plain)")
    }

    /// The nearest colour turned the sky, the hills and the face to greys: their regions'
    /// mean colour lost its chroma (max − min channel). Dithered, the chroma stays.
    func testTheMutedColoursNoLongerTurnToGreys() {
        func chromaError(_ colours: [RGB]) -> Double {
            let shownMeans = Self.regionMeans(colours, width: photo.width, height: photo.height)
            let sourceMeans = Self.regionMeans(source, width: photo.width, height: photo.height)
            func chroma(_ c: [Double]) -> Double { c.max()! - c.min()! }
            let errors = zip(shownMeans, sourceMeans).map { abs(chroma($0) - chroma($1)) }
            return errors.reduce(0, +) / Double(errors.count)
        }
        let before = chromaError(nearest(photo)), after = chromaError(shown(photo))
        print("half blocks, 256 colours, 8×8-region chroma error: dithered \(after), nearest \(before)")
        XCTAssertGreaterThan(before, 8, "the nearest colour alone: chroma off by \(before)")
        XCTAssertLessThan(after, before / 3, "dithered: chroma off by \(after), nearest: \(before)")
    }

    /// Each 8×8 region's mean colour, as three channels.
    static func regionMeans(_ colours: [RGB], width: Int, height: Int, region: Int = 8) -> [[Double]] {
        var means: [[Double]] = []
        for top in stride(from: 0, to: height, by: region) {
            for left in stride(from: 0, to: width, by: region) {
                var sum = [0.0, 0.0, 0.0], n = 0.0
                for y in top..<min(height, top + region) {
                    for x in left..<min(width, left + region) {
                        let c = colours[y * width + x]
                        sum[0] += Double(c.red); sum[1] += Double(c.green); sum[2] += Double(c.blue)
                        n += 1
                    }
                }
                means.append(sum.map { $0 / n })
            }
        }
        return means
    }

    /// A colour the palette has carries no error: a flat area of it stays flat, no speckle.
    func testColoursOfThePaletteAreDrawnAsThemselves() {
        for (r, g, b) in [(255, 0, 0), (95, 135, 175), (0, 0, 255), (238, 238, 238)] {
            let flat = TestRasters.flat(width: 20, height: 10, UInt8(r), UInt8(g), UInt8(b))
            let index = XtermPalette.nearest(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
            let cells = Blocks.cells(flat, colours: .palette256)
            XCTAssertTrue(
                cells.allSatisfy {
                    $0.allSatisfy { $0 == HalfBlockCell(upper: .palette(index), lower: .palette(index)) }
                },
                "\(r),\(g),\(b)")
        }
    }

    /// Beside the seams of a thumbnail of four flat colours (its shrink averages them, to
    /// colours the palette lacks), the flat areas stay flat: no speckle of the seams' error.
    func testFlatAreasBesideASeamStayFlat() {
        let quad: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
        let indices: [UInt8] = [196, 46, 21, 226]
        for (width, height) in [(23, 14), (17, 11), (31, 21)] {
            let seamed = TestRasters.make(width: width, height: height) { x, y in
                func part(_ x: Int, _ y: Int) -> Int { (y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1) }
                // The seam pixels: the mean of the two sides.
                if x == width / 2 || y == height / 2 {
                    let a = quad[part(x - 1, y - 1)], b = quad[part(x, y)]
                    return (
                        UInt8((Int(a.0) + Int(b.0)) / 2), UInt8((Int(a.1) + Int(b.1)) / 2),
                        UInt8((Int(a.2) + Int(b.2)) / 2), 255
                    )
                }
                let c = quad[part(x, y)]
                return (c.0, c.1, c.2, 255)
            }
            let cells = Blocks.cells(seamed, colours: .palette256)
            for y in 0..<height where y != height / 2 {
                for x in 0..<width where x != width / 2 {
                    let cell = cells[y / 2][x]
                    let shown = y % 2 == 0 ? cell.upper : cell.lower
                    let part = (y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)
                    XCTAssertEqual(shown, .palette(indices[part]), "\(width)×\(height) at \(x), \(y)")
                }
            }
        }
    }

    /// `draw` sends the colours `cells` gives (both dither the same way).
    func testDrawAndCellsAgree() {
        let small = TestRasters.make(width: 12, height: 6) { x, y in
            ImageBytes.mutedPhotoPixel(x: x * 8, y: y * 10, width: 96, height: 64)
        }
        let drawn = TestANSI(Blocks.draw(small, colours: .palette256)).cells.filter { !$0.isEmpty }
        let cells = Blocks.cells(small, colours: .palette256).map { row in
            row.map { cell -> TestANSI.Cell in
                guard case .palette(let top) = cell.upper, case .palette(let bottom) = cell.lower else {
                    return TestANSI.Cell(top: .terminalDefault, bottom: .terminalDefault)
                }
                return TestANSI.Cell(top: .indexed(Int(top)), bottom: .indexed(Int(bottom)))
            }
        }
        XCTAssertEqual(drawn, cells)
    }
}
