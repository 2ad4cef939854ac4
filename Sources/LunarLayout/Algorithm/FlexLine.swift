/// One line of a flex container: its items (`start..<end` of the flow children) and its cross extent.
struct FlexLine {
    var start: Int
    var end: Int
    var crossSize: Double
    var crossOffset = 0.0
    var maxAscent = 0.0
    /// What align-content adds between lines; stretched items take it too (as Yoga does).
    var stretchExtra = 0.0
}
