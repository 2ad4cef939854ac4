import Foundation
import LunarBridge
import LunarBundle
import LunarRouter
import LunarSignals
import LunarUI

/// Rendering: `render()` into the reconciler and out to the renderer, coalesced after each turn of Lua.
extension ScreenHost {
    /// Re-renders after the current job (coalesced): called when Lua ran.
    func scheduleRender() {
        guard operationDepth == 0, !renderPass.isRunning else { return }
        queueRender()
    }

    /// Queues a render of the visible screen after the current job, even while one runs.
    func queueRender() {
        guard !renderPass.isScheduled, renderer != nil, let driver = state.asyncDriver else { return }
        renderPass.isScheduled = true
        enqueueFlush(on: driver)
    }

    /// A component called `setState`: its instance (not its screen) renders again after the
    /// current job, coalesced, unless a full render is queued already (it covers components).
    func scheduleComponents() {
        guard !renderPass.isScheduled, !renderPass.componentsScheduled, renderer != nil, let driver = state.asyncDriver else { return }
        renderPass.componentsScheduled = true
        enqueueFlush(on: driver)
    }

    private func enqueueFlush(on driver: any LuaAsyncDriver) {
        let bound = ExecutorBound(self)
        driver.enqueue { bound.value.flushRender() }
    }

    /// Runs a pending re-render now (the headless driver calls this before a snapshot).
    public func flushRender() {
        if renderPass.isScheduled {
            renderPass.isScheduled = false
            renderVisible()
        } else if renderPass.componentsScheduled {
            renderVisibleComponents()
        }
    }

    /// Renders every visible screen (the top of each stack is enough: covered
    /// screens render again when they are uncovered).
    public func renderVisible() {
        renderPass.isScheduled = false
        renderPass.componentsScheduled = false
        defer { sendPendingScrolls() }
        guard let id = visibleScreen, let screen = screens[id] else { return }
        render(screen)
    }

    /// Renders again only the components of the visible screen that called `setState`, not
    /// the screen (docs/lua/components.md); a covered screen's wait until it is uncovered.
    func renderVisibleComponents() {
        renderPass.componentsScheduled = false
        defer { sendPendingScrolls() }
        guard let id = visibleScreen, let screen = screens[id] else { return }
        // An error shows over the screen: only a render of the whole screen may clear it.
        render(screen, componentsOnly: screen.overlay == nil)
    }

    func render(_ screen: ScreenInstance, componentsOnly: Bool = false) {
        guard screen.loaded, !renderPass.isRunning else { return }
        // Navigation that render() asks for waits until it has been drawn.
        navigation.holding { renderHeld(screen, componentsOnly: componentsOnly) }
    }

    func renderHeld(_ screen: ScreenInstance, componentsOnly: Bool = false) {
        renderPass.isRunning = true
        defer { renderPass.isRunning = false }
        let stack = state.stack
        let base = stack.top
        defer { stack.setTop(base) }
        let results: [LuaValue]
        do {
            if componentsOnly {
                guard let last = screen.lastTree else { return }
                results = try state.callHelper(helpers.function("renderComponents", in: state),
                                               [.reference(screen.instance.reference), .reference(last.reference)])
                // None was due (a full render took them, or they unmounted).
                if results.first?.isNil ?? true { return }
            } else {
                results = try runStep(.render, on: screen, []) { [state, helpers] _ throws(LuaScriptError) in
                    try state.callHelper(helpers.function("render", in: state), [.reference(screen.instance.reference)])
                }
            }
        } catch {
            renderFailed(error, on: screen)
            return
        }
        let tree = results.first ?? .nil
        guard case .reference(let treeRef) = tree, treeRef.typeName == "table" else {
            renderFailed("render() returned \(tree.typeName), not an element", by: results.dropFirst().first, on: screen)
            return
        }
        tree.push(to: stack)
        var reader = ElementReader(stack: stack)
        var element: Element
        do {
            element = try reader.read(at: stack.top)
        } catch {
            renderFailed("render() of \(screen.module): \(error.message)", by: results.dropFirst().first, on: screen)
            return
        }
        let lists: [(path: [Int], list: VirtualList)]
        do {
            lists = try buildListRows(of: &element, reader: &reader, tree: treeRef, on: screen)
        } catch {
            renderFailed(error, on: screen)
            return
        }
        keepPressedStyles(in: &element, tree: LuaTableReference(reference: treeRef), on: screen)
        let images = resolveImages(in: &element)
        screen.lastTree = LuaTableReference(reference: treeRef)
        let mutations = screen.reconciler.reconcile(keepingBoundValues(of: reader.bound, in: element, on: screen))
        recordLists(lists, on: screen)
        recordImages(images, on: screen)
        if !mutations.isEmpty {
            renderer?.apply(mutations, to: screen.id)
            onContentChange?()
        }
        if let reloadError {
            if screen.overlay?.message != reloadError.overlayMessage { showOverlay(reloadError, on: screen) }
        } else if screen.overlay != nil {
            screen.overlay = nil
            renderer?.hideError(on: screen.id)
        }
        let title = readTitle(screen)
        if title != screen.title {
            screen.title = title
            renderer?.setTitle(title, of: screen.id)
        }
        bindSignals(reader.bound, on: screen)
        settleComponents(on: screen)
    }

    /// Runs the `mount` and `update` hooks of the components the render made and changed,
    /// once the renderer has their elements; an error shows over the screen.
    func settleComponents(on screen: ScreenInstance) {
        do {
            let stale = try state.callHelper(helpers.function("settleComponents", in: state), [.reference(screen.instance.reference)])
            // A hook called one of the screen's callbacks: the screen renders again after this one.
            if stale.first?.isTruthy == true { queueRender() }
        } catch {
            onScriptError(error)
            showOverlay(error, on: screen)
        }
    }


    /// Reports a render that failed (once while its overlay shows) and shows it over the screen.
    func renderFailed(_ error: LuaScriptError, on screen: ScreenInstance) {
        if screen.overlay?.message != error.overlayMessage { onScriptError(error) }
        showOverlay(error, on: screen)
    }

    /// A render whose result is not a tree: blamed on the render function's definition (the
    /// helper returns it beside the tree), since the line it returned from is not known.
    func renderFailed(_ problem: String, by render: LuaValue?, on screen: ScreenInstance) {
        var location: LuaSourceLocation?
        if let render, state.stack.reserve(1) {
            render.push(to: state.stack)
            location = state.stack.definitionLocation(ofFunctionAt: -1)
            state.stack.pop()
        }
        let message = location.map { "\($0): \(problem)" } ?? problem
        renderFailed(LuaScriptError(kind: .runtime, message: message, location: location, traceback: nil, value: .string(message)),
                     on: screen)
    }
}
