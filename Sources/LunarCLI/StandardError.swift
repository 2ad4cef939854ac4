import LunarSession

/// Where the CLI writes diagnostics: `SessionOutput.error`, which escapes control characters
/// other than line breaks and tabs (messages quote scripts and bundles, which must not drive
/// the user's terminal).
enum StandardError {
    static func write(_ text: String) {
        SessionOutput.error(text)
    }
}
