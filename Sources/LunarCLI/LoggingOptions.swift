import ArgumentParser
import Foundation
import Logging

/// `--log-level LEVEL` (or `LUNAR_LOG_LEVEL`): how much of `lunar.log` and the runtime's logging
/// reaches standard error. Each command has its own default: `warning` for `run` and `test`
/// (their output is the app's text or the report), `info` for `dev` and `exec`.
struct LoggingOptions: ParsableArguments {
    @Option(help: "trace, debug, info, notice, warning, error or critical (default: LUNAR_LOG_LEVEL, else the command's own).")
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level '\(logLevel)' is not one of \(Self.levels)")
        }
    }

    static var levels: String { Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The level chosen: the option, then `LUNAR_LOG_LEVEL` (ignored when not a level), then `fallback`.
    func level(default fallback: Logger.Level, environment: [String: String] = ProcessInfo.processInfo.environment) -> Logger.Level {
        logLevel.flatMap(Logger.Level.init(rawValue:))
            ?? environment["LUNAR_LOG_LEVEL"].flatMap { Logger.Level(rawValue: $0.lowercased()) }
            ?? fallback
    }

    /// Sends every logger's records at `level(default:)` and above to standard error, once per process.
    func bootstrap(default fallback: Logger.Level) {
        let level = level(default: fallback)
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
