// TerminalDemo LOG_FILE [styled]: a test fixture for the terminal renderer (see DemoApp);
// with `styled`, one styled screen (a header bar, a bordered card, two columns).
import Dispatch
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2 || (arguments.count == 3 && arguments[2] == "styled") else {
    FileHandle.standardError.write(Data("usage: TerminalDemo LOG_FILE [styled]\n".utf8))
    exit(2)
}
do {
    let app = DemoApp(log: try EventLog(path: arguments[1]), styled: arguments.count == 3)
    try app.start()
    withExtendedLifetime(app) { dispatchMain() }
} catch {
    FileHandle.standardError.write(Data("TerminalDemo: \(error)\n".utf8))
    exit(1)
}
