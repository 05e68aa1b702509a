import ImageDecoding

/// The part of a raster a shrink covers, in pixels from its top-left corner, fractions allowed
/// (Pillow's resize `box`, which it takes as floats).
public struct ShrinkArea: Equatable, Sendable {
    public var x: Float
    public var y: Float
    public var width: Float
    public var height: Float

    public init(x: Float = 0, y: Float = 0, width: Float, height: Float) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Nil when this is the whole of a `width`×`height` raster (nothing to treat apart) or not inside
    /// it with some area (then the raster is all there is to go by).
    func within(width: Int, height: Int) -> ShrinkArea? {
        guard x >= 0, y >= 0, self.width > 0, self.height > 0, x + self.width <= Float(width),
            y + self.height <= Float(height)
        else { return nil }
        return self == ShrinkArea(width: Float(width), height: Float(height)) ? nil : self
    }
}
