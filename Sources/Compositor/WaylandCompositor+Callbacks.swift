import Foundation
import Graphics
import Host
import Scenes
import ShellPorts
import SlateCompositorShim
import SlateLog
import UI

/// This file's lines on the log.
private let log = Logger("compositor")

// What the C side calls back with: views made, mapped, committed and gone; layer surfaces; Slate's
// app processes' scene-protocol events; the nested backend's input.
extension WaylandCompositor {
    func viewNew(_ handle: OpaquePointer, kind: slate_view_kind, parent: OpaquePointer?) {
        guard let comp else { return }
        viewsChanged &+= 1
        if kind == .popup {
            let parentView = parent.flatMap { views[$0] }
            let p = ClientPopup(handle: handle, comp: comp, touchSlots: touchSlots, parent: parentView)
            views[handle] = p
            p.owner?.attach(p)
        } else if slate_view_scene_session(handle) != nil {
            views[handle] = ClientSceneToplevel(handle: handle, comp: comp, touchSlots: touchSlots)
        } else {
            let t = ClientToplevel(handle: handle, comp: comp, touchSlots: touchSlots)
            views[handle] = t
            // (wlroots 0.15 makes the view at the first commit: what was asked before it, the suite's
            // test mode answers now.)
            for request in t.requestsBeforeMap() {
                (shell as? any ConformanceShell)?.toplevel(t, askedBeforeShown: request)
            }
        }
    }

    func viewEvent(_ handle: OpaquePointer, _ event: slate_view_event) {
        guard let v = views[handle] else { return }
        defer { onViewChanged?() }
        switch event {
        case .map:
            v.isMapped = true
            viewsChanged &+= 1
            v.refreshPicture()
            if let t = v as? ClientToplevel {
                toplevels.append(t)
                shell?.adopt(t)
                for request in t.requestsBeforeMap() { shell?.toplevel(t, requested: request) }
            } else if let p = v as? ClientPopup {
                p.owner?.popupsChanged()
            }
        case .commit:
            clientsCommitted = true
            v.refreshPicture()
        case .notResponding:
            (v as? ClientToplevel)?.pingTimedOut()
        case .requestMaximize where !v.isMapped, .requestFullscreen where !v.isMapped:
            // (Acted on once the window is shown; the suite's test mode sizes it at once.)
            if let t = v as? ClientToplevel, let request = t.request(event) {
                (shell as? any ConformanceShell)?.toplevel(t, askedBeforeShown: request)
            }
        case .requestMove, .requestResize, .requestMaximize, .requestFullscreen:
            if let t = v as? ClientToplevel, t.isMapped, let request = t.request(event) {
                shell?.toplevel(t, requested: request)
                // Task switchers learn the outcome before the program's next request is answered.
                updateTaskSwitcherStates()
            }
        case .bringForward:
            if let t = v as? ClientSceneToplevel, t.isMapped { shell?.sceneWantsForward(t) }
        case .remove:
            if let t = v as? ClientSceneToplevel {
                shell?.sceneWasRemoved(t, animation: t.removeAnimation)
                toplevels.removeAll { $0 === t }
            }
        case .title:
            v.damage = nil
            (v as? ClientToplevel)?.onChange?()
        case .unmap:
            v.isMapped = false
            gone(v)
        case .destroy:
            v.isAlive = false
            v.isMapped = false
            gone(v)
            views[handle] = nil
        case .requestActivate:
            if let t = v as? ClientToplevel, t.isMapped {
                shell?.programAskedToComeForward(t, trusted: slate_view_activation_trusted(handle) != 0)
                updateTaskSwitcherStates()
            }
        case .requestMinimize:
            // The program's own set_minimized, or a task switcher's.
            if let t = v as? ClientToplevel, t.isMapped, let request = t.request(event) {
                shell?.toplevel(t, requested: request)
                updateTaskSwitcherStates()
            }
        }
    }

    /// A popup of a layer surface (a panel's menu): its view, made already, is the layer's.
    func layerPopup(_ layerHandle: OpaquePointer, _ popupHandle: OpaquePointer) {
        guard let layer = layers[layerHandle], let popup = views[popupHandle] as? ClientPopup, popup.layer == nil
        else { return }
        popup.layer = layer
        layer.attach(popup)
        popup.constrain()
    }

    func layerEvent(_ handle: OpaquePointer, _ event: slate_layer_event) {
        switch event {
        case .new:
            guard let comp else { return }
            layers[handle] = ClientLayer(handle: handle, comp: comp, touchSlots: touchSlots)
        case .changed:
            guard let layer = layers[handle] else { return }
            layer.placementChanged()
            if layer.isMapped {
                layer.onChange?()
            } else {
                // Not shown yet: told a size now (it maps only once configured).
                shell?.arrangeLayers(placing: layer)
            }
        case .map:
            guard let layer = layers[handle] else { return }
            layer.isMapped = true
            shell?.adopt(layer: layer)
        case .commit:
            clientsCommitted = true
            layers[handle]?.onChange?()
        case .unmap:
            guard let layer = layers[handle] else { return }
            layer.isMapped = false
            shell?.remove(layer: layer)
        case .destroy:
            guard let layer = layers.removeValue(forKey: handle) else { return }
            layer.isAlive = false
            if layer.isMapped { shell?.remove(layer: layer) }
        }
    }

    func gone(_ v: ClientView) {
        viewsChanged &+= 1
        if let t = v as? ClientToplevel {
            if let i = toplevels.firstIndex(where: { $0 === t }) {
                noteIfLostWithServer(t)
                toplevels.remove(at: i)
                shell?.toplevelDidClose(t)
            }
        } else if let p = v as? ClientPopup {
            p.owner?.detach(p)
        }
    }

    func appEvent(
        _ handle: OpaquePointer, _ event: slate_app_event, _ text: String, _ payload: String,
        _ placement: slate_scene_placement
    )
        -> Int32
    {
        switch event {
        case .announce:
            let app = ClientApp(handle: handle)
            if let may = mayAnnounce, !may(text, app.processID) {
                // Another program claiming an app's identity (its sessions, its windows): refused.
                log.warning(
                    "process \(app.processID) announced itself as '\(text)', which Slate did not start as it; disconnected"
                )
                return 0
            }
            guard let shell, shell.processDidAnnounce(text, channel: app) else {
                log.warning("a client (process \(app.processID)) announced an unknown app '\(text)'; disconnected")
                return 0
            }
            apps[handle] = app
            return 1
        case .openActivity:
            guard let app = apps[handle] else { return 0 }
            guard let activity = try? JSONDecoder().decode(UserActivity.self, from: Data(payload.utf8)),
                activity.activityType == text
            else {
                log.warning("process \(app.processID) asked to open an activity that does not decode; ignored")
                return 0
            }
            shell?.openActivity(from: app, activity: activity, placement: Placement(placement))
            return 1
        case .gone:
            guard let app = apps.removeValue(forKey: handle) else { return 0 }
            app.isAlive = false
            shell?.processDidEnd(app)
            return 1
        }
    }

    /// An app process changed its Spotlight items: the file's bytes (a regular file, as the shim
    /// checked; a memfd in memory, so reading it is a copy) go to the shell, which decodes them away
    /// from the loop. The descriptor is closed here.
    func appSearch(_ handle: OpaquePointer, fd: Int32, size: Int) {
        defer { close(fd) }
        guard let app = apps[handle] else { return }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, size - done, off_t(done)) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                log.warning("process \(app.processID) sent a Spotlight change that cannot be read; dropped")
                return
            }
            done += n
        }
        shell?.processChangedSearch(app, change: Data(bytes))
    }

    /// The oldest an event may be, in milliseconds, and still be timed by its device's clock. Ages
    /// come only from the session's libinput, whose clock is this machine's (a nested window's events
    /// have none), so a lift read late after a long turn of the loop is still timed when it happened:
    /// up to 10 s. Past that the age is taken for a broken time (a clock set back wraps to a huge
    /// one), and the event for now. (It was 1 s: a tap whose lift the loop read 1.2 s late on the
    /// virtual machine's slow CPU became a hold, and opened the icon's menu.)
    static let longestEventAge: UInt32 = 10_000

    /// How long ago, in seconds, an event `milliseconds` old by its device's clock happened: 0 past
    /// `longestEventAge`.
    @_spi(Testing) public static func eventAge(milliseconds: UInt32) -> Double {
        milliseconds <= longestEventAge ? Double(milliseconds) / 1000 : 0
    }

    func nestedInput(_ kind: slate_input_kind, _ id: Int, _ x: Double, _ y: Double, _ code: UInt32, ageMsec: UInt32) {
        let p = Point(x / scale, y / scale)
        let age = Self.eventAge(milliseconds: ageMsec)
        let event: NestedInput
        switch kind {
        case .pointerMotion: event = .pointerMoved(p)
        case .buttonDown: event = .button(code, down: true)
        case .buttonUp: event = .button(code, down: false)
        case .touchDown: event = .touch(id, .began, p, age: age)
        case .touchMotion: event = .touch(id, .moved, p, age: age)
        case .touchUp: event = .touch(id, .ended, p, age: age)
        case .keyDown: event = .key(code, down: true)
        case .keyUp: event = .key(code, down: false)
        case .axis: event = .scroll(dx: x, dy: y)
        case .closeRequested: event = .closed
        case .screenGone: event = .screenGone
        case .screenRestored: event = .screenRestored(resized: panelCame(pixels: Size(x, y)))
        case .keyboardsChanged: event = .keyboards(Int(code))
        case .touchCancel: event = .touch(id, .cancelled, p)
        case .deviceGone:
            guard let kind = slate_device_kind(rawValue: code) else { return }
            event = .deviceGone(
                InputDeviceKind(kind), name: comp.map { String(cString: slate_comp_gone_device_name($0)) } ?? "")
        }
        switch event {
        case .closed, .screenGone, .screenRestored, .keyboards, .deviceGone: break
        default: noteActivity()
        }
        onNestedInput?(event)
    }
}
