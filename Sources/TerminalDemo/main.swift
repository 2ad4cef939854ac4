// TerminalDemo LOG_FILE: a test fixture for the terminal renderer (see DemoApp).
import Dispatch
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: TerminalDemo LOG_FILE\n".utf8))
    exit(2)
}
do {
    let app = DemoApp(log: try EventLog(path: arguments[1]))
    try app.start()
    withExtendedLifetime(app) { dispatchMain() }
} catch {
    FileHandle.standardError.write(Data("TerminalDemo: \(error)\n".utf8))
    exit(1)
}
