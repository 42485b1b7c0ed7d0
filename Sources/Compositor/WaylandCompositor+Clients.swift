import SlateCompositorShim

// Clients handed over on a descriptor rather than connecting to the socket, and their windows found
// by what the clients call them (the conformance suite's clients come so: `ConformanceControl`).
extension WaylandCompositor {
    /// Serves a client on `descriptor` (a connected socket, which the compositor owns from now),
    /// known as `number`. False when it cannot (the descriptor is closed then).
    public func addClient(descriptor: Int32, number: UInt32) -> Bool {
        guard let comp, slate_comp_add_client(comp, descriptor, number) == 0 else { return false }
        return true
    }

    /// The Wayland conformance suite's test mode: a toplevel's initial configure is taken as
    /// acknowledged once sent, as the suite's fixed harness would acknowledge it (Debian's wlcs 1.5
    /// attaches its windows' first buffers without; `conformance.c` says more).
    public func enterConformanceMode() {
        if let comp { _ = slate_comp_conformance_mode(comp) }
    }

    /// The toplevel whose surface the client handed over as `number` calls `surfaceID` (its
    /// `wl_surface` object id); nil when there is none.
    public func toplevel(client number: UInt32, surface surfaceID: UInt32) -> ClientToplevel? {
        guard let comp, let handle = slate_comp_client_view(comp, number, surfaceID) else { return nil }
        return views[handle] as? ClientToplevel
    }

    /// The layer surface whose `wl_surface` has object id `surfaceID` in handed client `number`.
    public func layer(client number: UInt32, surface surfaceID: UInt32) -> ClientLayer? {
        guard let comp, let handle = slate_comp_client_layer(comp, number, surfaceID) else { return nil }
        return layers[handle]
    }
}
