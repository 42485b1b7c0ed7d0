import Foundation
import Graphics
import UI

/// Why the lock screen could not be made (the shell then shows the plain one, which still takes the
/// password), or what it could not do (power off with no login manager).
public struct LockScreenError: LocalizedFailure, Hashable, Sendable {
    /// What went wrong, in a line, in each language.
    public var message: LocalizedString

    /// An error saying `reason` (in every language).
    public init(_ reason: String) { message = LocalizedString(verbatim: reason) }

    /// An error saying `message`.
    public init(_ message: LocalizedString) { self.message = message }
}

/// The lock screen, as iPadOS 26's: the wallpaper, the date and a large clock at the top, the
/// notifications under it (their bodies hidden unless the person lets them show), "Swipe up to open"
/// at the bottom; a swipe up or a tap brings the password page — the wallpaper dimmed, the title, the
/// field with its dots, one line of why it did not open — over the keyboard on the glass. Opaque and
/// over everything but the status bar and the keyboard: what is behind it is not drawn at all.
///
/// The plain one (`plain`) has no wallpaper, clock or notifications: black, and the password page at
/// once. The shell shows it when the full one cannot be made.
@MainActor public final class LockScreenView: View {
    /// Which page shows.
    public enum Page: Sendable, Hashable {
        /// The clock and the notifications.
        case clock
        /// The password field.
        case password
    }

    /// Whether this is the plain fallback.
    public let isPlain: Bool
    /// The page shown.
    public private(set) var page: Page = .clock
    let wallpaper: View?
    public let dim = View()
    public let clock = LockClockView()
    let list = View()
    let hint = Label("", style: .body, color: LockScreenMetrics.secondaryInk)
    let titleLabel = Label("", style: .title3, color: LockScreenMetrics.ink)
    /// The password field.
    public let field = PasswordFieldView()
    let messageLabel = Label("", style: .subheadline, color: LockScreenMetrics.ink)
    /// Told when the person asks for the password page (a swipe up, a tap).
    public var onWantsPassword: (() -> Void)?
    /// A notification's platter was tapped (its identifier): it is opened after the unlock.
    public var onTapNotification: ((UInt32) -> Void)?
    /// The platters on the list, newest first.
    public private(set) var platters: [NotificationPlatterView] = []
    private var shake: Animation?
    private var fade: Animation?

    /// A lock screen over the person's wallpaper (`wallpaperStyle`, one of Settings' built-in ones, or
    /// `wallpaperPicture`); `plain`: the fallback, black with the password page only.
    public init(frame: Rect, plain: Bool, wallpaperStyle: String = "", wallpaperPicture: PixelImage? = nil) {
        isPlain = plain
        if plain {
            wallpaper = nil
        } else if let wallpaperPicture {
            // A picture the person chose: drawn as the Home screen's is, straight into the frame.
            let picture = WallpaperView()
            picture.picture = wallpaperPicture
            picture.rasterizes = false
            wallpaper = picture
        } else {
            wallpaper = LockWallpaperView(style: wallpaperStyle)
        }
        super.init(frame: frame)
        backgroundColor = .black
        identifier = "lock-screen"
        localizedAccessibilityLabel = LockScreenStrings.lockScreen
        if let wallpaper { addSubview(wallpaper) }
        dim.backgroundColor = LockScreenMetrics.passwordDim
        dim.isUserInteractionEnabled = false
        addSubview(dim)
        addSubview(clock)
        addSubview(list)
        hint.font = LockScreenMetrics.hintFont
        hint.alignment = .center
        hint.localizedText = LockScreenStrings.swipeUp
        addSubview(hint)
        titleLabel.font = LockScreenMetrics.titleFont
        titleLabel.alignment = .center
        titleLabel.localizedText = LockScreenStrings.enterPassword
        titleLabel.accessibilityTraits = .header
        addSubview(titleLabel)
        addSubview(field)
        messageLabel.font = LockScreenMetrics.messageFont
        messageLabel.alignment = .center
        messageLabel.numberOfLines = 2
        addSubview(messageLabel)
        field.onEdit = { [weak self] in
            guard let self, !self.field.isChecking, self.field.dotCount > 0 else { return }
            self.showMessage(nil)
        }
        let swipe = PanGestureRecognizer()
        swipe.axis = .vertical
        swipe.action = { [weak self, weak swipe] g in
            guard let self, let swipe, g.state == .ended else { return }
            if -swipe.translation().y > self.bounds.height * LockScreenMetrics.swipeFraction { self.onWantsPassword?() }
        }
        addGestureRecognizer(swipe)
        addGestureRecognizer(
            TapGestureRecognizer { [weak self] tap in
                guard let self else { return }
                // A notification tapped is opened once the screen is unlocked.
                let point = tap.location(in: self.list)
                if !self.list.isHidden, let index = self.platters.firstIndex(where: { $0.frame.contains(point) }) {
                    self.onTapNotification?(self.platters[index].notification.id)
                }
                self.onWantsPassword?()
            })
        setPage(plain ? .password : .clock, animated: false)
    }

    /// Shows the time and the date.
    public func show(time: String, date: String) {
        clock.time = time
        clock.date = date
    }

    /// Shows `platters` on the list, newest first (no more than the list holds).
    public func setNotifications(_ platters: [NotificationPlatterView]) {
        for p in self.platters { p.removeFromSuperview() }
        self.platters = Array(platters.prefix(LockScreenMetrics.maximumNotifications))
        for p in self.platters {
            p.isUserInteractionEnabled = false
            list.addSubview(p)
        }
        setNeedsLayout()
    }

    /// Shows `page`, fading the password page's dim in or out.
    public func setPage(_ page: Page, animated: Bool) {
        self.page = page
        let password = page == .password
        clock.isHidden = isPlain
        clock.isCompact = password
        list.isHidden = password || isPlain
        hint.isHidden = password || isPlain
        titleLabel.isHidden = !password
        field.isHidden = !password
        messageLabel.isHidden = !password || messageLabel.text.isEmpty
        fade?.cancel()
        let target = password && !isPlain ? 1.0 : 0.0
        dim.isHidden = false
        guard animated else {
            dim.alpha = target
            dim.isHidden = target == 0
            return
        }
        let from = dim.alpha
        fade = root?.animator.animate(duration: LockScreenMetrics.pageDuration, curve: .easeOut) { [weak self] t in
            self?.dim.alpha = from + (target - from) * t
        } completion: { [weak self] (_: Bool) in
            guard let self else { return }
            self.dim.isHidden = self.dim.alpha == 0
        }
        setNeedsLayout()
    }

    /// Shows one line under the field (why it did not open), or none.
    public func showMessage(_ text: LocalizedString?) {
        messageLabel.localizedText = text ?? ""
        messageLabel.isHidden = text == nil || page != .password
    }

    /// The message shown under the field now, if any.
    public var message: String? { messageLabel.isHidden || messageLabel.text.isEmpty ? nil : messageLabel.text }

    /// Shakes the field, as iOS does for a wrong passcode.
    public func shakeField() {
        shake?.cancel()
        let m = LockScreenMetrics.self
        shake = root?.animator.animate(duration: m.shakeDuration, curve: .linear) { [weak self] (t: Double) in
            let phase: Double = t * m.shakeSwings * 2 * Double.pi
            let swing: Double = sin(phase) * m.shakeDistance * (1 - t)
            self?.field.transform = Transform(translationX: swing, y: 0)
        } completion: { [weak self] (_: Bool) in
            self?.field.transform = .identity
        }
    }

    public override func layoutSubviews() {
        let m = LockScreenMetrics.self
        wallpaper?.frame = bounds
        dim.frame = bounds
        let top = ShellMetrics.statusBarHeight + m.dateTop
        let clockHeight = clock.preferredHeight
        let onPassword = page == .password
        clock.frame = Rect(0, top, bounds.width, clockHeight)
        clock.isCompact = onPassword
        var y = top + clockHeight + m.listGap
        let x = ((bounds.width - m.listWidth) / 2).rounded()
        list.frame = Rect(0, 0, bounds.width, bounds.height)
        for p in platters {
            let h = p.height(forWidth: m.listWidth)
            p.frame = Rect(x, y, m.listWidth, h)
            y += h + m.platterSpacing
        }
        hint.frame = Rect(0, bounds.height - m.hintBottom - 24, bounds.width, 24)
        let fieldTop = (bounds.height * m.fieldTopFraction).rounded()
        titleLabel.frame = Rect(0, fieldTop - 44, bounds.width, 28)
        field.frame = Rect(
            ((bounds.width - m.fieldSize.width) / 2).rounded(), fieldTop, m.fieldSize.width, m.fieldSize.height)
        messageLabel.frame = Rect((bounds.width - 480) / 2, field.frame.maxY + 12, 480, 44)
    }
}

/// The lock screen's date and time: the date in a line, the time large under it, centred.
@MainActor public final class LockClockView: View {
    var time = "9:41" {
        didSet { if time != oldValue { setNeedsDisplay() } }
    }
    var date = "" {
        didSet {
            if date != oldValue {
                accessibilityLabel = date
                setNeedsDisplay()
            }
        }
    }
    /// On the password page only the date shows, small, as iPadOS keeps it over the passcode.
    var isCompact = false {
        didSet { if isCompact != oldValue { setNeedsDisplay() } }
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        accessibilityTraits = .staticText
        // Drawn straight into the frame (no picture of its own to make in the lock screen's first
        // frame): only the minute's tick draws it again.
    }

    /// The height the date and the time take.
    var preferredHeight: Double {
        LockScreenMetrics.dateFont.size * 1.3 + LockScreenMetrics.clockGap + LockScreenMetrics.clockFont.size * 1.2
    }

    public override func draw(in canvas: any Canvas) {
        let m = LockScreenMetrics.self
        let dateLayout = TextLayout(date, font: m.dateFont, color: m.ink, lineLimit: 1, width: bounds.width)
        let dateSize = environment.textMeasurer.measure(dateLayout)
        canvas.drawText(dateLayout, at: Point(((bounds.width - dateSize.width) / 2).rounded(), 0))
        guard !isCompact else { return }
        let timeLayout = TextLayout(time, font: m.clockFont, color: m.ink, lineLimit: 1, width: bounds.width)
        let timeSize = environment.textMeasurer.measure(timeLayout)
        canvas.drawText(
            timeLayout, at: Point(((bounds.width - timeSize.width) / 2).rounded(), dateSize.height + m.clockGap))
    }
}
