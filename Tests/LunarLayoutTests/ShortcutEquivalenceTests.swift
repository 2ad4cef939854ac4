import Foundation
import LunarLayout
import LunarTestSupport
import Testing

/// The caches and shortcuts make layout faster, never different: random trees laid out with
/// every one of them on give the frames they get with all of them off, laid out fresh or
/// again after a style change.
@Suite struct ShortcutEquivalenceTests {
    /// A random tree's description, so that the same tree can be built twice.
    struct TreeSpec {
        var style: LayoutStyle
        var children: [TreeSpec] = []
        /// A leaf measured at this natural size (taking less where the constraint is smaller).
        var natural: LayoutSize?

        func build() -> LayoutNode {
            let node = LayoutNode(style: style, children: children.map { $0.build() })
            if let natural {
                node.measure = { width, widthMode, height, heightMode in
                    LayoutSize(width: fit(natural.width, width, widthMode), height: fit(natural.height, height, heightMode))
                }
            }
            return node
        }

        var count: Int { 1 + children.reduce(0) { $0 + $1.count } }

        /// The `index`th node in depth-first order.
        mutating func withNode(_ index: Int, _ change: (inout TreeSpec) -> Void) {
            var remaining = index
            func visit(_ spec: inout TreeSpec) -> Bool {
                if remaining == 0 { change(&spec); return true }
                remaining -= 1
                for i in spec.children.indices where visit(&spec.children[i]) { return true }
                return false
            }
            _ = visit(&self)
        }
    }

    static func value(_ rng: inout SeededRandom, percent: Bool = true, auto: Bool = true) -> LayoutValue {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4: return .points(Double(Int.random(in: 0...160, using: &rng)))
        case 4, 5: return percent ? .percent(Double(Int.random(in: 0...100, using: &rng))) : .undefined
        case 6: return auto ? .auto : .undefined
        default: return .undefined
        }
    }

    static func edges(_ rng: inout SeededRandom, auto: Bool = false, percent: Bool = true) -> LayoutEdges {
        var edges = LayoutEdges()
        for _ in 0..<Int.random(in: 0...2, using: &rng) {
            let v: LayoutValue = auto && Bool.random(using: &rng) ? .auto
                : Bool.random(using: &rng) || !percent ? .points(Double(Int.random(in: 0...20, using: &rng)))
                : .percent(Double(Int.random(in: 0...20, using: &rng)))
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: edges.left = v
            case 1: edges.top = v
            case 2: edges.right = v
            case 3: edges.bottom = v
            case 4: edges.start = v
            case 5: edges.end = v
            case 6: edges.horizontal = v
            default: edges.all = v
            }
        }
        return edges
    }

    static func style(_ rng: inout SeededRandom) -> LayoutStyle {
        var s = LayoutStyle()
        func maybe(_ chance: Int) -> Bool { Int.random(in: 0..<chance, using: &rng) == 0 }
        if maybe(2) { s.flexDirection = [.row, .column, .rowReverse, .columnReverse].randomElement(using: &rng)! }
        if maybe(3) { s.justifyContent = [.center, .flexEnd, .spaceBetween, .spaceAround, .spaceEvenly].randomElement(using: &rng)! }
        if maybe(3) { s.alignItems = [.flexStart, .center, .flexEnd, .baseline].randomElement(using: &rng)! }
        if maybe(5) { s.alignSelf = [.flexStart, .center, .flexEnd, .stretch].randomElement(using: &rng)! }
        if maybe(5) { s.alignContent = [.center, .flexEnd, .stretch, .spaceBetween, .spaceAround].randomElement(using: &rng)! }
        if maybe(4) { s.flexWrap = Bool.random(using: &rng) ? .wrap : .wrapReverse }
        if maybe(3) { s.flexGrow = Double(Int.random(in: 0...3, using: &rng)) }
        if maybe(3) { s.flexShrink = Double(Int.random(in: 0...3, using: &rng)) }
        if maybe(6) { s.flex = Double(Int.random(in: -2...2, using: &rng)) }
        if maybe(4) { s.flexBasis = value(&rng) }
        if maybe(2) { s.width = value(&rng) }
        if maybe(2) { s.height = value(&rng) }
        if maybe(6) { s.minWidth = value(&rng, auto: false) }
        if maybe(6) { s.minHeight = value(&rng, auto: false) }
        if maybe(6) { s.maxWidth = value(&rng, auto: false) }
        if maybe(6) { s.maxHeight = value(&rng, auto: false) }
        if maybe(3) { s.margin = edges(&rng, auto: true) }
        if maybe(3) { s.padding = edges(&rng) }
        if maybe(5) { s.border = edges(&rng, percent: false) }
        if maybe(6) { s.position = Bool.random(using: &rng) ? .absolute : .static }
        if maybe(4) { s.inset = edges(&rng) }
        if maybe(4) { s.gap = value(&rng, auto: false) }
        if maybe(6) { s.rowGap = value(&rng, auto: false) }
        if maybe(6) { s.columnGap = value(&rng, auto: false) }
        if maybe(8) { s.aspectRatio = [0.5, 1, 2].randomElement(using: &rng)! }
        if maybe(12) { s.display = Bool.random(using: &rng) ? .none : .contents }
        if maybe(8) { s.overflow = Bool.random(using: &rng) ? .hidden : .scroll }
        if maybe(10) { s.direction = Bool.random(using: &rng) ? .rtl : .ltr }
        if maybe(10) { s.boxSizing = .contentBox }
        return s
    }

    static func tree(_ rng: inout SeededRandom, depth: Int) -> TreeSpec {
        var spec = TreeSpec(style: style(&rng))
        let count = depth >= 4 ? 0 : Int.random(in: 0...(depth == 0 ? 4 : 3), using: &rng)
        if count == 0, Int.random(in: 0..<3, using: &rng) == 0 {
            spec.natural = LayoutSize(width: Double(Int.random(in: 0...120, using: &rng)), height: Double(Int.random(in: 0...40, using: &rng)))
        }
        for _ in 0..<count { spec.children.append(tree(&rng, depth: depth + 1)) }
        return spec
    }

    struct Layout {
        var width: Double?
        var height: Double?
        var direction: LayoutDirection
        var scale: Double
    }

    static func frames(_ node: LayoutNode, _ layout: Layout, shortcuts: LayoutShortcuts) -> [LayoutFrame] {
        node.calculateLayout(width: layout.width, height: layout.height, direction: layout.direction,
                             pointScaleFactor: layout.scale, shortcuts: shortcuts)
        var result: [LayoutFrame] = []
        func visit(_ n: LayoutNode) {
            result.append(n.frame)
            for child in n.children { visit(child) }
        }
        visit(node)
        return result
    }

    static func layout(_ rng: inout SeededRandom) -> Layout {
        Layout(width: Bool.random(using: &rng) ? Double(Int.random(in: 50...400, using: &rng)) : nil,
               height: Bool.random(using: &rng) ? Double(Int.random(in: 50...400, using: &rng)) : nil,
               direction: Bool.random(using: &rng) ? .ltr : .rtl, scale: [0, 1, 2].randomElement(using: &rng)!)
    }

    /// Frames compared to within a floating-point rounding error (sums taken in another order),
    /// NaN equal to NaN.
    static func same(_ a: [LayoutFrame], _ b: [LayoutFrame]) -> Bool {
        func eq(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x)) || (x.isNaN && y.isNaN) }
        return a.count == b.count && zip(a, b).allSatisfy {
            eq($0.left, $1.left) && eq($0.top, $1.top) && eq($0.width, $1.width) && eq($0.height, $1.height)
        }
    }

    static let on: LayoutShortcuts = {
        switch ProcessInfo.processInfo.environment["LUNAR_SHORTCUTS_BUT"] {
        case "cache": LayoutShortcuts.all.subtracting(.cachedResults)
        case "measure": LayoutShortcuts.all.subtracting(.layoutWhileMeasuring)
        case "basis": LayoutShortcuts.all.subtracting(.keptFlexBases)
        case "rows": LayoutShortcuts.all.subtracting(.shiftedRows)
        default: LayoutShortcuts.all
        }
    }()

    /// The trees that still lay out differently with the shortcuts on (issue 34), each with its
    /// cause; every other tree must agree, and each of these is expected to differ (the test fails
    /// once one agrees, to be taken off the list).
    static let knownDifferences: [UInt64: String] = {
        var known: [UInt64: String] = [:]
        // A clean container's layout cached for the same constraints is served where laying it
        // out again gives another result (not yet isolated: an aspect-ratio leaf under a shrinking row).
        known[3878] = "a clean container's cached layout for the same constraints differs from a fresh one"
        // A measured leaf's compatible cached size (Yoga's rules) is served where measuring it
        // again gives another (under a wrapping or shrinking container).
        for seed: UInt64 in [548, 3460, 3835, 6989, 8718, 9645, 9889] {
            known[seed] = "a measured leaf's compatible cached size differs from measuring it again"
        }
        known[1406] = "layout while measuring plus the cache: a row's item measured at most its width keeps a 0 width"
        known[108] = "rounding skipped for a clean node that moved by a fraction in RTL (1 px wider)"
        known[574] = "a leaf restyled to a percentage height under a shrinking column keeps its old cached height"
        known[1906] = "an overflowing row whose offsets reach 1e18 (floating-point cancellation in the cached path)"
        known[2525] = "a restyle to display: contents in a wrapping baseline row leaves a stale cross offset"
        known[6500] = "not yet isolated"
        return known
    }()

    /// Whether the tree of `seed` lays out the same with the shortcuts on as with them off, and
    /// again after a random style change.
    static func agrees(seed: UInt64) -> Bool {
        var rng = SeededRandom(seed: seed)
        var spec = Self.tree(&rng, depth: 0)
        let layout = Self.layout(&rng)
        let fast = spec.build()
        let expected = Self.frames(spec.build(), layout, shortcuts: [])
        let got = Self.frames(fast, layout, shortcuts: Self.on)
        if !Self.same(got, expected) { return false }
        // Again after a style change somewhere: the caches kept from the first pass must not
        // change the second.
        let target = Int.random(in: 0..<spec.count, using: &rng)
        let newStyle = Self.style(&rng)
        spec.withNode(target) { $0.style = newStyle }
        var remaining = target
        func find(_ n: LayoutNode) -> LayoutNode? {
            if remaining == 0 { return n }
            remaining -= 1
            for child in n.children { if let found = find(child) { return found } }
            return nil
        }
        let node = find(fast) ?? fast
        node.style = newStyle
        let relaidExpected = Self.frames(spec.build(), layout, shortcuts: [])
        let relaid = Self.frames(fast, layout, shortcuts: Self.on)
        return Self.same(relaid, relaidExpected)
    }

    @Test(arguments: 0..<10)
    func randomTreesLayOutTheSameWithAndWithoutShortcuts(_ batch: Int) {
        var differing: [UInt64] = []
        for index in 0..<1_000 {
            let seed = UInt64(batch * 1_000 + index)
            let agrees = Self.agrees(seed: seed)
            if let cause = Self.knownDifferences[seed] {
                withKnownIssue("seed \(seed): \(cause) (issue 34)") { #expect(agrees) }
            } else if !agrees {
                differing.append(seed)
            }
        }
        #expect(differing.isEmpty, "\(differing.count) of 1,000 trees differ; seeds \(differing.prefix(8).map(String.init).joined(separator: ", "))")
    }

    /// A measurement of a row aligned to baselines reads no size or position left in its items'
    /// children by an earlier layout: laid out again after a sibling's restyle it is as tall as
    /// the same tree laid out fresh (was 61 after the restyle, 67 fresh).
    @Test func aBaselineRowIsMeasuredTheSameAfterARestyle() {
        func tree(padded: Bool) -> LayoutNode {
            LayoutNode(children: [
                LayoutNode(style: LayoutStyle { $0.flexDirection = .rowReverse; $0.alignItems = .baseline }, children: [
                    LayoutNode(style: LayoutStyle { if padded { $0.padding.bottom = .points(6) } }),
                    LayoutNode(style: LayoutStyle { $0.width = .points(4) }, children: [LayoutNode(style: LayoutStyle { $0.height = .points(61) })]),
                ]),
            ])
        }
        let layout = Layout(width: nil, height: nil, direction: .ltr, scale: 0)
        let fresh = Self.frames(tree(padded: true), layout, shortcuts: [])
        for shortcuts in [LayoutShortcuts(), .all] {
            let relaid = tree(padded: false)
            _ = Self.frames(relaid, layout, shortcuts: shortcuts)
            relaid.children[0].children[0].style = LayoutStyle { $0.padding.bottom = .points(6) }
            #expect(Self.same(Self.frames(relaid, layout, shortcuts: shortcuts), fresh))
        }
    }

    /// A measured leaf's size clamped at a narrow at-most width (its margin leaves no room) does
    /// not serve a wider at-most width: the old size and the new are compared with their margins.
    @Test func aLeafClampedAtANarrowWidthIsMeasuredAgainWhenWider() {
        func tree() -> LayoutNode {
            let leaf = LayoutNode(style: LayoutStyle { $0.margin.right = .points(14) })
            leaf.measure = { width, widthMode, _, _ in LayoutSize(width: widthMode == .undefined ? 6 : min(6, width), height: 0) }
            return LayoutNode(style: LayoutStyle { $0.flexWrap = .wrapReverse; $0.width = .points(11) }, children: [
                LayoutNode(style: LayoutStyle { $0.width = .points(108) }),
                LayoutNode(style: LayoutStyle { $0.flexDirection = .row }, children: [
                    LayoutNode(style: LayoutStyle { $0.alignItems = .flexEnd }, children: [leaf]),
                ]),
            ])
        }
        let layout = Layout(width: nil, height: nil, direction: .ltr, scale: 0)
        let expected = Self.frames(tree(), layout, shortcuts: [])
        #expect(expected.last?.width == 6)
        #expect(Self.same(Self.frames(tree(), layout, shortcuts: .all), expected))
    }
}

private func fit(_ natural: Double, _ size: Double, _ mode: MeasureMode) -> Double {
    switch mode {
    case .exactly: size
    case .atMost: min(natural, size)
    case .undefined: natural
    }
}
