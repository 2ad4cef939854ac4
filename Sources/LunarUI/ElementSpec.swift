/// The keys a script's spec table may hold for each element kind
/// (`ui.TextField { placeholder = "Name", bind = vm.name, onSubmit = save }`): the one list behind
/// `lunar.ui`'s constructors, where any other key is an error at the caller's `file:line`
/// (``unknownKeyMessage(kind:key:)``), and `lunar check`, which reports the same statically.
///
/// Props the runtime sets itself (``PropName/itemCount``, ``PropName/firstIndex``,
/// ``PropName/loadState``, ``PropName/imageFile``) and the flat accessibility states a script
/// writes as `accessibilityState = { ... }` are not keys a script gives.
public enum ElementSpec {
    /// What a spec key is to the constructor.
    public enum Role: String, Sendable {
        /// Sent to the renderer as the prop of the same name; its value may be a signal.
        case prop
        /// Read by the constructor and not sent as it is (`id`, `key`, a `TextField`'s `bind`,
        /// a `List`'s `items` and `row`, `accessibilityState`).
        case field
        /// A handler named `on...`, called when the renderer reports the event.
        case event
    }

    /// The event handlers: every element takes each of them (a renderer reports the ones the
    /// element has: a `TextField` its `change` and `submit`, any element a `press`).
    public static let events: [String] = [
        "onPress", "onLongPress", "onChange", "onSubmit", "onScroll", "onEndReached", "onLoad", "onError", "onLayout",
    ]

    /// The keys every element takes: `id`, `key`, `style`, the accessibility props and the events.
    public static let common: [String: Role] = {
        var keys: [String: Role] = ["id": .field, "key": .field, "accessibilityState": .field]
        for prop in [PropName.style, .accessibilityLabel, .accessibilityRole, .accessibilityHint] {
            keys[prop.rawValue] = .prop
        }
        for event in events { keys[event] = .event }
        return keys
    }()

    /// The keys `kind` takes beyond ``common``.
    public static func own(_ kind: ElementKind) -> [String: Role] {
        func props(_ names: PropName...) -> [String: Role] {
            Dictionary(uniqueKeysWithValues: names.map { ($0.rawValue, Role.prop) })
        }
        func fields(_ names: String...) -> [String: Role] {
            Dictionary(uniqueKeysWithValues: names.map { ($0, Role.field) })
        }
        switch kind {
        case .column, .row, .view, .spacer, .divider:
            return [:]
        case .text:
            return props(.text)
        case .textField:
            return props(
                .placeholder, .value, .secure, .maxLength, .disabled, .multiline, .numberOfLines, .keyboardType,
                .autoFocus, .autoCapitalize, .autoCorrect, .returnKeyType
            ).merging(fields("bind")) { a, _ in a }
        case .button:
            return props(.title, .disabled).merging(fields("command", "input")) { a, _ in a }
        case .list:
            return props(.horizontal, .estimatedItemSize)
                .merging(fields("items", "row", "drawDistance", "initialNumToRender", "onEndReachedThreshold")) { a, _ in a }
        case .image:
            return props(.alt, .source, .resizeMode)
        case .scrollView:
            return props(.horizontal)
        case .pressable:
            return props(.disabled)
        case .`switch`:
            return props(.value, .disabled).merging(fields("bind", "onValueChange")) { a, _ in a }
        case .activityIndicator:
            return props(.animating, .size)
        }
    }

    /// The rule a `TextField`'s text-input prop's value follows: the constructor refuses any
    /// other value at the caller's `file:line` (a signal's value when the element is built).
    public enum ValueRule: Sendable, Equatable {
        case boolean
        /// A whole number from 1 up.
        case positiveCount
        /// One of these strings.
        case oneOf([String])
    }

    /// What each of a `TextField`'s text-input props takes (docs/lua/ui.md).
    public static let textInputRules: [PropName: ValueRule] = [
        .multiline: .boolean,
        .numberOfLines: .positiveCount,
        .keyboardType: .oneOf(KeyboardType.allCases.map(\.rawValue)),
        .autoFocus: .boolean,
        .autoCapitalize: .oneOf(["none", "sentences", "words", "characters"]),
        .autoCorrect: .boolean,
        .returnKeyType: .oneOf(["default", "done", "go", "next", "search", "send"]),
    ]

    /// What a script is told when `prop` of a `TextField` holds a value its rule refuses:
    /// `ui.TextField: keyboardType must be one of "default", "number", ... (got "numeric")`.
    public static func badValueMessage(prop: PropName, got: String) -> String {
        let wanted: String
        switch textInputRules[prop] {
        case .boolean: wanted = "a boolean"
        case .positiveCount: wanted = "a whole number of lines from 1"
        case .oneOf(let names): wanted = "one of " + names.map { quoted($0) }.joined(separator: ", ")
        case nil: wanted = "a known value"
        }
        return "ui.TextField: \(prop) must be \(wanted) (got \(got))"
    }

    /// Every key `kind` takes: ``common`` and its ``own(_:)``.
    public static func keys(_ kind: ElementKind) -> [String: Role] {
        common.merging(own(kind)) { _, own in own }
    }

    /// What a script is told for a key `kind` does not take:
    /// `ui.TextField has no prop 'palceholder' (did you mean 'placeholder'?)`, or, when no key is
    /// close, the keys it does take (its own, then what every element takes).
    public static func unknownKeyMessage(kind: ElementKind, key: String) -> String {
        let message = "ui.\(kind) has no prop '\(key)'"
        if let nearest = NameSuggestion.nearest(to: key, among: keys(kind).keys) {
            return message + " (did you mean '\(nearest)'?)"
        }
        let ownKeys = own(kind).keys.sorted()
        let mine = ownKeys.isEmpty ? "ui.\(kind) takes only" : "ui.\(kind) takes " + ownKeys.joined(separator: ", ") + ", and"
        return message + " (\(mine) what every element takes: id, key, style, accessibilityLabel, "
            + "accessibilityRole, accessibilityHint, accessibilityState, " + events.joined(separator: ", ") + ")"
    }
}
