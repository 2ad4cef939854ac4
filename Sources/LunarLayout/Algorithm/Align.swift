extension LayoutNode {
    /// The alignment of a child on the cross axis (`alignSelf`, else the parent's `alignItems`).
    func alignment(of child: LayoutNode) -> LayoutAlign {
        let align = child.currentStyle.alignSelf == .auto ? currentStyle.alignItems : child.currentStyle.alignSelf
        if align == .baseline && !currentStyle.flexDirection.isRow { return .flexStart }
        return align
    }
}
