import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

// Notifications (issue 33): what programs post through `org.freedesktop.Notifications` (the
// `NotificationService`) and Slate's apps post through `UserNotification`, shown as iPadOS 26 banners
// at the top — tap: the default action; swipe up: dismissed; held down: the other actions — and kept
// in Notification Center, pulled down from the top-left. Do Not Disturb holds the banners but keeps
// the notifications; a critical one still shows, and stays until dismissed.
extension NotificationController {
    // MARK: Arriving

    /// Listens to the notification server, and reads the kept list.
    func connectNotifications() {
        loadNotifications()
        guard let server = shell.services.notifications else { return }
        server.numberAfter(max(self.list.highestID, self.lastLocalID))
        server.onNotify = { [weak self] n in self?.post(n) }
        server.onClose = { [weak self] id in self?.closeNotification(id, reason: .closedByCall) }
    }

    /// A number for a notification of the shell's own apps.
    func reserveNotificationID() -> UInt32 {
        if let server = shell.services.notifications { return server.reserveID() }
        lastLocalID = max(lastLocalID, list.highestID) &+ 1
        return lastLocalID
    }

    /// Shows `n` (a banner, unless Do Not Disturb holds it) and keeps it in Notification Center (unless
    /// transient); a notification of a number shown already replaces it in place.
    func post(_ posted: ShellNotification) {
        loadNotifications()
        // Settings › Notifications: an app's notifications not allowed are not kept at all.
        let app = posted.settingsIdentifier
        guard shell.settings[.notificationsAllowed][app] != false else { return }
        var n = posted
        n.date = shell.services.time.now()
        closed.remove(n.id)
        if !n.isTransient {
            for dropped in list.add(n) { closeNotification(dropped, reason: .undefined) }
            scheduleNotificationsSave()
        }
        center?.reload(with: list, shell: self)
        if let banner = banners.first(where: { $0.notification.id == n.id }) {
            banner.update(n, time: timeText(n.date))
            layoutBanners(animated: false)
            scheduleExpiry(of: n)
            return
        }
        // Locked, it joins the lock screen's list instead of a banner.
        if shell.isLocked {
            shell.lockController.reloadLockNotifications()
            return
        }
        guard !shell.settings[.doNotDisturb] || n.urgency == .critical, center == nil else { return }
        // With its banners off, an app's notification goes to Notification Center only.
        guard shell.settings[.notificationBanners][app] != false || n.urgency == .critical else { return }
        showBanner(for: n)
    }

    /// The notification numbered `id` closed for `reason`: its banner goes, the program hears it, and
    /// unless it only expired (it stays in Notification Center) it leaves the list.
    func closeNotification(_ id: UInt32, reason: NotificationCloseReason) {
        // A transient one is on a banner only.
        let kept = list[id] ?? banners.first { $0.notification.id == id }?.notification
        hideBanner(id)
        let program = kept.flatMap { if case .bus(let sender) = $0.origin { sender } else { nil } }
        if reason != .expired || kept?.isTransient == true || kept == nil {
            if list.remove(id) { scheduleNotificationsSave() }
            center?.reload(with: list, shell: self)
        }
        guard !closed.contains(id) else { return }
        closed.insert(id)
        if kept != nil || reason == .closedByCall {
            shell.services.notifications?.closed(id, reason: reason, sender: program ?? "")
        }
    }

    /// The person tapped notification `n` (its banner or its platter in Notification Center): its
    /// default action goes to the program (with a token to bring its window forward), or its app's
    /// window opens; then it is dismissed.
    func activateNotification(_ n: ShellNotification, action: String = NotificationCenterActions.open) {
        // Locked, nothing opens: a notification tapped there opens once unlocked (`unlock`).
        guard !shell.isLocked else { return }
        switch n.origin {
        case .bus(let sender):
            if !closed.contains(n.id), action != "default" || n.hasDefaultAction {
                shell.services.notifications?.invoke(
                    n.id, action: action, activationToken: makeActivationToken?(), sender: sender)
            }
        case .app(let identifier, let activity):
            openNotifiedApp(identifier, activity: activity)
        }
        if n.isResident {
            hideBanner(n.id)
        } else {
            closeNotification(n.id, reason: .dismissed)
        }
    }

    /// The notifications kept, newest first (Notification Center's).
    var notifications: [ShellNotification] {
        loadNotifications()
        return self.list.items
    }

    /// The banners' titles and bodies on the screen now, newest first (tests read them).
    var notificationBanners: [NotificationPlatterView] { self.banners }

    // MARK: Banners

    private func showBanner(for n: ShellNotification) {
        let banner = NotificationPlatterView(
            n, icon: notificationIcon(for: n), time: timeText(n.date), bodyLines: NotificationMetrics.bannerBodyLines)
        banner.identifier = "notification-banner"
        banner.shadow = NotificationMetrics.shadow
        installBannerGestures(banner)
        banner.onAction = { [weak self, weak banner] key in
            guard let self, let n = banner?.notification else { return }
            self.activateNotification(n, action: key)
        }
        shell.addSubview(banner)
        banners.insert(banner, at: 0)
        layoutBanners(animated: true)
        scheduleExpiry(of: n)
    }

    private func scheduleExpiry(of n: ShellNotification) {
        expiry[n.id]?.cancel()
        expiry[n.id] = nil
        let seconds: Double? =
            n.urgency == .critical || n.expireTimeout == 0
            ? nil : n.expireTimeout > 0 ? Double(n.expireTimeout) / 1000 : NotificationMetrics.bannerDuration
        guard let seconds else { return }
        let id = n.id
        expiry[id] = shell.dispatcher.schedule(after: seconds) { [weak self] in
            self?.expiry[id] = nil
            self?.closeNotification(id, reason: .expired)
        }
    }

    /// Takes the banner of `id` away (sliding up, or at once), if shown.
    func hideBanner(_ id: UInt32, animated: Bool = true) {
        expiry[id]?.cancel()
        expiry[id] = nil
        guard let i = banners.firstIndex(where: { $0.notification.id == id }) else { return }
        let banner = banners.remove(at: i)
        guard animated else {
            banner.removeFromSuperview()
            layoutBanners(animated: false)
            return
        }
        let from = banner.frame.minY
        let to = -banner.frame.height - 20
        // A slide in still under way goes up with it.
        banner.restingY = to
        shell.animator.animate(
            duration: NotificationMetrics.slideDuration * 0.75, curve: .easeIn,
            apply: { [weak banner] p in banner?.frame.origin.y = from + (to - from) * p },
            completion: { [weak banner] _ in banner?.removeFromSuperview() })
        layoutBanners(animated: true)
    }

    /// Places the banners: the newest at the top, the next ones peeking out below it, smaller; the
    /// others wait hidden.
    func layoutBanners(animated: Bool) {
        let width = min(NotificationMetrics.platterWidth, shell.bounds.width - 24)
        let top = ShellMetrics.statusBarHeight + NotificationMetrics.bannerTop
        guard let front = banners.first else { return }
        let frontHeight = front.height(forWidth: width)
        for (k, banner) in banners.enumerated().reversed() {
            let shown = k < NotificationMetrics.stackDepth
            banner.isHidden = !shown
            guard shown else { continue }
            let w = width * (1 - Double(k) * NotificationMetrics.stackShrink)
            let h = k == 0 ? frontHeight : frontHeight
            let target = Rect(
                (shell.bounds.width - w) / 2, top + Double(k) * NotificationMetrics.stackPeek, w, h)
            for v in banner.subviews { v.isHidden = k > 0 }
            if k == 0 { banner.update(banner.notification, time: timeText(banner.notification.date)) }
            shell.bringSubviewToFront(banner)
            let isNew = banner.frame.size == .zero
            banner.restingY = target.minY
            if isNew && animated {
                let from = -target.height - 20
                banner.frame = Rect(target.minX, from, target.width, target.height)
                // Toward where it rests when the frame is drawn (a banner coming after moves it down).
                shell.animator.animate(
                    duration: NotificationMetrics.slideDuration, curve: .spring(response: 0.4, dampingRatio: 0.8),
                    apply: { [weak banner] p in
                        guard let banner else { return }
                        banner.frame.origin.y = from + (banner.restingY - from) * p
                    })
            } else {
                banner.frame = target
            }
        }
    }

    private func installBannerGestures(_ banner: NotificationPlatterView) {
        banner.addGestureRecognizer(
            TapGestureRecognizer { [weak self, weak banner] _ in
                guard let self, let n = banner?.notification, self.banners.first === banner else {
                    return
                }
                self.activateNotification(n)
            })
        let pan = PanGestureRecognizer()
        pan.axis = .vertical
        var start = 0.0
        pan.action = { [weak self, weak banner, weak pan] g in
            guard let self, let banner, let pan else { return }
            let dy = pan.translation().y
            switch g.state {
            case .began:
                start = banner.frame.minY
                self.expiry[banner.notification.id]?.cancel()
            case .changed:
                // Up it follows the finger; down it rubber-bands and shows the actions.
                banner.frame.origin.y = start + (dy < 0 ? dy : dy / 4)
                if dy > 24 { banner.showsActions = true }
            case .ended, .cancelled:
                if g.state == .ended, -dy > banner.frame.height * NotificationMetrics.dismissFraction {
                    self.closeNotification(banner.notification.id, reason: .dismissed)
                } else {
                    self.layoutBanners(animated: false)
                    if !banner.showsActions { self.scheduleExpiry(of: banner.notification) }
                }
            default: break
            }
        }
        banner.addGestureRecognizer(pan)
        banner.addGestureRecognizer(
            LongPressGestureRecognizer { [weak self, weak banner] g in
                guard g.state == .began, let self, let banner else { return }
                self.expiry[banner.notification.id]?.cancel()
                banner.showsActions = true
                self.layoutBanners(animated: false)
            })
    }

    /// The icon a platter shows: the picture the notification carries, else its app's icon (a Slate
    /// app, or a program of the desktop catalog), else a speech bubble.
    func notificationIcon(for n: ShellNotification) -> View {
        if let image = n.image {
            let v = ImageView()
            v.image = image
            v.cornerRadius = NotificationMetrics.iconRadius
            v.clipsToBounds = true
            return v
        }
        if let app = app(of: n) {
            let a = app.application
            let v = AppIconView(
                appIdentifier: a.identifier, name: "", symbol: a.icon.symbol,
                colors: (a.icon.topColor, a.icon.bottomColor), showsName: false)
            v.image = (a as? ForeignApp)?.iconImage
            return v
        }
        return LetterIconView(name: n.groupName)
    }

    /// The app a notification is from: a Slate app's own; else the program its `desktop-entry` hint
    /// names (a desktop-file id, with or without `.desktop`: `firefox-esr`); else the one its app name
    /// is (`notify-send -a Firefox`), as shown or as its executable is called. Nil: none installed.
    func app(of n: ShellNotification) -> ShellApp? {
        if case .app(let id, _) = n.origin, let app = shell.app(id) { return app }
        var entry = n.desktopEntry
        if entry.hasSuffix(".desktop") { entry.removeLast(".desktop".count) }
        if !entry.isEmpty {
            if let app = shell.app(ForeignApp.identifier(desktopID: entry)) ?? shell.app(entry) { return app }
            let folded = entry.lowercased()
            if let app = shell.apps.first(where: { ($0.application as? ForeignApp)?.entry?.id.lowercased() == folded })
            {
                return app
            }
        }
        let name = n.appName.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        if let app = shell.app(name) { return app }
        let folded = name.lowercased()
        return shell.apps.first { app in
            let shown = app.application.displayName
            if shown.en.lowercased() == folded || shown.ru.lowercased() == folded { return true }
            guard let exec = (app.application as? ForeignApp)?.entry?.exec?.split(separator: " ").first else {
                return false
            }
            return (String(exec) as NSString).lastPathComponent.lowercased() == folded
        }
    }

    /// When `date` was, as a platter says it: "now", "5m ago", "2h ago", then the day.
    func timeText(_ date: Date) -> String {
        let seconds = shell.services.time.now().timeIntervalSince(date)
        let language = shell.environment.language
        if seconds < 60 { return NotificationStrings.now.resolved(language) }
        if seconds < 3600 {
            return NotificationStrings.minutesAgo.formatted(String(Int(seconds / 60))).resolved(language)
        }
        if seconds < 86400 {
            return NotificationStrings.hoursAgo.formatted(String(Int(seconds / 3600))).resolved(language)
        }
        let f = DateFormatter()
        f.locale = Locale(identifier: language == .ru ? "ru_RU" : "en_US")
        f.timeZone = shell.services.time.timeZone
        f.setLocalizedDateFormatFromTemplate("dMMM")
        return f.string(from: date)
    }

    // MARK: Kept across restarts

    /// `$XDG_STATE_HOME/slate/shell/notifications.json`, when the shell keeps state.
    var notificationsFile: URL? { shell.stateHome?.appendingPathComponent("slate/shell/notifications.json") }

    /// Reads the kept list once; a file that cannot be read is said on one line and set aside as
    /// `notifications.json.unreadable`.
    func loadNotifications() {
        guard !loaded else { return }
        loaded = true
        guard let file = notificationsFile, let data = FileManager.default.contents(atPath: file.path) else { return }
        do {
            list = try NotificationList.decoded(data)
            // Their programs are gone: nothing more is said to them.
            closed = Set(list.items.map(\.id))
            lastLocalID = list.highestID
        } catch {
            shell.environment.errors.report(error, while: NotificationStrings.readTheNotifications)
            try? FileManager.default.removeItem(atPath: file.path + ".unreadable")
            try? FileManager.default.moveItem(atPath: file.path, toPath: file.path + ".unreadable")
        }
    }

    /// Writes the list soon (changes in a burst are written once).
    func scheduleNotificationsSave() {
        guard notificationsFile != nil, pendingSave == nil else { return }
        pendingSave = shell.dispatcher.schedule(after: 0.5) { [weak self] in
            self?.pendingSave = nil
            self?.saveNotifications()
        }
    }

    /// Writes the list now (atomically; a failure is said once and the list stays in memory).
    func saveNotifications() {
        guard let file = notificationsFile else { return }
        self.pendingSave?.cancel()
        self.pendingSave = nil
        do {
            try AtomicFile.write(
                try self.list.encoded(), to: file.path, permissions: 0o600, makingFolders: 0o700)
        } catch {
            shell.environment.errors.report(
                FileWriteError(error, path: file.path), while: NotificationStrings.keepTheNotifications)
        }
    }
}
