import Foundation
import LunarUI

/// Where the CLI writes diagnostics. Every write escapes control characters other than line
/// breaks and tabs: messages carry text from scripts and bundles (error messages, file names,
/// manifest values), which must not drive the user's terminal.
enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(terminalSafe(text).utf8))
    }
}
