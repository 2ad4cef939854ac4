/// Measures a leaf's content (text, an image) for the space offered: `width` under `widthMode`
/// (`.nan` when `.undefined`), `height` likewise, both without padding and border. Returns
/// the content size; the engine adds padding and border and applies min/max.
public typealias MeasureFunction = (_ width: Double, _ widthMode: MeasureMode, _ height: Double, _ heightMode: MeasureMode) -> LayoutSize

/// A leaf's first baseline (text: its first line's), from the top of its border box, for the size it
/// was laid out at. Used where the leaf is aligned `baseline`.
public typealias BaselineFunction = (_ width: Double, _ height: Double) -> Double
