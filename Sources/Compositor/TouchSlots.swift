/// A client view kept without keeping it alive (a window closed under a finger goes).
@MainActor struct WeakClientView {
    weak var view: ClientView?
}

/// The shell's touch ids as `wl_touch` ids. The shell's are large and never reused (10 000 and up
/// for a screen's fingers); programs expect small ones, reused once lifted — Slate's own client
/// shim keeps `maxSlots` of them, as a touchscreen reports its slots. Each compositor has its own,
/// shared by its windows.
@MainActor final class TouchSlots {
    /// How many fingers may be down at once on programs' windows (Slate's client shim keeps 16).
    static let maxSlots: Int32 = 16
    private var slots: [Int: Int32] = [:]

    /// The `wl_touch` id for a new finger `id`: the lowest free one, or nil when all are taken.
    func take(_ id: Int) -> Int32? {
        if let s = slots[id] { return s }
        let taken = Set(slots.values)
        guard let free = (0..<Self.maxSlots).first(where: { !taken.contains($0) }) else { return nil }
        slots[id] = free
        return free
    }

    /// The `wl_touch` id finger `id` has, if it is down.
    func slot(of id: Int) -> Int32? { slots[id] }

    /// Finger `id` lifted or was cancelled: its `wl_touch` id may be used again.
    func free(_ id: Int) { slots[id] = nil }
}
