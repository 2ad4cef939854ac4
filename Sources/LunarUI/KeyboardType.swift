/// The keyboard a `TextField` asks for (its ``PropName/keyboardType`` prop): what a touch
/// keyboard shows, and what a renderer with a hardware keyboard lets through (the terminal
/// refuses a letter in a `number` field).
public enum KeyboardType: String, CaseIterable, Sendable {
    /// Any text.
    case `default`
    /// Digits only (UIKit's `.numberPad`; the web's `inputmode="numeric"`).
    case number
    /// Digits and one decimal separator, `.` or `,` (UIKit's `.decimalPad`; `inputmode="decimal"`).
    case decimal
    /// An email address: no spaces (UIKit's `.emailAddress`; `type="email"`).
    case email
    /// A phone number: digits, spaces and `+ * # ( ) -` (UIKit's `.phonePad`; `type="tel"`).
    case phone
    /// A URL: no spaces (UIKit's `.URL`; `type="url"`).
    case url

    /// The keyboard a field's props ask for; `.default` when absent or unknown.
    public init(props: Props) {
        self = props[.keyboardType]?.stringValue.flatMap(KeyboardType.init(rawValue:)) ?? .default
    }

    /// Whether typing `character` into a field holding `text` fits this keyboard.
    public func accepts(_ character: Character, after text: String) -> Bool {
        switch self {
        case .default:
            return true
        case .number:
            return character.isASCII && character.isNumber
        case .decimal:
            if character.isASCII && character.isNumber { return true }
            return (character == "." || character == ",") && !text.contains(".") && !text.contains(",")
        case .email, .url:
            return !character.isWhitespace
        case .phone:
            return (character.isASCII && character.isNumber) || " +*#()-".contains(character)
        }
    }
}
