import Foundation
import SlateClientShim
import UI

/// The pasteboard of an app process: the system's clipboard (the Wayland selection), so text copied
/// in a Slate app pastes into any program and back.
@MainActor final class WaylandPasteboard: PasteboardStore {
    private let client: OpaquePointer
    /// What was copied when the clipboard could not take it (before any input to copy with): kept in
    /// the process until the next copy.
    private var local: String?
    /// How long a paste waits for the program that holds the clipboard to send it, in milliseconds.
    static let readTimeout: Int32 = 1000

    init(client: OpaquePointer) { self.client = client }

    /// Reading would ask the program that holds the clipboard (up to a second): Paste stays enabled,
    /// and pastes nothing when the clipboard is empty.
    var hasString: Bool { true }

    var string: String? {
        get {
            guard let p = slate_client_get_selection(client, Self.readTimeout) else { return local }
            defer { free(p) }
            return String(decoding: UnsafeRawBufferPointer(start: p, count: strlen(p)), as: UTF8.self)
        }
        set {
            local = slate_client_set_selection(client, newValue ?? "") == 0 ? nil : newValue
        }
    }
}
