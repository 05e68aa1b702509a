/// A rectangle of terminal cells, 0-based from the top-left corner.
public struct CellRect: Hashable, Sendable {
    public var top: Int
    public var left: Int
    public var width: Int
    public var height: Int

    public init(top: Int, left: Int, width: Int, height: Int) {
        self.top = top
        self.left = left
        self.width = width
        self.height = height
    }

    public var bottom: Int { top + height }
    public var right: Int { left + width }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func contains(row: Int, column: Int) -> Bool {
        row >= top && row < bottom && column >= left && column < right
    }

    /// The part inside `other` (empty when they do not meet).
    public func clipped(to other: CellRect) -> CellRect {
        let newTop = max(top, other.top), newLeft = max(left, other.left)
        let newBottom = min(bottom, other.bottom), newRight = min(right, other.right)
        return CellRect(
            top: newTop, left: newLeft,
            width: max(0, newRight - newLeft), height: max(0, newBottom - newTop))
    }
}
