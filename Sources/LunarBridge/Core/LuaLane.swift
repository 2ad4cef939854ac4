import CLunar

/// A lane: the C fast path by which a value a script sends into an object goes straight to a
/// list of Lua steps, without a call into Swift (clunar.h, "Subject lanes"). The object's class
/// puts the lane's `send` in front of its Swift `send` (``LuaClassBuilder/laneFront(_:upvalues:hiding:)``);
/// the owner keeps the step list and the flags in step with its subscribers.
///
/// Flags: `isEnabled`, the lane may be used; `busy`, deliveries under way (the lane's or
/// Swift's), during which a send takes the slow path; `pending`, Swift queued events while the
/// lane delivered, so the lane calls the owner's drain when it is done.
package struct LuaLane {
    /// The lane userdata, held so the flags stay valid.
    package let reference: LuaReference
    @usableFromInline let flags: UnsafeMutablePointer<lunar_Lane>

    /// Makes a lane and attaches it to `owner` (a userdata: the lane becomes its first user
    /// value), counting `busy` deliveries already under way.
    package init(attachingTo owner: some LuaPushable, busy: Int32, in state: LuaState) {
        let stack = state.stack
        let L = stack.L
        _ = stack.reserve(4)
        flags = lunar_newlane(L)!
        flags.pointee.busy = busy
        lua_pushvalue(L, -1)
        reference = state.popReference(on: L)
        owner.push(to: stack)
        lua_rotate(L, -2, 1)
        lua_setiuservalue(L, -2, 1)
        lunar_pop(L, 1)
    }

    /// Whether a send may take the lane.
    @inlinable package var isEnabled: Bool {
        get { flags.pointee.enabled != 0 }
        nonmutating set { flags.pointee.enabled = newValue ? 1 : 0 }
    }

    /// Deliveries under way.
    @inlinable package var busy: Int32 {
        get { flags.pointee.busy }
        nonmutating set { flags.pointee.busy = newValue }
    }

    /// Asks the lane to call the owner's drain when its delivery ends.
    @inlinable package func markPending() { flags.pointee.pending = 1 }

    /// Makes `entries` the lane's steps, in delivery order: each a table `{ step, id }` whose
    /// `step` is false once that subscription has ended.
    package func setSteps(_ entries: some Collection<LuaReference>, in state: LuaState) {
        let stack = state.stack
        _ = stack.reserve(3)
        LuaValue.reference(reference).push(to: stack)
        let list = stack.pushNewTable(arrayCapacity: entries.count)
        for (index, entry) in entries.enumerated() { list.set(index + 1, LuaValue.reference(entry)) }
        lua_setiuservalue(stack.L, -2, 1)
        lunar_pop(stack.L, 1)
    }
}

extension LuaClassBuilder {
    /// Puts the lane's `send(self, value)` in front of the method `name`. Upvalues, by method
    /// name: 1 the Swift `send` (the slow path), 2 `failed(self, id, status, err)` for a step's
    /// error, 3 `drain(self)` for what Swift queued meanwhile. The lane is found as the object's
    /// first user value (``LuaLane/init(attachingTo:busy:in:)``).
    package mutating func laneFront(_ name: String, upvalues: [String], hiding: Set<String> = []) {
        front(name, with: lunar_lane_send, upvalues: upvalues, hiding: hiding)
    }
}
