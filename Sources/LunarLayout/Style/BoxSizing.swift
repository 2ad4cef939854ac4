/// What `width`, `height`, their min and max and `flexBasis` measure. Yoga's and React Native's
/// default is `borderBox` (CSS's is `contentBox`).
public enum BoxSizing: Sendable, Hashable {
    /// The border box: padding and border included.
    case borderBox
    /// The content box: padding and border added on top.
    case contentBox
}
