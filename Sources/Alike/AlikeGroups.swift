/// Pictures gathered into groups of alike ones, each group led by a picture every other member
/// is within the limit of (so each member's distance is to the first, as `similar` prints it).
public enum AlikeGroups {
    public struct Member: Equatable, Sendable {
        /// The position of the picture in the list given.
        public var position: Int
        /// Its distance to the group's first member (0 for the first).
        public var distance: Int

        public init(position: Int, distance: Int) {
            self.position = position
            self.distance = distance
        }
    }

    /// Groups of two or more, in the order of their first members; `order` says which pictures
    /// lead first (the list's order for entries, the sharpest first for files). A picture joins
    /// the first group whose leader it is within `limit` of.
    public static func groups(
        of prepared: [AlikeDistance.Prepared], limit: Int, order: [Int]? = nil
    ) -> [[Member]] {
        let order = order ?? Array(prepared.indices)
        var taken = [Bool](repeating: false, count: prepared.count)
        var groups: [[Member]] = []
        for (k, leader) in order.enumerated() where !taken[leader] {
            var group = [Member(position: leader, distance: 0)]
            for other in order[(k + 1)...] where !taken[other] {
                let distance = AlikeDistance.between(prepared[leader], prepared[other])
                if distance <= limit { group.append(Member(position: other, distance: distance)) }
            }
            guard group.count > 1 else { continue }
            for member in group { taken[member.position] = true }
            groups.append(group)
        }
        return groups
    }
}
