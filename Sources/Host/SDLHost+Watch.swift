import CSDL2
import Foundation
import Graphics

/// File descriptors the real window's loop watches besides its own events (a D-Bus connection). A
/// thread waits on them in poll(2) and wakes the loop with an SDL event; the loop calls the handler,
/// which reads what arrived, and only then does the thread wait again. Idle, both sleep.
@MainActor enum DescriptorWatch {
    /// The SDL event type of a wake-up (0 until the first watch).
    static var eventType: UInt32 = 0
    static var watches: [Int32: (handler: () -> Void, done: DispatchSemaphore)] = [:]

    static func fire(_ code: Int32) {
        guard let w = watches[code] else { return }
        w.handler()
        w.done.signal()
    }
}

extension SDLHost {
    /// Calls `handler` on the main thread, from the loop, whenever one of `descriptors` has something
    /// to read (or was hung up). The handler must read what is there before it returns.
    public func watch(_ descriptors: [Int32], handler: @escaping @MainActor () -> Void) {
        guard !descriptors.isEmpty else { return }
        if DescriptorWatch.eventType == 0 {
            let t = SDL_RegisterEvents(1)
            guard t != UInt32.max else { return }
            DescriptorWatch.eventType = t
        }
        let code = Int32(DescriptorWatch.watches.count + 1)
        let done = DispatchSemaphore(value: 0)
        DescriptorWatch.watches[code] = (handler, done)
        let type = DescriptorWatch.eventType
        let thread = Thread {
            var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            while true {
                let n = poll(&fds, nfds_t(fds.count), -1)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                let hungUp = fds.contains { $0.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 }
                var e = SDL_Event()
                e.type = type
                e.user.code = code
                guard SDL_PushEvent(&e) == 1 else { return }
                done.wait()
                if hungUp { return }
            }
        }
        thread.name = "slate-watch"
        thread.start()
    }

    /// A rectangle of the screen (points) in the display's pixels (`onScreen`), or in the window's.
    public func displayRect(_ r: Rect, onScreen: Bool) -> Rect {
        var ww: Int32 = 0
        var wh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        let sx = Double(ww) / max(root.bounds.width, 1)
        let sy = Double(wh) / max(root.bounds.height, 1)
        var x: Int32 = 0
        var y: Int32 = 0
        if onScreen { SDL_GetWindowPosition(window, &x, &y) }
        return Rect(Double(x) + r.minX * sx, Double(y) + r.minY * sy, r.width * sx, r.height * sy)
    }
}
