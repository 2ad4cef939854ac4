/// What a renderer shows instead of a screen's content when rendering it or running one of
/// its lifecycle methods failed: the message, where, and the offending source lines.
public struct ErrorOverlay: Hashable, Sendable {
    /// One numbered line of source around the error.
    public struct SourceLine: Hashable, Sendable {
        /// The 1-based line number in ``ErrorOverlay/file``.
        public var number: Int
        /// The line's text, without its line break.
        public var text: String

        /// A numbered line.
        public init(number: Int, text: String) {
            self.number = number
            self.text = text
        }
    }

    /// The error message, as the script or runtime reported it.
    public var message: String
    /// The bundle-relative file the error points at (`screens/login.lua`), if known.
    public var file: String?
    /// The 1-based line in `file`, if known; the code frame marks it.
    public var line: Int?
    /// A few lines around `line`, in order; empty when the source is unavailable.
    public var codeFrame: [SourceLine]

    /// An overlay for `message` at `file`:`line`, with `codeFrame` around it.
    public init(message: String, file: String? = nil, line: Int? = nil, codeFrame: [SourceLine] = []) {
        self.message = message
        self.file = file
        self.line = line
        self.codeFrame = codeFrame
    }

    /// `file:line`, `file`, or nil when the location is unknown.
    public var location: String? {
        guard let file else { return nil }
        guard let line else { return file }
        return "\(file):\(line)"
    }
}
