/// What an element is. Renderers switch over this exhaustively to choose a view.
public enum ElementKind: String, Hashable, Sendable, CaseIterable {
    /// Lays its children out top to bottom.
    case column = "Column"
    /// Lays its children out left to right.
    case row = "Row"
    /// Shows the string in ``PropName/text``.
    case text = "Text"
    /// An editable line of text: ``PropName/placeholder``, ``PropName/value``,
    /// ``PropName/secure``, ``PropName/maxLength``, ``PropName/disabled``.
    case textField = "TextField"
    /// A pressable title: ``PropName/title``, ``PropName/disabled``.
    case button = "Button"
    /// A scrolling list whose children are its rows, each with a key.
    case list = "List"
    /// A picture, with ``PropName/alt`` text for renderers that cannot show one.
    case image = "Image"
    /// Flexible empty space.
    case spacer = "Spacer"
    /// A thin separating line.
    case divider = "Divider"
}

extension ElementKind: CustomStringConvertible {
    /// The name a script uses for the element (`"TextField"`).
    public var description: String { rawValue }
}
