import Foundation
import LunarBridge
import LunarBundle
import LunarRouter
import LunarSignals
import LunarUI

/// The lifecycle steps of a screen, run through their hook points.
extension ScreenHost {
    /// Runs a lifecycle step through its hook point: calls `method` on the
    /// screen instance if it defines it; returns the error, if any. An error
    /// before the screen is loaded is its setup failure.
    @discardableResult
    func lifecycle(_ screen: ScreenInstance, _ method: String, _ argument: LuaValue? = nil) -> LuaScriptError? {
        guard let event = ScreenEvent(rawValue: method) else { preconditionFailure("unknown lifecycle step \(method)") }
        do {
            _ = try runStep(event, on: screen, argument.map { [$0] } ?? []) {
                [state, helpers] arguments throws(LuaScriptError) in
                try state.callHelper(helpers.function("call", in: state),
                                     [.reference(screen.instance.reference), .string(method)] + arguments)
            }
            return nil
        } catch {
            onScriptError(error)
            if method != "unload", method != "didDisappear", method != "willDisappear" {
                showOverlay(error, on: screen)
            }
            if !screen.loaded, screen.setupFailure == nil { screen.setupFailure = error }
            return error
        }
    }

    func readTitle(_ screen: ScreenInstance) -> String? {
        guard let value = try? state.callHelper(helpers.function("title", in: state), [.reference(screen.instance.reference)]).first else {
            return nil
        }
        return value.stringValue
    }
}
