/// The name of an element prop.
///
/// Names are open-ended so an adapter can pass props a renderer understands without this
/// module knowing them; the constants below are the ones every renderer must honour.
public struct PropName: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral {
    /// The name as written in a script (`"placeholder"`, `"maxLength"`).
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a name written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    public static func < (lhs: PropName, rhs: PropName) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The element's id (a string): what scripts, tests and focus requests name it by.
    public static let id: PropName = "id"
    /// The string a `Text` shows.
    public static let text: PropName = "text"
    /// The string a `Button` shows.
    public static let title: PropName = "title"
    /// The hint a `TextField` shows while it is empty.
    public static let placeholder: PropName = "placeholder"
    /// The string in a `TextField`.
    public static let value: PropName = "value"
    /// Whether a `TextField` hides what is typed (a boolean).
    public static let secure: PropName = "secure"
    /// The most characters a `TextField` accepts (an integer); the renderer enforces it.
    public static let maxLength: PropName = "maxLength"
    /// Whether a `Button` or `TextField` refuses input (a boolean).
    public static let disabled: PropName = "disabled"
    /// The text shown for an `Image` where images cannot be shown.
    public static let alt: PropName = "alt"
    /// Where an `Image` comes from (a string the host understands: a bundle path or a URL).
    public static let source: PropName = "source"
    /// The element's ``Style`` (a ``PropValue/style(_:)``): layout, colours, borders, text.
    public static let style: PropName = "style"

    // MARK: Text input (a TextField)

    /// Whether a `TextField` is a text area of several lines (a boolean; UIKit's `UITextView`).
    /// A renderer reads it when it creates the field.
    public static let multiline: PropName = "multiline"
    /// How many lines tall a multiline `TextField` is (a positive integer).
    public static let numberOfLines: PropName = "numberOfLines"
    /// The keyboard a `TextField` asks for: one of ``KeyboardType``'s names (`"number"`, `"email"`, ...).
    public static let keyboardType: PropName = "keyboardType"
    /// Whether a `TextField` takes focus when it appears (a boolean).
    public static let autoFocus: PropName = "autoFocus"
    /// What a `TextField` capitalizes: `"none"`, `"sentences"`, `"words"` or `"characters"`.
    public static let autoCapitalize: PropName = "autoCapitalize"
    /// Whether a `TextField` corrects and spell-checks what is typed (a boolean; absent: the platform's default).
    public static let autoCorrect: PropName = "autoCorrect"
    /// What a `TextField`'s return key says: `"default"`, `"done"`, `"go"`, `"next"`, `"search"` or `"send"`.
    public static let returnKeyType: PropName = "returnKeyType"

    // MARK: Scrolling, switches, indicators

    /// Whether a `ScrollView` or `List` scrolls left to right instead of top to bottom (a boolean).
    public static let horizontal: PropName = "horizontal"
    /// Whether an `ActivityIndicator` spins (a boolean, true when absent); a stopped one is hidden.
    public static let animating: PropName = "animating"
    /// An `ActivityIndicator`'s size: `"small"` (the default), `"large"`, or a number of points.
    public static let size: PropName = "size"

    // MARK: Virtualized lists (set by the runtime)

    /// How many items a `List` has in all (an integer); only some of them are mounted as children.
    public static let itemCount: PropName = "itemCount"
    /// The zero-based index of the item a `List`'s first child shows (an integer): rows before it
    /// are not mounted, and a renderer leaves `firstIndex × estimatedItemSize` points above it.
    public static let firstIndex: PropName = "firstIndex"
    /// The size a `List` assumes for a row it has not measured, in points along its axis (a number).
    public static let estimatedItemSize: PropName = "estimatedItemSize"

    // MARK: Images (loadState and imageFile are set by the runtime)

    /// How an `Image` fits its frame: `"cover"` (the default), `"contain"`, `"stretch"`, `"center"`.
    public static let resizeMode: PropName = "resizeMode"
    /// Where an `Image`'s source stands: `"loading"`, `"loaded"` or `"failed"` (then show ``alt``).
    public static let loadState: PropName = "loadState"
    /// The absolute path of a file holding a loaded `Image`'s bytes (a bundle file or a cache entry).
    public static let imageFile: PropName = "imageFile"

    // MARK: Accessibility (any element)

    /// What assistive technology reads for the element (a string); a headless tap finds it by this.
    public static let accessibilityLabel: PropName = "accessibilityLabel"
    /// What the element is to assistive technology: `"button"`, `"link"`, `"header"`, `"image"`, ...
    public static let accessibilityRole: PropName = "accessibilityRole"
    /// What happens when the element is activated, read after the label (a string).
    public static let accessibilityHint: PropName = "accessibilityHint"
    /// `accessibilityState.disabled` (a boolean).
    public static let accessibilityDisabled: PropName = "accessibilityDisabled"
    /// `accessibilityState.selected` (a boolean).
    public static let accessibilitySelected: PropName = "accessibilitySelected"
    /// `accessibilityState.checked`: a boolean, or the string `"mixed"`.
    public static let accessibilityChecked: PropName = "accessibilityChecked"
    /// `accessibilityState.busy` (a boolean).
    public static let accessibilityBusy: PropName = "accessibilityBusy"
    /// `accessibilityState.expanded` (a boolean).
    public static let accessibilityExpanded: PropName = "accessibilityExpanded"
}

extension PropName: CustomStringConvertible {
    /// The raw name.
    public var description: String { rawValue }
}

extension PropName {
    /// The props a renderer shows as text. A number given for one (`ui.Text(42)`) reaches every
    /// renderer as its text, written as Lua's `tostring` writes it, so none shows it blank.
    public static let shownAsText: Set<PropName> = [.text, .title, .placeholder, .alt, .accessibilityLabel, .accessibilityHint]
}
