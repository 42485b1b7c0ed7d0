import Foundation
import Graphics
import Host
import SlateClientShim
@_spi(Hosting) import UI

// Drags over an app process's windows: the app's own (handed to the system when it began) come back
// as the same session, with its local objects; other programs' come as items read only on drop.
extension AppProcess {
    /// How long a drop waits for the dragging program to send its data, in seconds.
    static let dropReadTimeout = 1.0

    func dropEvent(_ w: AppWindow, kind: slate_drop_kind, at p: Point, offered: [String], own: Bool) {
        let coordinator: DragCoordinator = w.root.dragCoordinator
        switch kind {
        case .enter:
            let session = own ? drag?.session : incomingSession(offering: offered, at: p)
            incomingTypes = own ? WaylandDrag.offeredTypes(drag?.session) : offered
            guard let session else {
                accept(.cancel)
                return
            }
            accept(coordinator.enter(session, at: p))
        case .motion:
            accept(coordinator.move(to: p))
        case .leave:
            coordinator.exit()
        case .drop:
            guard let session = coordinator.incoming, coordinator.incomingOperation != .cancel,
                coordinator.incomingOperation != .forbidden
            else {
                coordinator.exit()
                return
            }
            if !own { readDropped(session) }
            if coordinator.dropIncoming() != .cancel, let c = client { slate_client_drop_finish(c) }
        }
    }

    /// Tells the dragging program whether a drop here would be taken (and as what).
    private func accept(_ op: DropOperation) {
        guard let c = client else { return }
        let takes = op == .copy || op == .move
        let mime = takes ? incomingTypes.first : nil
        slate_client_drop_accept(c, mime, takes ? (op == .move ? .move : .copy) : .none)
    }

    /// Another program's drag as Slate's views see it: an item with a representation for each kind
    /// of data it offers (text, files, a Slate activity), readable once dropped.
    private func incomingSession(offering offered: [String], at p: Point) -> DragSession? {
        let provider = ItemProvider()
        var any = false
        for type in [ItemType.userActivity, ItemType.plainText, ItemType.fileURL] {
            guard let mime = WaylandDrag.mimeTypes(for: type).first(where: offered.contains) else { continue }
            let box = DroppedData()
            provider.register(type: type) { box.bytes(for: mime, as: type) }
            incomingData[mime] = box
            any = true
        }
        guard any else { return nil }
        incomingData = incomingData.filter { offered.contains($0.key) }
        return DragSession(items: [DragItem(provider: provider)], location: p)
    }

    /// Reads every offered representation from the dragging program now (the drop is the moment it
    /// may be read), waiting at most `dropReadTimeout` in all.
    private func readDropped(_ session: DragSession) {
        guard let c = client else { return }
        let end = MonotonicClock.read() + Self.dropReadTimeout
        for (mime, box) in incomingData {
            let fd = slate_client_drop_receive(c, mime)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var out: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while MonotonicClock.read() < end {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let left = Int32(max(1, (end - MonotonicClock.read()) * 1000))
                guard poll(&pfd, 1, left) > 0 else { break }
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR || errno == EAGAIN { continue }
                if n <= 0 { break }
                out += chunk[0..<n]
                if out.count > WaylandDrag.dropLimit { break }
            }
            box.data = out
        }
        incomingData = [:]
    }
}

/// One representation of another program's drag, filled when it is dropped.
@MainActor final class DroppedData {
    var data: [UInt8]?

    /// The bytes as Slate's representation `type` (a URI list becomes the first file's path).
    func bytes(for mime: String, as type: String) -> [UInt8]? {
        guard let data else { return nil }
        guard type == ItemType.fileURL else { return data }
        let text = String(decoding: data, as: UTF8.self)
        let first = text.split(whereSeparator: \.isNewline).first { !$0.hasPrefix("#") }
        guard let uri = first.map(String.init), let url = URL(string: uri), url.isFileURL else { return nil }
        return Array(url.path.utf8)
    }
}
