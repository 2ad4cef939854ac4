import LunarBridge

/// What a reload cannot swap in the open screens, said in the reload line: a view-model's
/// `initialize()` or a screen's `load()` runs once, when the instance is made, so the
/// signals, commands and functions it built keep the old code after the file is saved.
extension ScreenHost {
    /// One note per changed module with open screens that run its old once-only code:
    /// `viewmodels/counter.lua: initialize() changed, but the open screen /counter keeps what
    /// the old code built (its signals, commands and functions); re-open it, or start the
    /// file with --@refresh reset`.
    func keptOldCodeNotes(_ changes: [ModuleReloader.OnceOnlyChange]) -> [String] {
        changes.compactMap { change in
            let module = LuaValue.table(LuaTable(array: [.string(change.module)]))
            let kept = screens.byID.values.sorted(by: { $0.id < $1.id }).filter { $0.loaded && usesAny(of: module, $0) }
            guard !kept.isEmpty else { return nil }
            let functions = change.functions.map { "\($0)()" }.joined(separator: " and ")
            let one = kept.count == 1
            return "\(change.file): \(functions) changed, but the open screen\(one ? "" : "s") "
                + kept.map(\.target).joined(separator: ", ")
                + " keep\(one ? "s" : "") what the old code built (its signals, commands and functions); "
                + "re-open \(one ? "it" : "them"), or start the file with --@refresh reset"
        }
    }

    /// Whether a reload remounts `screen`: its module, or its view-model's, starts with
    /// `--@refresh reset` (`resets`), so its instance and view-model are made again.
    func remountsOnReset(_ screen: ScreenInstance, _ resets: Set<String>) -> Bool {
        guard !resets.isEmpty else { return false }
        if resets.contains(screen.module) { return true }
        return usesAny(of: .table(LuaTable(array: resets.sorted().map(LuaValue.string))), screen)
    }
}
