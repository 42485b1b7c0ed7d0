import Graphics
import SlateCompositorShim
import UI

// `slate session`: the compositor on the machine's own screen (DRM/KMS and libinput through a seat).
extension WaylandCompositor {
    /// The shorter side of the smallest iPad screen, in points (iPad mini: 744 × 1133 pt). A panel
    /// that keeps at least this much at 2× is shown at 2×, as an iPad is; a smaller one at 1×.
    public static let sessionMinimumShorterSide = 744.0

    /// The scale for a panel of `pixels`: 2 when it keeps an iPad's points at 2×, else 1.
    public static func sessionScale(pixels: Size) -> Double {
        min(pixels.width, pixels.height) / 2 >= sessionMinimumShorterSide ? 2 : 1
    }

    /// Takes the panel's size (its preferred mode), and `scale` or the one its size calls for.
    func takePanel(_ c: OpaquePointer, scale wanted: Double) {
        var w: Int32 = 0
        var h: Int32 = 0
        slate_comp_output_size(c, &w, &h)
        let pixels = Size(Double(w), Double(h))
        let s = wanted > 0 ? wanted : Self.sessionScale(pixels: pixels)
        slate_comp_set_scale(c, s)
        setScreen(Size((pixels.width / s).rounded(.down), (pixels.height / s).rounded(.down)), scale: s)
    }
}

// The screen off and on, gone and back.
extension WaylandCompositor {
    /// Whether there is a screen and it is on.
    public var screenIsOn: Bool { comp.map { slate_comp_screen_is_on($0) != 0 } ?? false }

    /// Turns the screen off or on through the output's power (the power key's sleep and wake);
    /// false when there is no screen or it refused. On again, the next frame is drawn whole.
    @discardableResult
    public func setScreenPower(_ on: Bool) -> Bool {
        guard let c = comp else { return false }
        return slate_comp_set_screen_power(c, on ? 1 : 0) == 0
    }

    /// A screen of `pixels` came (zero: the one there is, back on): its size in points when it is
    /// not the size the screen had, which is then the compositor's.
    func panelCame(pixels: Size) -> Size? {
        guard pixels.width > 0, pixels.height > 0 else { return nil }
        let points = Size((pixels.width / scale).rounded(.down), (pixels.height / scale).rounded(.down))
        guard points != size else { return nil }
        setScreen(points, scale: scale)
        return points
    }

    /// Destroys the screen as a panel unplugged would (tests, on the headless backend).
    @_spi(Testing) public func removeScreen() {
        if let c = comp { slate_comp_remove_output(c) }
    }

    /// A headless screen of `pixels` where none is, as a panel plugged in (tests). False on another
    /// backend, or with a screen there.
    @_spi(Testing) @discardableResult public func addHeadlessScreen(pixels: Size) -> Bool {
        guard let c = comp else { return false }
        return slate_comp_headless_add_output(c, Int32(pixels.width), Int32(pixels.height)) == 0
    }

    /// A headless touchscreen plugged in (tests); nil on another backend.
    @_spi(Testing) public func addHeadlessTouchscreen() -> UnsafeMutableRawPointer? {
        comp.flatMap { slate_comp_headless_add_touchscreen($0) }
    }

    /// Finger `id` of a headless touchscreen down at, or lifted from, `pixel` (tests).
    @_spi(Testing) public func headlessTouch(
        _ touchscreen: UnsafeMutableRawPointer, down: Bool, id: Int, at pixel: Point
    ) {
        guard let c = comp else { return }
        slate_comp_headless_touch(c, touchscreen, down ? 1 : 0, Int32(id), pixel.x, pixel.y)
    }

    /// A headless input device unplugged (tests).
    @_spi(Testing) public func removeHeadlessInput(_ device: UnsafeMutableRawPointer) {
        slate_comp_headless_remove_input(device)
    }

    /// The line said when the panel goes, in `language`.
    public static func screenGoneLine(language: Language) -> String {
        SessionStrings.screenGone.resolved(language)
    }

    /// The line said when an input device goes, in `language`.
    public static func deviceGoneLine(_ kind: InputDeviceKind, name: String, language: Language) -> String {
        SessionStrings.deviceGone(kind, name: name).resolved(language)
    }
}

/// What `slate session` says when it cannot take the screen, in the user's language.
enum SessionStrings {
    static let noDRM = LocalizedString(
        en: "no screen to take: this machine has no DRM device (/dev/dri/card*); slate session runs Slate "
            + "full screen on a tablet's or computer's own screen from a text console — on a desktop, use slate run",
        ru: "нет экрана: на этой машине нет устройства DRM (/dev/dri/card*); slate session показывает Slate "
            + "на весь экран самого планшета или компьютера из текстовой консоли — на рабочем столе запустите slate run"
    )
    static let noSeat = LocalizedString(
        en: "cannot take the screen and input: no seat gave them (libseat found neither seatd nor logind for "
            + "this user); run slate session from a text console (Ctrl+Alt+F2) as a user in the seat — under "
            + "logind, or with seatd running and the user in its group (and in video and input)",
        ru: "не удалось получить экран и ввод: их не дало ни одно рабочее место (libseat не нашёл ни seatd, ни "
            + "logind для этого пользователя); запустите slate session из текстовой консоли (Ctrl+Alt+F2) от "
            + "имени пользователя этого места — под logind или с запущенным seatd, состоя в его группе (а также "
            + "в video и input)")
    static let logindRefused = LocalizedString(
        en: "cannot take the screen and input: logind refused this session its seat (it asks polkit before it "
            + "hands a session the screen, and no polkit is running here); install polkitd (apt install polkitd), "
            + "or run seatd with the user in its group",
        ru: "не удалось получить экран и ввод: logind отказал этому сеансу в рабочем месте (прежде чем отдать "
            + "сеансу экран, он спрашивает polkit, а polkit здесь не запущен); установите polkitd (apt install "
            + "polkitd) или запустите seatd, добавив пользователя в его группу")
    static let madeRuntimeDir = LocalizedString(
        en: "XDG_RUNTIME_DIR is not set (this login made no runtime folder: no pam_systemd); Slate made its own "
            + "at %@ and carries on — programs started outside the session will not find it",
        ru: "не задана XDG_RUNTIME_DIR (вход в систему не создал папку времени выполнения: нет pam_systemd); Slate "
            + "создал свою в %@ и продолжает работу — программы, запущенные вне сеанса, её не найдут")
    static let screenGone = LocalizedString(
        en: "the screen went away (unplugged, or its connector turned off): Slate waits for it, and the apps go on",
        ru: "экран пропал (отключён или выключен его разъём): Slate ждёт его, а программы продолжают работать")
    /// An input device went away; the session carries on with the others.
    static func deviceGone(_ kind: InputDeviceKind, name: String) -> LocalizedString {
        let (en, ru): (String, String) =
            switch kind {
            case .touchscreen: ("the touchscreen", "сенсорный экран")
            case .pen: ("the pen's tablet", "планшет пера")
            case .keyboard: ("the keyboard", "клавиатура")
            case .pointer: ("the mouse or trackpad", "мышь или трекпад")
            case .buttons: ("the buttons", "кнопки")
            }
        let named = (en: name.isEmpty ? "" : " “\(name)”", ru: name.isEmpty ? "" : " «\(name)»")
        return LocalizedString(
            en: "\(en)\(named.en) went away: what was held on it was let go, and the session carries on",
            ru:
                "отключено устройство ввода — \(ru)\(named.ru): всё, что было на нём нажато, отпущено; сеанс продолжается"
        )
    }
    static let noScreen = LocalizedString(
        en: "no screen is connected: the DRM device has no display plugged in",
        ru: "экран не подключён: к устройству DRM не подключён ни один дисплей")

    /// The line for a reason the compositor's C side gave (`SLATE_ERR_*`), or nil for another.
    static func failure(_ reason: String) -> LocalizedString? {
        switch reason {
        case SLATE_ERR_NO_DRM: noDRM
        case SLATE_ERR_NO_SEAT: noSeat
        case SLATE_ERR_LOGIND_REFUSED: logindRefused
        case SLATE_ERR_NO_SCREEN: noScreen
        default: nil
        }
    }
}

// What draws on the screen, and why (renderer.c chooses).
extension WaylandCompositor {
    /// How many keyboards a person types on are attached (libinput's with letter keys on the session
    /// backend; a desktop's in a window). Each change after is a `NestedInput.keyboards`.
    public var typingKeyboards: Int { comp.map { Int(slate_comp_typing_keyboards($0)) } ?? 0 }

    /// The renderer that draws the shell's frame on the screen: "gles2" or "pixman" ("pixman" headless).
    public var rendererName: String { comp.map { String(cString: slate_comp_renderer_name($0)) } ?? "" }

    /// The GL's own renderer name where GLES2 was tried ("llvmpipe (LLVM 15.0.6, 256 bits)"), else "".
    public var glName: String { comp.map { String(cString: slate_comp_gl_name($0)) } ?? "" }

    /// The kernel driver of the screen's card ("virtio_gpu", "i915"), else "" (headless, pixman asked).
    public var cardDriver: String { comp.map { String(cString: slate_comp_card_driver($0)) } ?? "" }

    /// The line said when the login made no runtime folder and Slate made its own; nil otherwise.
    public func runtimeDirectoryLine(language: Language) -> String? {
        madeRuntimeDirectory ? SessionStrings.madeRuntimeDir.formatted(runtimeDirectory).resolved(language) : nil
    }

    /// One line saying what draws the screen and why, in `language`: which GL, or why not GL.
    public func rendererLine(language: Language) -> String {
        guard let c = comp else { return "" }
        let gl = glName
        let line: LocalizedString =
            switch slate_comp_renderer_fallback(c) {
            case .asAsked where rendererName == "gles2": SessionStrings.drawnWithGL.formatted(gl)
            case .asAsked: SessionStrings.drawnWithPixman
            case .softwarePassedOver: SessionStrings.softwareGLPassedOver.formatted(gl)
            case .noGLES2: SessionStrings.noGLES2
            case .softwareOnPanel: SessionStrings.softwareGLOnPanel.formatted(gl)
            case .noGPU: SessionStrings.noGPU.formatted(cardDriver)
            }
        return line.resolved(language)
    }
}

extension SessionStrings {
    static let drawnWithGL = LocalizedString(
        en: "the screen is drawn with GLES2 on %@",
        ru: "экран рисуется через GLES2 на %@")
    static let softwareGLPassedOver = LocalizedString(
        en: "the screen is drawn with pixman on the CPU: the GL here is software (%@); --renderer gles2 uses it",
        ru: "экран рисуется через pixman на процессоре: GL здесь программный (%@); --renderer gles2 включит его")
    static let noGLES2 = LocalizedString(
        en: "the screen is drawn with pixman on the CPU: GLES2 was asked for, and this screen has no GL to "
            + "make it with",
        ru: "экран рисуется через pixman на процессоре: запрошен GLES2, но у этого экрана нет GL, чтобы его "
            + "создать")
    static let softwareGLOnPanel = LocalizedString(
        en: "the screen is drawn with pixman on the CPU: GLES2 was asked for, and the GL here is software (%@), "
            + "which cannot draw on a panel through wlroots 0.15",
        ru: "экран рисуется через pixman на процессоре: запрошен GLES2, но GL здесь программный (%@), а через "
            + "wlroots 0.15 он не может рисовать на панели")
    static let noGPU = LocalizedString(
        en: "the screen is drawn with pixman on the CPU: its card (%@) has no GPU to draw with; "
            + "--renderer gles2 tries software GL",
        ru: "экран рисуется через pixman на процессоре: у его видеокарты (%@) нет GPU для рисования; "
            + "--renderer gles2 попробует программный GL")
    static let drawnWithPixman = LocalizedString(
        en: "the screen is drawn with pixman on the CPU",
        ru: "экран рисуется через pixman на процессоре")
}
