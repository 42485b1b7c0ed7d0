import CSDL2
import Foundation
import Graphics
import Rendering
import UI

/// Why a real window could not be had.
public enum HostError: Error, CustomStringConvertible {
    case noDisplay(String)
    case sdl(String)

    public var description: String {
        switch self {
        case .noDisplay(let why): "no display to open a window on (\(why))"
        case .sdl(let why): "SDL: \(why)"
        }
    }
}

/// Runs a root view in a real window with SDL2: the mouse and fingers become touches, the right
/// button a secondary click, the wheel scrolling, the keyboard keys and text. Frames are drawn only
/// when something changed (idle, the process sleeps in `SDL_WaitEventTimeout`), only the damaged
/// rectangles are drawn, and presentation is paced by the display.
@MainActor public final class SDLHost {
    public let root: RootView
    public let clock: MonotonicClock
    var window: OpaquePointer?
    private var renderer: OpaquePointer?
    private var texture: OpaquePointer?
    private var framebuffer: [UInt8] = []
    private var pixelWidth = 0
    private var pixelHeight = 0
    /// Pixels per point of the drawing (1× or 2×, or a fraction when the window is scaled to fit).
    public private(set) var scale: Double = 1
    private var running = true
    private var mouseTouchID: Int?
    private var nextTouchID = 1
    private var fingerIDs: [Int64: Int] = [:]
    /// Frames presented so far.
    public private(set) var framesPresented = 0
    /// Called after every frame is presented (the accessibility bridge compares its tree then).
    public var onFrame: (() -> Void)?
    /// `slate run --frame-times`: a live graph of the frames' times over the screen's corner. Set
    /// before the host is made (the command line sets it).
    nonisolated(unsafe) public static var showsFrameTimes = false
    private var frameTimes = FrameTimesGraph()

    public init(root: RootView, clock: MonotonicClock, title: String) throws {
        self.root = root
        self.clock = clock
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            throw HostError.noDisplay(String(cString: SDL_GetError()))
        }
        // Fit the screen's points into the display, keeping its aspect ratio.
        var usable = SDL_Rect()
        var fit = 1.0
        if SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            fit = min(1, Double(usable.w) / root.bounds.width, Double(usable.h - 40) / root.bounds.height)
        }
        let w = Int32((root.bounds.width * fit).rounded())
        let h = Int32((root.bounds.height * fit).rounded())
        let flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        let pos = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED
        guard let win = SDL_CreateWindow(title, pos, pos, w, h, flags) else {
            let e = String(cString: SDL_GetError())
            SDL_Quit()
            throw HostError.sdl("cannot create a window: \(e)")
        }
        window = win
        renderer =
            SDL_CreateRenderer(win, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE.rawValue)
        guard renderer != nil else {
            throw HostError.sdl("cannot create a renderer: \(String(cString: SDL_GetError()))")
        }
        root.environment.textMeasurer = TextEngine.shared
        root.environment.renderer = CairoRenderer()
        SDL_StartTextInput()
        resizeBuffers()
    }

    private func resizeBuffers() {
        var pw: Int32 = 0
        var ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        pixelWidth = Int(pw)
        pixelHeight = Int(ph)
        // 2× on a HiDPI display; whatever fits otherwise.
        scale = Double(pw) / root.bounds.width
        root.environment.displayScale = scale
        if let t = texture { SDL_DestroyTexture(t) }
        texture = SDL_CreateTexture(
            renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue), pw, ph)
        framebuffer = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
        root.damageAll()
    }

    /// The point of the screen under a window position (in SDL window coordinates).
    private func point(_ x: Int32, _ y: Int32) -> Point {
        var ww: Int32 = 0
        var wh: Int32 = 0
        SDL_GetWindowSize(window, &ww, &wh)
        return Point(
            Double(x) * root.bounds.width / Double(max(ww, 1)), Double(y) * root.bounds.height / Double(max(wh, 1)))
    }

    /// Runs until the window is closed.
    public func run() {
        var event = SDL_Event()
        while running {
            let timeout: Int32
            if root.needsFrame
                && (root.animator.isRunning || !root.pendingDamage.isEmpty
                    || root.dispatcher.nextTimerTime.map({ $0 <= clock.now }) ?? false)
            {
                timeout = 0
            } else if let t = root.dispatcher.nextTimerTime {
                timeout = Int32(max(0, min(1000, (t - clock.now) * 1000)).rounded(.up))
            } else {
                timeout = 1000
            }
            if SDL_WaitEventTimeout(&event, timeout) != 0 {
                handle(&event)
                while SDL_PollEvent(&event) != 0 { handle(&event) }
            }
            drawFrame()
        }
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    private func drawFrame() {
        let start = MonotonicClock.read()
        root.prepareFrame()
        var rects = root.takeDamage(scale: scale)
        guard !rects.isEmpty else {
            if root.animator.isRunning { SDL_Delay(1) } else { root.screenIsAtRest() }
            return
        }
        let (w, h, s) = (pixelWidth, pixelHeight, scale)
        let appearance = root.appearance
        let root = self.root
        let cairo = CairoRenderer()
        let graph = Self.showsFrameTimes ? FrameTimesGraph.rect(screenWidth: root.bounds.width) : nil
        framebuffer.withUnsafeMutableBufferPointer { buf in
            CairoRenderer.draw(
                into: buf.baseAddress!, width: w, height: h, scale: s, appearance: appearance, clip: rects
            ) {
                root.renderFrame(in: $0, renderer: cairo)
            }
            if let graph {
                // This frame's time, then the graph over the screen (it covers its own last drawing).
                frameTimes.record((MonotonicClock.read() - start) * 1000)
                let times = frameTimes
                CairoRenderer.draw(
                    into: buf.baseAddress!, width: w, height: h, scale: s, appearance: appearance, clip: [graph]
                ) {
                    times.draw(in: $0, at: graph)
                }
                rects.append(graph)
            }
            // Upload only the damaged rows' band.
            let y0 = max(0, Int((rects.map(\.minY).min()! * s).rounded(.down)))
            let y1 = min(h, Int((rects.map(\.maxY).max()! * s).rounded(.up)))
            if y1 > y0 {
                var r = SDL_Rect(x: 0, y: Int32(y0), w: Int32(w), h: Int32(y1 - y0))
                SDL_UpdateTexture(texture, &r, buf.baseAddress! + y0 * w * 4, Int32(w * 4))
            }
        }
        SDL_RenderCopy(renderer, texture, nil, nil)
        SDL_RenderPresent(renderer)
        framesPresented += 1
        onFrame?()
    }

    private func modifiers(_ m: UInt16) -> KeyModifiers {
        var out: KeyModifiers = []
        if m & UInt16(KMOD_SHIFT.rawValue) != 0 { out.insert(.shift) }
        if m & UInt16(KMOD_CTRL.rawValue) != 0 { out.insert(.control) }
        if m & UInt16(KMOD_ALT.rawValue) != 0 { out.insert(.alternate) }
        if m & UInt16(KMOD_GUI.rawValue) != 0 { out.insert(.command) }
        return out
    }

    private func key(_ sym: SDL_Keycode) -> Key? {
        switch Int(sym) {
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): .return
        case Int(SDLK_ESCAPE.rawValue): .escape
        case Int(SDLK_TAB.rawValue): .tab
        case Int(SDLK_BACKSPACE.rawValue): .backspace
        case Int(SDLK_DELETE.rawValue): .delete
        case Int(SDLK_SPACE.rawValue): .space
        case Int(SDLK_UP.rawValue): .up
        case Int(SDLK_DOWN.rawValue): .down
        case Int(SDLK_LEFT.rawValue): .left
        case Int(SDLK_RIGHT.rawValue): .right
        case Int(SDLK_HOME.rawValue): .home
        case Int(SDLK_END.rawValue): .end
        case Int(SDLK_PAGEUP.rawValue): .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): .pageDown
        case Int(SDLK_APPLICATION.rawValue), Int(SDLK_MENU.rawValue): .menu
        case Int(SDLK_F1.rawValue)...Int(SDLK_F12.rawValue): .function(Int(sym) - Int(SDLK_F1.rawValue) + 1)
        case 0x21...0x7E: .character(Character(UnicodeScalar(UInt8(sym))))
        default: nil
        }
    }

    private func handle(_ e: inout SDL_Event) {
        let now = clock.now
        switch SDL_EventType(e.type) {
        case SDL_QUIT:
            running = false
        case SDL_WINDOWEVENT:
            let ev = SDL_WindowEventID(UInt32(e.window.event))
            if ev == SDL_WINDOWEVENT_SIZE_CHANGED { resizeBuffers() }
            if ev == SDL_WINDOWEVENT_EXPOSED { root.damageAll() }
            if ev == SDL_WINDOWEVENT_LEAVE { root.dispatcher.handle(PointerEvent.exit) }
        case SDL_MOUSEBUTTONDOWN:
            let p = point(e.button.x, e.button.y)
            if e.button.button == UInt8(SDL_BUTTON_LEFT) {
                let id = nextTouchID
                nextTouchID += 1
                mouseTouchID = id
                root.dispatcher.handle(Touch(id: id, phase: .began, location: p, timestamp: now))
            } else if e.button.button == UInt8(SDL_BUTTON_RIGHT) {
                root.dispatcher.handle(PointerEvent.secondaryClick(p))
            }
        case SDL_MOUSEMOTION:
            let p = point(e.motion.x, e.motion.y)
            if let id = mouseTouchID {
                root.dispatcher.handle(Touch(id: id, phase: .moved, location: p, timestamp: now))
            } else {
                root.dispatcher.handle(PointerEvent.hover(p))
            }
        case SDL_MOUSEBUTTONUP:
            if e.button.button == UInt8(SDL_BUTTON_LEFT), let id = mouseTouchID {
                mouseTouchID = nil
                root.dispatcher.handle(
                    Touch(id: id, phase: .ended, location: point(e.button.x, e.button.y), timestamp: now))
            }
        case SDL_MOUSEWHEEL:
            var x: Int32 = 0
            var y: Int32 = 0
            SDL_GetMouseState(&x, &y)
            root.dispatcher.handle(
                PointerEvent.scroll(point(x, y), dx: Double(e.wheel.x) * 40, dy: Double(-e.wheel.y) * 40))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let p = Point(Double(e.tfinger.x) * root.bounds.width, Double(e.tfinger.y) * root.bounds.height)
            let phase: Touch.Phase
            let id: Int
            if e.type == SDL_FINGERDOWN.rawValue {
                id = nextTouchID
                nextTouchID += 1
                fingerIDs[e.tfinger.fingerId] = id
                phase = .began
            } else {
                guard let known = fingerIDs[e.tfinger.fingerId] else { return }
                id = known
                phase = e.type == SDL_FINGERUP.rawValue ? .ended : .moved
                if phase == .ended { fingerIDs[e.tfinger.fingerId] = nil }
            }
            root.dispatcher.handle(Touch(id: id, phase: phase, location: p, timestamp: now))
        case SDL_KEYDOWN:
            if let k = key(e.key.keysym.sym) {
                let mods = modifiers(e.key.keysym.mod)
                // Plain characters arrive as text input; only shortcuts go as keys.
                if case .character = k, mods.subtracting(.shift).isEmpty { return }
                root.dispatcher.handle(KeyPress(k, modifiers: mods))
            }
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: e.text.text) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !root.dispatcher.handleText(text), text.count == 1, let c = text.first {
                root.dispatcher.handle(KeyPress(.character(c)))
            }
        case SDL_EventType(DescriptorWatch.eventType) where DescriptorWatch.eventType != 0:
            DescriptorWatch.fire(e.user.code)
        default: break
        }
    }

    /// Stops the loop after the current frame.
    public func stop() { running = false }
}
