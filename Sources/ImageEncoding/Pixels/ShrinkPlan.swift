/// What one area shrink does, worked out from the source's size alone: the output size, the spans and
/// weights of each axis, whether alpha is premultiplied and which pass goes first. `Raster.shrunk` (a
/// whole raster) and `ShrinkRows` (rows as a decoder hands them on) both start from this, so the two
/// cannot choose differently.
struct ShrinkPlan {
    let outWidth: Int
    let outHeight: Int
    let columns: BoxSpans
    let rows: BoxSpans
    let premultiply: Bool
    /// Pillow 13's order (found by experiment, it holds for every size tried): vertical first when
    /// twice the columns removed are fewer than the rows removed. The order changes the rounding, since
    /// the intermediate is clipped to 8 bits.
    let verticalFirst: Bool

    /// Nil when there is nothing to do: the size asked is the source's (or larger, never enlarged) and no
    /// part of it is asked for (`area`).
    init?(width: Int, height: Int, hasAlpha: Bool, toWidth: Int, toHeight: Int, area: ShrinkArea?) {
        outWidth = Swift.max(1, Swift.min(toWidth, width))
        outHeight = Swift.max(1, Swift.min(toHeight, height))
        let area = area.flatMap { $0.within(width: width, height: height) }
        guard width > 0, height > 0, outWidth != width || outHeight != height || area != nil else { return nil }
        columns = BoxSpans(source: width, span: area.map { ($0.x, $0.x + $0.width) }, target: outWidth)
        rows = BoxSpans(source: height, span: area.map { ($0.y, $0.y + $0.height) }, target: outHeight)
        premultiply = hasAlpha
        verticalFirst = 2 * (width - outWidth) < height - outHeight
    }
}
