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
    static let noScreen = LocalizedString(
        en: "no screen is connected: the DRM device has no display plugged in",
        ru: "экран не подключён: к устройству DRM не подключён ни один дисплей")

    /// The line for a reason the compositor's C side gave (`SLATE_ERR_*`), or nil for another.
    static func failure(_ reason: String) -> LocalizedString? {
        switch reason {
        case SLATE_ERR_NO_DRM: noDRM
        case SLATE_ERR_NO_SEAT: noSeat
        case SLATE_ERR_NO_SCREEN: noScreen
        default: nil
        }
    }
}
