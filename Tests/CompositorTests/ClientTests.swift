import Compositor
import Foundation
import Graphics
import Host
import Shell
import Testing
import UI

@MainActor @Suite(.serialized, .timeLimit(.minutes(1))) struct ClientTests {
    /// weston-simple-shm's window becomes a full-screen Slate window, and its pixels are on screen.
    @Test(.enabled(if: tool("weston-simple-shm"))) func simpleShmPixelsOnScreen() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch(["weston-simple-shm"])
        guard rig.wait(10, "a window of weston-simple-shm", { rig.shell.visibleWindows.count == 1 }) else { return }
        guard let top = rig.host.compositor.toplevels.first,
            rig.wait(10, "its first picture", { top.picture != nil })
        else { return }
        rig.settle()
        let id = rig.shell.visibleWindows[0]
        #expect(rig.shell.arrangement == .fullScreen(id))
        #expect(rig.shell.focusedWindow == id)
        // The picture drawn in the last frame is the toplevel's picture now: compare them.
        rig.host.compositor.dispatch()
        rig.host.host.frame()
        guard let picture = top.picture, let frame = rig.shell.windows[id] else {
            Issue.record("no picture or no window")
            return
        }
        let view = frame.scene.rootView as! ForeignSurfaceView
        let r = view.convert(view.surfaceRect, to: nil)
        var matches = 0
        let samples = [(0.25, 0.25), (0.5, 0.5), (0.75, 0.3), (0.3, 0.8)]
        for (fx, fy) in samples {
            let screen = rig.framebuffer.pixel(x: Int(r.minX + r.width * fx), y: Int(r.minY + r.height * fy))
            let client = picture.pixel(x: Int(Double(picture.width) * fx), y: Int(Double(picture.height) * fy))
            if abs(screen.red - client.red) < 0.1 && abs(screen.green - client.green) < 0.1
                && abs(screen.blue - client.blue) < 0.1
            {
                matches += 1
            }
        }
        rig.snapshot("simple-shm")
        #expect(matches >= 3, "the client's pixels are not on the screen (\(matches) of 4 samples match)")
    }
}
