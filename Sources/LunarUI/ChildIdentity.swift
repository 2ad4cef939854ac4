/// How a child is recognised among its siblings from one render to the next:
/// by kind and key, or, for an unkeyed child, by kind and its position among the
/// unkeyed siblings of that kind (so inserting a `Text` does not shift a `Button`).
struct ChildIdentity: Hashable {
    let kind: ElementKind
    let key: String?
    let ordinal: Int

    /// The identities of `children`, given each one's kind and key, in order.
    static func identities<C: Collection>(
        of children: C,
        kind: (C.Element) -> ElementKind,
        key: (C.Element) -> String?
    ) -> [ChildIdentity] {
        var unkeyedCounts: [ElementKind: Int] = [:]
        var result: [ChildIdentity] = []
        result.reserveCapacity(children.count)
        for child in children {
            let childKind = kind(child)
            if let childKey = key(child) {
                result.append(ChildIdentity(kind: childKind, key: childKey, ordinal: 0))
            } else {
                let ordinal = unkeyedCounts[childKind, default: 0]
                unkeyedCounts[childKind] = ordinal + 1
                result.append(ChildIdentity(kind: childKind, key: nil, ordinal: ordinal))
            }
        }
        return result
    }
}
