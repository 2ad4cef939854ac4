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

    /// A picture from `source`, described by `alt` where it cannot be shown, fitted to its
    /// frame by `resizeMode` (`"cover"`, `"contain"`, `"stretch"`, `"center"`; nil: cover).
    public static func image(
        alt: String, source: String? = nil, resizeMode: String? = nil, id: String? = nil, key: String? = nil
    ) -> Element {
        var props: Props = [.alt: .string(alt)]
        if let source { props[.source] = .string(source) }
        if let resizeMode { props[.resizeMode] = .string(resizeMode) }
        return Element(.image, id: id, key: key, props: props)
    }

    /// A plain box holding `children`.
    public static func view(id: String? = nil, key: String? = nil, _ children: [Element]) -> Element {
        Element(.view, id: id, key: key, children: children)
    }

    /// A box whose `children` scroll, top to bottom or (`horizontal`) left to right; by default
    /// it reports ``EventName/scroll``.
    public static func scrollView(
        horizontal: Bool = false, id: String? = nil, key: String? = nil,
        events: Set<EventName> = [.scroll], _ children: [Element]
    ) -> Element {
        var props = Props()
        if horizontal { props[.horizontal] = true }
        return Element(.scrollView, id: id, key: key, props: props, events: events, children: children)
    }

    /// A pressable box whose `children` are its content; by default it reports ``EventName/press``.
    public static func pressable(
        disabled: Bool = false, id: String? = nil, key: String? = nil,
        events: Set<EventName> = [.press], _ children: [Element]
    ) -> Element {
        var props = Props()
        if disabled { props[.disabled] = true }
        return Element(.pressable, id: id, key: key, props: props, events: events, children: children)
    }

    /// An on/off toggle showing `value`; by default it reports ``EventName/change`` with the new
    /// value as a boolean.
    public static func `switch`(
        value: Bool, disabled: Bool = false, id: String? = nil, key: String? = nil,
        events: Set<EventName> = [.change]
    ) -> Element {
        var props: Props = [.value: .bool(value)]
        if disabled { props[.disabled] = true }
        return Element(.switch, id: id, key: key, props: props, events: events)
    }

    /// A spinner; hidden while not `animating`.
    public static func activityIndicator(animating: Bool = true, id: String? = nil, key: String? = nil) -> Element {
        Element(.activityIndicator, id: id, key: key, props: [.animating: .bool(animating)])
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
