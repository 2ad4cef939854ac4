import Foundation
import LunarBridge
import LunarBundle
import LunarRouter
import LunarSignals
import LunarUI

/// Hot reload: a reload's outcome applied to live screens (errors shown, screens re-bound or
/// remounted, `reloaded` told), keeping their place and state.
extension ScreenHost {
    /// Applies a reload's outcome: shows or clears the reload error, remounts
    /// screens of `--@refresh reset` modules (or whose view-model's module is one), re-binds live screens that run
    /// code from an `affected` module (see ``rebind(_:)``), tells live screens
    /// (`reloaded(modules)`) and re-renders.
    func finishReload(_ report: ReloadReport, errors: [LuaScriptError], resets: Set<String>, affected: [String],
                      stillFailing: LuaScriptError?) {
        navigation.holding { finishReloadHeld(report, errors: errors, resets: resets, affected: affected, stillFailing: stillFailing) }
    }

    func finishReloadHeld(_ report: ReloadReport, errors: [LuaScriptError], resets: Set<String>, affected: [String],
                                  stillFailing: LuaScriptError?) {
        operationDepth += 1
        defer { operationDepth -= 1 }
        reloadError = errors.first ?? stillFailing
        for screen in screens.byID.values.sorted(by: { $0.id < $1.id }) where remountsOnReset(screen, resets) {
            remount(screen)
        }
        if !report.reloaded.isEmpty {
            let modules = LuaValue.table(LuaTable(array: report.reloaded.map(LuaValue.string)))
            let affectedList = LuaValue.table(LuaTable(array: affected.map(LuaValue.string)))
            for screen in screens.byID.values.sorted(by: { $0.id < $1.id }) where screen.loaded {
                // A remounted screen has just been bound from scratch.
                if !remountsOnReset(screen, resets), usesAny(of: affectedList, screen) { rebind(screen) }
                lifecycle(screen, "reloaded", modules)
            }
        }
        if !report.reloaded.isEmpty { componentsReloaded(resets: resets) }
        if let id = visibleScreen, let screen = screens[id] {
            if screen.loaded {
                render(screen)
            } else if let reloadError {
                showOverlay(reloadError, on: screen)
            }
        }
    }

    /// Replaces a screen's instance with a fresh one of its (new) module and
    /// runs its opening lifecycle again, keeping its place in the stack.
    func remount(_ screen: ScreenInstance) {
        lifecycle(screen, "unload")
        for binding in screen.bindings.values { disposeBinding(binding) }
        screen.bindings = [:]
        _ = try? state.callHelper(helpers.function("close", in: state), [.reference(screen.instance.reference)])
        do {
            screen.instance = try state.callHelper(helpers.function("instantiate", in: state), [.string(screen.module)])[0].tableReference()
        } catch let error as LuaScriptError {
            showOverlay(error, on: screen)
            return
        } catch {
            showOverlay(message: "\(error)", on: screen)
            return
        }
        // Like opening: the default setup (an after-load hook) binds and configures.
        screen.loaded = false
        screen.setupFailure = nil
        lifecycle(screen, "load", screen.params)
        screen.loaded = screen.setupFailure == nil
        if screen.loaded { render(screen) }
    }

    /// Whether the screen's module or its view-model's module is among `modules`.
    func usesAny(of modules: LuaValue, _ screen: ScreenInstance) -> Bool {
        let result = try? state.callHelper(helpers.function("uses", in: state),
                                           [.reference(screen.instance.reference), .string(screen.module), modules])
        return result?.first?.isTruthy ?? false
    }

    /// Re-runs a live screen's bindings against new code: disposes
    /// `self.lifetime` (what `bindViewModel` tied to it), gives the screen a
    /// fresh one and calls `bindViewModel(params)` through its hook point.
    /// Fields and the view-model are kept; `load` and `initialize` do not run.
    func rebind(_ screen: ScreenInstance) {
        do {
            _ = try state.callHelper(helpers.function("renewLifetime", in: state), [.reference(screen.instance.reference)])
        } catch {
            onScriptError(error)
            showOverlay(error, on: screen)
            return
        }
        lifecycle(screen, "bindViewModel", screen.params)
    }
}

extension Element {
    /// Sets prop `name` of the element at `path` (child indices) if it has none.
    mutating func fillProp(_ name: PropName, with value: PropValue, at path: ArraySlice<Int>) {
        guard let first = path.first else {
            if props[name] == nil { props[name] = value }
            return
        }
        guard children.indices.contains(first) else { return }
        children[first].fillProp(name, with: value, at: path.dropFirst())
    }
}

extension ScreenHost {
    /// Tells the components a reload ran: every live instance renders again with the new
    /// code, and those of components defined in a `--@refresh reset` module start over.
    func componentsReloaded(resets: Set<String>) {
        let modules = resets.sorted().map(LuaValue.string)
        do {
            _ = try state.callHelper(helpers.function("componentsReloaded", in: state), [.table(LuaTable(array: modules))])
        } catch {
            onScriptError(error)
        }
    }
}
