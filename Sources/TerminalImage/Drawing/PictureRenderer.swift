import ImageDecoding
import ImageEncoding
import ImageHeaders
import PNGCodec

/// One face over the ways of drawing: a decoded picture (or an image file) and a box of
/// cells in, the bytes that draw it at the cursor out, by the way `GraphicsChoice` chose.
/// What `view`, `list --grid`, `pick` and `browse` share.
///
///     let renderer = PictureRenderer(choice: choice)
///     let box = renderer.box(width: w, height: h, window: window, reservedRows: 2)
///     let bytes = try renderer.draw(file: bytes, facts: facts, box: box, options: .init(imageID: id))
///
/// In a full-screen layout (pick, browse), `box(width:height:columns:rows:cellPixels:)` gives
/// the box in a rectangle of cells, every way (PictureRenderer+Cells.swift); draw with
/// `movesCursor: false` (half blocks `.at` a cell) and take the picture away with
/// `erase(imageID:)`.
public struct PictureRenderer: Sendable {
    public var choice: GraphicsChoice

    public init(choice: GraphicsChoice) { self.choice = choice }

    public var way: GraphicsWay { choice.way }

    /// Files larger than this are not sent to iTerm2 as they are, but decoded and sent as a
    /// PNG of the fitted pixels: their bytes would be held twice and pushed through the tty.
    public static let largestFileSentAsIs = 16 << 20

    /// How a picture sits; every field has the plain default for output that scrolls.
    public struct Options: Sendable {
        /// kitty's image id (`Kitty.imageID(process:slot:)`): drawing it again replaces it.
        public var imageID: UInt32
        /// False: kitty leaves the cursor where the picture starts (full-screen layouts).
        public var movesCursor: Bool
        /// Half blocks: rows ending in newlines, or each row placed at a cell (full screen).
        public var blocksLayout: Blocks.Layout
        /// What transparent pixels are composed over (half blocks, sixel); nil: the choice's
        /// (the terminal's answered background, else black).
        public var background: RGB?
        /// The file name iTerm2 is told.
        public var name: String

        public init(
            imageID: UInt32 = 1, movesCursor: Bool = true, blocksLayout: Blocks.Layout = .lines,
            background: RGB? = nil, name: String = ""
        ) {
            self.imageID = imageID
            self.movesCursor = movesCursor
            self.blocksLayout = blocksLayout
            self.background = background
            self.name = name
        }
    }

    /// The cells and pixels a picture of this upright size takes in `window` less
    /// `reservedRows` (text lines): `Fit.blocks` for half blocks, else `Fit.graphics`, with
    /// the cell size the terminal answered where the window reports no pixels.
    public func box(width: Int, height: Int, window: WindowSize, reservedRows: Int) -> ImageBox {
        let sized = choice.window(window)
        if way == .blocks { return Fit.blocks(width: width, height: height, window: sized, reservedRows: reservedRows) }
        return Fit.graphics(
            width: width, height: height, window: sized, reservedRows: reservedRows,
            band: way == .sixel ? Fit.sixelBand : 1)
    }

    /// A file's pixels as `box` needs them: decoded (a JPEG at the smallest DCT scale that
    /// covers the box), turned upright, then exactly `box.pixelWidth × box.pixelHeight`.
    /// `crop`: the entry's (`imgsel crop`), in upright pixels; only it is drawn.
    public static func picture(
        _ bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil, box: ImageBox
    ) throws(DecodeError) -> Raster {
        try shown(bytes, facts: facts, crop: crop, width: box.pixelWidth, height: box.pixelHeight).raster
    }

    /// The same for a size in pixels (pick and browse make theirs at `pixelSize`).
    public static func picture(
        _ bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil, width: Int, height: Int
    ) throws(DecodeError)
        -> Raster
    {
        try shown(bytes, facts: facts, crop: crop, width: width, height: height).raster
    }

    /// The picture with its damage: a terminal may show what decoded of a damaged file (a truncated
    /// JPEG), marked as damaged on its text line (SPEC, "Pictures"); the writers of pixels refuse it.
    public static func shown(
        _ bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil, width: Int, height: Int
    ) throws(DecodeError)
        -> Thumbnailer.Shown
    {
        let decoded = try Thumbnailer.shown(bytes, facts: facts, crop: crop, within: max(width, height))
        return Thumbnailer.Shown(raster: decoded.raster.resized(toWidth: width, height: height), damage: decoded.damage)
    }

    /// Draws a decoded, upright picture in `box`, resized to the box's pixels first.
    public func draw(picture: Raster, box: ImageBox, options: Options = Options()) -> [UInt8] {
        let fitted = picture.resized(toWidth: box.pixelWidth, height: box.pixelHeight)
        let background = options.background ?? choice.background
        switch way {
        case .none:
            return []
        case .blocks:
            return Blocks.draw(
                fitted, colours: choice.colours, background: background, layout: options.blocksLayout)
        case .sixel:
            return Sixel.draw(fitted, options: Sixel.Options(background: background), passthrough: passthrough)
        case .kitty:
            let placement = Kitty.Placement(imageID: options.imageID, box: box, movesCursor: options.movesCursor)
            return Kitty.draw(fitted, placement: placement, passthrough: passthrough)
        case .iterm:
            return ITerm2.draw(
                fitted, name: options.name, box: box, passthrough: passthrough, encodePNG: PNGWriter.encode)
        }
    }

    /// Draws an image file in `box`: for iTerm2 the file's own bytes when it is upright, of
    /// a type the terminal reads and not too large; else its decoded, upright, fitted pixels.
    /// Throws when the pixels cannot be decoded (a damaged file).
    public func draw(
        file bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil, box: ImageBox, options: Options = Options()
    )
        throws(DecodeError) -> [UInt8]
    {
        try drawReportingDamage(file: bytes, facts: facts, crop: crop, box: box, options: options).bytes
    }

    /// `draw(file:…)`, and whether what it drew is less than the file describes (a truncated JPEG
    /// shows what decoded). A file sent to iTerm2 as it is is not decoded here: not known, false.
    public func drawReportingDamage(
        file bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil, box: ImageBox, options: Options = Options()
    )
        throws(DecodeError) -> (bytes: [UInt8], damaged: Bool)
    {
        if way == .none { return ([], false) }
        // A cropped entry's file is more than is shown: its pixels are sent.
        if way == .iterm, crop == nil, bytes.count <= Self.largestFileSentAsIs,
            ITerm2.sendsFileAsIs(bytes, upright: facts.orientation == 1)
        {
            return (ITerm2.draw(file: bytes, name: options.name, box: box, passthrough: passthrough), false)
        }
        let shown = try Self.shown(bytes, facts: facts, crop: crop, width: box.pixelWidth, height: box.pixelHeight)
        return (draw(picture: shown.raster, box: box, options: options), shown.damage != nil)
    }

    /// What takes a picture drawn under `imageID` away: kitty's delete; nothing for the other
    /// ways, whose pictures go when the cells under them are written.
    public func erase(imageID: UInt32) -> [UInt8] {
        way == .kitty ? Kitty.delete(imageID: imageID, passthrough: passthrough) : []
    }

    private var passthrough: Passthrough { choice.passthrough }
}
