import Foundation
import LunarBridge
import LunarUI

/// Where sessions write what they tell the user. Control characters other than line breaks and tabs are
/// escaped: the text quotes scripts and bundle files, which must not drive the terminal.
public enum SessionOutput {
    /// Writes `text` to standard error.
    public static func error(_ text: String) {
        StandardStream.error.write(terminalSafe(text))
    }

    /// Writes `text` to standard output.
    public static func standard(_ text: String) {
        StandardStream.output.write(terminalSafe(text))
    }
}
