import Foundation
import Graphics
import Host
import Scenes
import SlateClientShim
import UI

// What the shell says to an app process, as the client shim's callbacks: sessions to connect, sizes,
// states, input, drags and drops, menu commands and the keyboard on the glass, each handed to the
// process on the main actor.
extension AppProcess {
    func installCallbacks() {
        callbacks.connect = { user, session, role, payload in
            guard let user, let session else { return }
            let s = String(cString: session)
            let p = payload.map { String(cString: $0) } ?? ""
            AppProcess.with(user) {
                $0.connect(session: s, role: role == .auxiliary ? .auxiliary : .primary, payload: p)
            }
        }
        callbacks.configure = { user, handle, width, height, _ in
            guard let user else { return }
            AppProcess.with(user) { $0.window(handle)?.resize(to: Size(Double(width), Double(height))) }
        }
        callbacks.close = { user, handle in
            guard let user else { return }
            AppProcess.with(user) { me in me.window(handle).map { me.discard($0) } }
        }
        callbacks.scene_discard = { user, handle in
            guard let user else { return }
            AppProcess.with(user) { me in me.window(handle).map { me.discard($0) } }
        }
        callbacks.scene_state = { user, handle, state in
            guard let user else { return }
            AppProcess.with(user) { me in
                me.window(handle).map { me.sceneState($0, state) }
                me.menuBarsStale = true
            }
        }
        callbacks.frame = { user, handle in
            guard let user else { return }
            AppProcess.with(user) { $0.window(handle)?.framePending = false }
        }
        callbacks.pointer = { user, handle, kind, id, x, y in
            guard let user else { return }
            AppProcess.with(user) {
                $0.catchUpClock()
                $0.window(handle)?.pointerEvent(kind: kind, id: id, x: x, y: y)
                // A press or a lift may select something; moving does not (and comes often).
                let moving: [slate_pointer_kind] = [.pointerMotion, .touchMotion, .axis]
                if !moving.contains(kind) { $0.menuBarsStale = true }
            }
        }
        callbacks.drag_send = { user, mime, fd in
            guard let user, let mime else {
                close(fd)
                return
            }
            let m = String(cString: mime)
            AppProcess.with(user) { me in
                guard let session = me.drag?.session else {
                    close(fd)
                    return
                }
                WaylandDrag.send(session, mime: m, to: fd)
            }
        }
        callbacks.drag_ended = { user, dropped in
            guard let user else { return }
            AppProcess.with(user) { me in
                let finish = me.drag?.finish
                me.drag = nil
                finish?(dropped != 0 ? .copy : .cancel)
            }
        }
        callbacks.drop = { user, handle, kind, x, y, mimes, count, own in
            guard let user else { return }
            let offered = (0..<Int(max(0, count))).compactMap { i in mimes?[i].map { String(cString: $0) } }
            AppProcess.with(user) { me in
                guard let w = me.window(handle) else { return }
                me.dropEvent(w, kind: kind, at: Point(x, y), offered: offered, own: own != 0)
            }
        }
        callbacks.menu_command = { user, handle, path in
            guard let user, let path else { return }
            let p = String(cString: path)
            AppProcess.with(user) { me in
                me.window(handle)?.performMenuCommand(p)
                me.menuBarsStale = true
            }
        }
        callbacks.text_input = { user, handle, deleteBefore, commit, preedit in
            guard let user else { return }
            let c = commit.map { String(cString: $0) } ?? ""
            let p = preedit.map { String(cString: $0) } ?? ""
            AppProcess.with(user) { me in
                me.window(handle)?.textInput(deleteBefore: Int(deleteBefore), commit: c, preedit: p)
                me.menuBarsStale = true
            }
        }
        callbacks.text_action = { user, handle, action in
            guard let user else { return }
            AppProcess.with(user) { me in
                me.window(handle)?.textAction(action)
                me.menuBarsStale = true
            }
        }
        callbacks.key = { user, handle, sym, text, pressed, mods in
            guard let user, pressed != 0 else { return }
            let t = text.map { String(cString: $0) } ?? ""
            AppProcess.with(user) { me in
                me.catchUpClock()
                me.menuBarsStale = true
                // While one of the app's windows shows a context menu, the keys are the menu's (it is
                // modal), whichever of its windows the shell gave them to.
                let menu = me.windows.values.first { w in
                    w.root.accessibilitySubviews.contains {
                        ($0 as? any AccessibilityDescribing)?.accessibilityIsModal ?? false
                    }
                }
                (menu ?? me.window(handle))?.keyEvent(sym: sym, text: t, modifiers: mods)
            }
        }
    }

    /// Runs `body` with the app process the C side's `user` pointer names (callbacks come on the
    /// main thread, from inside `slate_client_dispatch`).
    private nonisolated static func with(_ user: UnsafeMutableRawPointer, _ body: @MainActor (AppProcess) -> Void) {
        let address = UInt(bitPattern: user)
        MainActor.assumeIsolated {
            guard let user = UnsafeMutableRawPointer(bitPattern: address) else { return }
            let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
            if let me = box.current { body(me) }
        }
    }

    /// What the C callbacks reach: this app process (kept weakly, so the C side never holds it).
    final class Box {
        weak var current: AppProcess?
    }
}
