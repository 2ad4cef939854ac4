// One constructor per element kind, with the props that kind understands as parameters.
extension Element {
    /// Children laid out top to bottom.
    public static func column(id: String? = nil, key: String? = nil, _ children: [Element]) -> Element {
        Element(.column, id: id, key: key, children: children)
    }

    /// Children laid out left to right.
    public static func row(id: String? = nil, key: String? = nil, _ children: [Element]) -> Element {
        Element(.row, id: id, key: key, children: children)
    }

    /// A line of text.
    public static func text(_ text: String, id: String? = nil, key: String? = nil) -> Element {
        Element(.text, id: id, key: key, props: [.text: .string(text)])
    }

    /// An editable field; by default it reports ``EventName/change`` and ``EventName/submit``.
    public static func textField(
        placeholder: String,
        value: String = "",
        secure: Bool = false,
        maxLength: Int? = nil,
        disabled: Bool = false,
        id: String? = nil,
        key: String? = nil,
        events: Set<EventName> = [.change, .submit]
    ) -> Element {
        var props: Props = [.placeholder: .string(placeholder), .value: .string(value)]
        if secure { props[.secure] = true }
        if let maxLength { props[.maxLength] = .int(maxLength) }
        if disabled { props[.disabled] = true }
        return Element(.textField, id: id, key: key, props: props, events: events)
    }

    /// A pressable title; by default it reports ``EventName/press``.
    public static func button(
        _ title: String,
        disabled: Bool = false,
        id: String? = nil,
        key: String? = nil,
        events: Set<EventName> = [.press]
    ) -> Element {
        var props: Props = [.title: .string(title)]
        if disabled { props[.disabled] = true }
        return Element(.button, id: id, key: key, props: props, events: events)
    }

    /// A list whose children are `rows`; give each row a `key` so rows keep their identity
    /// when items are inserted, removed or reordered.
    public static func list(id: String? = nil, key: String? = nil, _ rows: [Element]) -> Element {
        Element(.list, id: id, key: key, children: rows)
    }

    /// A picture from `source`, described by `alt` where it cannot be shown.
    public static func image(alt: String, source: String? = nil, id: String? = nil, key: String? = nil) -> Element {
        var props: Props = [.alt: .string(alt)]
        if let source { props[.source] = .string(source) }
        return Element(.image, id: id, key: key, props: props)
    }

    /// Flexible empty space.
    public static func spacer(id: String? = nil, key: String? = nil) -> Element {
        Element(.spacer, id: id, key: key)
    }

    /// A separating line.
    public static func divider(id: String? = nil, key: String? = nil) -> Element {
        Element(.divider, id: id, key: key)
    }
}
