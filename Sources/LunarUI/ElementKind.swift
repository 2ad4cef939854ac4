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
    /// A scrolling list whose children are its rows, each with a key; a virtualized one mounts
    /// only some rows (``PropName/itemCount``, ``PropName/firstIndex``, ``PropName/estimatedItemSize``)
    /// and reports ``EventName/viewport`` and ``EventName/scroll``.
    case list = "List"
    /// A picture, with ``PropName/alt`` text for renderers that cannot show one; the runtime sets
    /// ``PropName/loadState`` and ``PropName/imageFile`` as its ``PropName/source`` loads.
    case image = "Image"
    /// Flexible empty space.
    case spacer = "Spacer"
    /// A thin separating line.
    case divider = "Divider"
    /// A plain box: the building block of every layout (a column unless its style says otherwise).
    case view = "View"
    /// A box whose content scrolls when taller (or, ``PropName/horizontal``, wider) than the box;
    /// reports ``EventName/viewport`` and ``EventName/scroll``.
    case scrollView = "ScrollView"
    /// A box that reports presses (``EventName/press``, ``EventName/longPress``), with its
    /// children as its content; ``PropName/disabled``.
    case pressable = "Pressable"
    /// An on/off toggle: ``PropName/value`` (a boolean), ``PropName/disabled``.
    case `switch` = "Switch"
    /// A spinner showing that something is in progress: ``PropName/animating``, ``PropName/size``.
    case activityIndicator = "ActivityIndicator"
}

extension ElementKind: CustomStringConvertible {
    /// The name a script uses for the element (`"TextField"`).
    public var description: String { rawValue }
}
