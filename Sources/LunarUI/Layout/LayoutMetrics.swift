import LunarLayout

/// Sizes a measured leaf (a `Text`, `Button`, `TextField`, `Image`, `Switch` or
/// `ActivityIndicator`) for the space offered: `width` under `widthMode` (`.nan` when
/// `.undefined`), `height` likewise, both of the node's content box. Returns the content size
/// in points. Called on the executor, during ``MountedTree/layout(width:height:direction:scale:metrics:)``,
/// and only when the node is dirty or asked with new constraints (results are cached).
public typealias NodeMeasureFunction = (
    _ node: MountedNode, _ width: Double, _ widthMode: MeasureMode, _ height: Double, _ heightMode: MeasureMode
) -> LayoutSize

/// What a renderer's medium decides about sizes, which the mounted tree's layout asks it:
/// how big measured leaves are (text in its font), how thick a `Divider` is, and whether
/// borders snap to a unit (a terminal cell).
///
/// A UIKit renderer uses ``points(scale:measure:)``; the terminal and headless renderers use
/// ``CellMetrics/layoutMetrics`` (8 × 16 point cells).
public struct LayoutMetrics {
    /// Measures the measured leaves.
    public var measure: NodeMeasureFunction
    /// A `Divider`'s thickness: `width` when it divides a row (a vertical line), `height`
    /// in a column (a horizontal line).
    public var hairline: LayoutSize
    /// When set, a border edge of any positive width lays out exactly this thick (`width` at
    /// the left and right, `height` at the top and bottom): a terminal draws a border as one
    /// cell of box drawing, whatever its width in points. Nil: borders as styled.
    public var borderThickness: LayoutSize?

    /// Metrics from their parts.
    public init(hairline: LayoutSize, borderThickness: LayoutSize? = nil, measure: @escaping NodeMeasureFunction) {
        self.measure = measure
        self.hairline = hairline
        self.borderThickness = borderThickness
    }

    /// Metrics for a screen in points (UIKit): a divider one pixel thick (`1 / scale` points),
    /// borders as styled, leaves measured by `measure`.
    public static func points(scale: Double = 1, measure: @escaping NodeMeasureFunction) -> LayoutMetrics {
        let pixel = 1 / max(1, scale)
        return LayoutMetrics(hairline: LayoutSize(width: pixel, height: pixel), measure: measure)
    }
}

/// The part of ``LayoutMetrics`` that decides layout styles (not measurements), shared by a
/// tree's nodes; a change restyles every node.
struct LayoutStyleMetrics: Equatable {
    var hairline = LayoutSize(width: 1, height: 1)
    var borderThickness: LayoutSize?
}

/// What a tree's nodes share for layout: the metrics of the latest layout.
final class LayoutEnvironment {
    var styleMetrics = LayoutStyleMetrics()
    var measure: NodeMeasureFunction?
}
