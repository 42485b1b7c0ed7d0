import Graphics
import ShellPorts
import SystemUI
import UI

// What the shell tells and asks the person: the banner (what could not be done), windows that ask for
// attention (a program may not put itself in front: a banner and a badge instead), and the
// questions about programs' privileges.
extension Shell {
    // MARK: The banner

    /// Shows `message` in the banner for `ShellMetrics.bannerDuration` seconds.
    func showBanner(_ message: LocalizedString) {
        banner.message = message.resolved(environment.language)
        let w = min(ShellMetrics.bannerMaxWidth, bounds.width - 40)
        banner.frame = Rect(
            (bounds.width - w) / 2, ShellMetrics.statusBarHeight + ShellMetrics.bannerTopMargin, w,
            ShellMetrics.bannerHeight)
        banner.isHidden = false
        banner.alpha = 1
        bringSubviewToFront(banner)
        let shown = banner.message
        animator.animate(duration: ShellMetrics.bannerDuration, curve: .linear) { [weak self] p in
            // Fades out over the last fifth of its time.
            self?.banner.alpha = min(1, (1 - p) * 5)
        } completion: { [weak self] _ in
            guard let self, self.banner.message == shown else { return }
            self.banner.isHidden = true
        }
    }

    // MARK: Attention

    // Windows that ask to come forward. A program may bring its window forward when the person just
    // started it, or when the request comes from the window they are using (the shell says which:
    // `trusted`); any other request only asks for attention — a banner naming the program and a badge
    // on its icon until the window is shown — and never takes the screen or the keys from the person,
    // as iPadOS lets no app put itself in front.

    /// A program asks for its window to come forward (xdg_activation_v1).
    public func programAskedToComeForward(_ toplevel: any ForeignToplevel, trusted: Bool) {
        guard let window = window(showing: toplevel) else { return }
        if trusted {
            if !isOnScreen(window.id) { show(fullScreen: window.id) }
            focus(window.id)
            return
        }
        guard focusedWindow != window.id || !isOnScreen(window.id) else { return }
        windowsWantingAttention.insert(window.id)
        updateBadges()
        let title = LocalizedString(verbatim: toplevel.title)
        let name = app(ofWindow: window.id)?.application.displayName ?? title
        showBanner(ShellStrings.wantsAttention.formatted(name.en.isEmpty ? ShellStrings.program : name))
    }

    /// A window was shown and focused (or went): it no longer asks for attention.
    func attentionGiven(to id: String) {
        guard windowsWantingAttention.remove(id) != nil else { return }
        updateBadges()
    }

    /// Each app's icon, on the Home screen and in the Dock, shows how many of its windows ask for
    /// attention.
    func updateBadges() {
        var counts: [String: Int] = [:]
        for id in windowsWantingAttention {
            guard let app = app(ofWindow: id) else { continue }
            counts[app.identifier, default: 0] += 1
        }
        for icon in home.icons + dock.icons { icon.badgeCount = counts[icon.appIdentifier] ?? 0 }
    }

    /// The app a window belongs to.
    public func app(ofWindow id: String) -> ShellApp? {
        hostedApps.first { app in app.openSessions.contains { $0.persistentIdentifier == id } }
    }

    // MARK: Privileges

    /// Asks the person whether the program called `program` may have `privilege`; `answer` hears
    /// the choice. Questions wait their turn; the same one is not asked twice while it waits.
    public func askPermission(program: String, privilege: Privilege, answer: @escaping (Bool) -> Void) {
        let key = "\(program)\u{1f}\(privilege.rawValue)"
        guard !permissionQuestions.contains(where: { $0.key == key }) else { return }
        permissionQuestions.append((key, program, privilege, answer))
        if permissionQuestions.count == 1 { showNextPermissionQuestion() }
    }

    /// The question shown now, if any (its card).
    public var permissionAlert: PermissionAlertView? {
        overlayLayer.subviews.lazy.compactMap { $0 as? PermissionAlertView }.first
    }

    private func showNextPermissionQuestion() {
        guard let (_, program, privilege, answer) = permissionQuestions.first else { return }
        var alert: PermissionAlertView?
        alert = PermissionAlertView(program: program, privilege: privilege) { [weak self] allowed in
            alert?.removeFromSuperview()
            answer(allowed)
            guard let self else { return }
            self.permissionQuestions.removeFirst()
            self.showNextPermissionQuestion()
        }
        guard let alert else { return }
        alert.frame = overlayLayer.bounds
        overlayLayer.addSubview(alert)
    }
}

extension ShellStrings {
    public static let wantsAttention = LocalizedString(
        en: "%@ wants your attention", ru: "%@ просит вашего внимания")
}
