/// One node of a screen's element tree, as a screen's `render()` describes it.
///
/// A plain value: its kind, props, the events it handles, and its children. Two renders
/// produce two trees; the ``Reconciler`` compares them and tells the renderer what changed.
/// The `key` identifies a child among its siblings across renders (a list row's item id);
/// it is never sent to the renderer. The `id` is a prop (``PropName/id``) that tests, focus
/// requests and renderers name an element by.
public struct Element: Hashable, Sendable {
    /// What the element is.
    public var kind: ElementKind
    /// The element's identity among its siblings across renders, or nil to match by position.
    public var key: String?
    /// The props the renderer draws from.
    public var props: Props
    /// The events the element wants reported.
    public var events: Set<EventName>
    /// The children, in order.
    public var children: [Element]

    /// An element of `kind`; `id`, when given, is stored in `props` under ``PropName/id``.
    public init(
        _ kind: ElementKind,
        id: String? = nil,
        key: String? = nil,
        props: Props = Props(),
        events: Set<EventName> = [],
        children: [Element] = []
    ) {
        self.kind = kind
        self.key = key
        self.props = props
        self.events = events
        self.children = children
        if let id { self.props[.id] = .string(id) }
    }

    /// The element's id (the string prop ``PropName/id``), or nil.
    public var id: String? {
        get { props[.id]?.stringValue }
        set { props[.id] = newValue.map(PropValue.string) }
    }
}
