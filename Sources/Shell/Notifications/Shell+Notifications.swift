import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

/// What the shell keeps of notifications: the list Notification Center shows, the banners on the
/// screen, the numbers already closed, Notification Center while open.
@MainActor final class NotificationsState {
    /// Every notification kept (persisted in `notifications.json`).
    var list = NotificationList()
    /// Whether the list was read from its file yet.
    var loaded = false
    /// The banners on the screen, newest first.
    var banners: [NotificationPlatterView] = []
    /// Each banner's timer.
    var expiry: [UInt32: ScheduledAction] = [:]
    /// Notifications already closed to their programs (kept in Notification Center as a record).
    var closed: Set<UInt32> = []
    /// The numbers the shell gave its own apps' notifications when there is no server.
    var lastLocalID: UInt32 = 0
    /// Notification Center, while shown.
    var center: NotificationCenterView?
    var centerAnimation: Animation?
    /// The list's next write (writes are put together).
    var pendingSave: ScheduledAction?
    /// The numbers of Slate apps' notifications, by app and the app's identifier for each.
    var appNotificationIDs: [String: UInt32] = [:]
    /// Makes a token that lets a program bring its window forward (the compositor's).
    var makeActivationToken: (@MainActor () -> String?)?
}

// Notifications (issue 33): what programs post through `org.freedesktop.Notifications` (the
// `NotificationService`) and Slate's apps post through `UserNotification`, shown as iPadOS 26 banners
// at the top — tap: the default action; swipe up: dismissed; held down: the other actions — and kept
// in Notification Center, pulled down from the top-left. Do Not Disturb holds the banners but keeps
// the notifications; a critical one still shows, and stays until dismissed.
extension Shell {
    // MARK: Arriving

    /// Listens to the notification server, and reads the kept list.
    func connectNotifications() {
        loadNotifications()
        guard let server = services.notifications else { return }
        server.numberAfter(max(notificationState.list.highestID, notificationState.lastLocalID))
        server.onNotify = { [weak self] n in self?.post(n) }
        server.onClose = { [weak self] id in self?.closeNotification(id, reason: .closedByCall) }
    }

    /// The notifications and Notification Center's state.
    var notificationState: NotificationsState { system.notifications }

    /// Makes an XDG activation token for a program whose notification the person tapped (the
    /// compositor sets it; nil: no token is handed over).
    public var makeActivationToken: (@MainActor () -> String?)? {
        get { notificationState.makeActivationToken }
        set { notificationState.makeActivationToken = newValue }
    }

    /// A number for a notification of the shell's own apps.
    func reserveNotificationID() -> UInt32 {
        if let server = services.notifications { return server.reserveID() }
        let s = notificationState
        s.lastLocalID = max(s.lastLocalID, s.list.highestID) &+ 1
        return s.lastLocalID
    }

    /// Shows `n` (a banner, unless Do Not Disturb holds it) and keeps it in Notification Center (unless
    /// transient); a notification of a number shown already replaces it in place.
    public func post(_ posted: ShellNotification) {
        loadNotifications()
        // Settings › Notifications: an app's notifications not allowed are not kept at all.
        let app = posted.settingsIdentifier
        guard settings[.notificationsAllowed][app] != false else { return }
        var n = posted
        n.date = services.time.now()
        let s = notificationState
        s.closed.remove(n.id)
        if !n.isTransient {
            for dropped in s.list.add(n) { closeNotification(dropped, reason: .undefined) }
            scheduleNotificationsSave()
        }
        s.center?.reload(with: s.list, shell: self)
        if let banner = s.banners.first(where: { $0.notification.id == n.id }) {
            banner.update(n, time: timeText(n.date))
            layoutBanners(animated: false)
            scheduleExpiry(of: n)
            return
        }
        // Locked, it joins the lock screen's list instead of a banner.
        if isLocked {
            reloadLockNotifications()
            return
        }
        guard !settings[.doNotDisturb] || n.urgency == .critical, s.center == nil else { return }
        // With its banners off, an app's notification goes to Notification Center only.
        guard settings[.notificationBanners][app] != false || n.urgency == .critical else { return }
        showBanner(for: n)
    }

    /// The notification numbered `id` closed for `reason`: its banner goes, the program hears it, and
    /// unless it only expired (it stays in Notification Center) it leaves the list.
    public func closeNotification(_ id: UInt32, reason: NotificationCloseReason) {
        let s = notificationState
        // A transient one is on a banner only.
        let kept = s.list[id] ?? s.banners.first { $0.notification.id == id }?.notification
        hideBanner(id)
        let program = kept.flatMap { if case .bus(let sender) = $0.origin { sender } else { nil } }
        if reason != .expired || kept?.isTransient == true || kept == nil {
            if s.list.remove(id) { scheduleNotificationsSave() }
            s.center?.reload(with: s.list, shell: self)
        }
        guard !s.closed.contains(id) else { return }
        s.closed.insert(id)
        if kept != nil || reason == .closedByCall {
            services.notifications?.closed(id, reason: reason, sender: program ?? "")
        }
    }

    /// The person tapped notification `n` (its banner or its platter in Notification Center): its
    /// default action goes to the program (with a token to bring its window forward), or its app's
    /// window opens; then it is dismissed.
    public func activateNotification(_ n: ShellNotification, action: String = NotificationCenterActions.open) {
        // Locked, nothing opens: a notification tapped there opens once unlocked (`unlock`).
        guard !isLocked else { return }
        let s = notificationState
        switch n.origin {
        case .bus(let sender):
            if !s.closed.contains(n.id), action != "default" || n.hasDefaultAction {
                services.notifications?.invoke(
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
    public var notifications: [ShellNotification] {
        loadNotifications()
        return notificationState.list.items
    }

    /// The banners' titles and bodies on the screen now, newest first (tests read them).
    @_spi(Testing) public var notificationBanners: [NotificationPlatterView] { notificationState.banners }

    // MARK: Banners

    private func showBanner(for n: ShellNotification) {
        let s = notificationState
        let banner = NotificationPlatterView(
            n, icon: notificationIcon(for: n), time: timeText(n.date), bodyLines: NotificationMetrics.bannerBodyLines)
        banner.identifier = "notification-banner"
        banner.shadow = NotificationMetrics.shadow
        installBannerGestures(banner)
        banner.onAction = { [weak self, weak banner] key in
            guard let self, let n = banner?.notification else { return }
            self.activateNotification(n, action: key)
        }
        addSubview(banner)
        s.banners.insert(banner, at: 0)
        layoutBanners(animated: true)
        scheduleExpiry(of: n)
    }

    private func scheduleExpiry(of n: ShellNotification) {
        let s = notificationState
        s.expiry[n.id]?.cancel()
        s.expiry[n.id] = nil
        let seconds: Double? =
            n.urgency == .critical || n.expireTimeout == 0
            ? nil : n.expireTimeout > 0 ? Double(n.expireTimeout) / 1000 : NotificationMetrics.bannerDuration
        guard let seconds else { return }
        let id = n.id
        s.expiry[id] = dispatcher.schedule(after: seconds) { [weak self] in
            self?.notificationState.expiry[id] = nil
            self?.closeNotification(id, reason: .expired)
        }
    }

    /// Takes the banner of `id` away (sliding up, or at once), if shown.
    func hideBanner(_ id: UInt32, animated: Bool = true) {
        let s = notificationState
        s.expiry[id]?.cancel()
        s.expiry[id] = nil
        guard let i = s.banners.firstIndex(where: { $0.notification.id == id }) else { return }
        let banner = s.banners.remove(at: i)
        guard animated else {
            banner.removeFromSuperview()
            layoutBanners(animated: false)
            return
        }
        let from = banner.frame.minY
        let to = -banner.frame.height - 20
        // A slide in still under way goes up with it.
        banner.restingY = to
        animator.animate(
            duration: NotificationMetrics.slideDuration * 0.75, curve: .easeIn,
            apply: { [weak banner] p in banner?.frame.origin.y = from + (to - from) * p },
            completion: { [weak banner] _ in banner?.removeFromSuperview() })
        layoutBanners(animated: true)
    }

    /// Places the banners: the newest at the top, the next ones peeking out below it, smaller; the
    /// others wait hidden.
    func layoutBanners(animated: Bool) {
        let s = notificationState
        let width = min(NotificationMetrics.platterWidth, bounds.width - 24)
        let top = ShellMetrics.statusBarHeight + NotificationMetrics.bannerTop
        guard let front = s.banners.first else { return }
        let frontHeight = front.height(forWidth: width)
        for (k, banner) in s.banners.enumerated().reversed() {
            let shown = k < NotificationMetrics.stackDepth
            banner.isHidden = !shown
            guard shown else { continue }
            let w = width * (1 - Double(k) * NotificationMetrics.stackShrink)
            let h = k == 0 ? frontHeight : frontHeight
            let target = Rect(
                (bounds.width - w) / 2, top + Double(k) * NotificationMetrics.stackPeek, w, h)
            for v in banner.subviews { v.isHidden = k > 0 }
            if k == 0 { banner.update(banner.notification, time: timeText(banner.notification.date)) }
            bringSubviewToFront(banner)
            let isNew = banner.frame.size == .zero
            banner.restingY = target.minY
            if isNew && animated {
                let from = -target.height - 20
                banner.frame = Rect(target.minX, from, target.width, target.height)
                // Toward where it rests when the frame is drawn (a banner coming after moves it down).
                animator.animate(
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
                guard let self, let n = banner?.notification, self.notificationState.banners.first === banner else {
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
                self.notificationState.expiry[banner.notification.id]?.cancel()
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
                self.notificationState.expiry[banner.notification.id]?.cancel()
                banner.showsActions = true
                self.layoutBanners(animated: false)
            })
    }

    /// The icon a platter shows: the picture the notification carries, else its app's icon (a Slate
    /// app, or a program of the desktop catalog), else a speech bubble.
    public func notificationIcon(for n: ShellNotification) -> View {
        if let image = n.image {
            let v = ImageView()
            v.image = image
            v.cornerRadius = NotificationMetrics.iconRadius
            v.clipsToBounds = true
            return v
        }
        let identifier: String? =
            if case .app(let id, _) = n.origin { id } else { n.desktopEntry.isEmpty ? nil : n.desktopEntry }
        if let app = identifier.flatMap({ app($0) }) ?? (n.appName.isEmpty ? nil : app(n.appName)) {
            let a = app.application
            let v = AppIconView(
                appIdentifier: a.identifier, name: "", symbol: a.icon.symbol,
                colors: (a.icon.topColor, a.icon.bottomColor), showsName: false)
            v.image = (a as? ForeignApp)?.iconImage
            return v
        }
        return LetterIconView(name: n.groupName)
    }

    /// When `date` was, as a platter says it: "now", "5m ago", "2h ago", then the day.
    public func timeText(_ date: Date) -> String {
        let seconds = services.time.now().timeIntervalSince(date)
        let language = environment.language
        if seconds < 60 { return NotificationStrings.now.resolved(language) }
        if seconds < 3600 {
            return NotificationStrings.minutesAgo.formatted(String(Int(seconds / 60))).resolved(language)
        }
        if seconds < 86400 {
            return NotificationStrings.hoursAgo.formatted(String(Int(seconds / 3600))).resolved(language)
        }
        let f = DateFormatter()
        f.locale = Locale(identifier: language == .ru ? "ru_RU" : "en_US")
        f.timeZone = services.time.timeZone
        f.setLocalizedDateFormatFromTemplate("dMMM")
        return f.string(from: date)
    }

    // MARK: Kept across restarts

    /// `$XDG_STATE_HOME/slate/shell/notifications.json`, when the shell keeps state.
    var notificationsFile: URL? { stateHome?.appendingPathComponent("slate/shell/notifications.json") }

    /// Reads the kept list once; a file that cannot be read is said on one line and set aside as
    /// `notifications.json.unreadable`.
    func loadNotifications() {
        let s = notificationState
        guard !s.loaded else { return }
        s.loaded = true
        guard let file = notificationsFile, let data = FileManager.default.contents(atPath: file.path) else { return }
        do {
            s.list = try NotificationList.decoded(data)
            // Their programs are gone: nothing more is said to them.
            s.closed = Set(s.list.items.map(\.id))
            s.lastLocalID = s.list.highestID
        } catch {
            environment.errors.report(error, while: NotificationStrings.readTheNotifications)
            try? FileManager.default.removeItem(atPath: file.path + ".unreadable")
            try? FileManager.default.moveItem(atPath: file.path, toPath: file.path + ".unreadable")
        }
    }

    /// Writes the list soon (changes in a burst are written once).
    func scheduleNotificationsSave() {
        let s = notificationState
        guard notificationsFile != nil, s.pendingSave == nil else { return }
        s.pendingSave = dispatcher.schedule(after: 0.5) { [weak self] in
            self?.notificationState.pendingSave = nil
            self?.saveNotifications()
        }
    }

    /// Writes the list now (atomically; a failure is said once and the list stays in memory).
    public func saveNotifications() {
        guard let file = notificationsFile else { return }
        notificationState.pendingSave?.cancel()
        notificationState.pendingSave = nil
        do {
            try AtomicFile.write(
                try notificationState.list.encoded(), to: file.path, permissions: 0o600, makingFolders: 0o700)
        } catch {
            environment.errors.report(
                FileWriteError(error, path: file.path), while: NotificationStrings.keepTheNotifications)
        }
    }
}

extension Shell {
    /// Shows a Slate app's notification (`SceneSystem.post`): its number is the one the app's earlier
    /// notification of the same identifier had, so that it replaces it.
    func post(_ posted: UserNotification, from app: ShellApp) {
        let key = app.identifier + "\u{1f}" + posted.identifier
        let s = notificationState
        let id = s.appNotificationIDs[key] ?? reserveNotificationID()
        s.appNotificationIDs[key] = id
        let activity = posted.userActivity.flatMap { try? JSONEncoder().encode($0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
        post(
            ShellNotification(
                id: id, appName: app.application.displayName.resolved(environment.language),
                desktopEntry: app.identifier,
                title: NotificationMarkup.cut(posted.title, NotificationLimits.titleCharacters),
                body: NotificationMarkup.cut(posted.body, NotificationLimits.bodyCharacters),
                actions: [.init(key: "default", label: "")], date: services.time.now(),
                origin: .app(identifier: app.identifier, activity: activity)))
    }

    /// Opens what a Slate app's notification is about: the window of its activity, else the app's
    /// most recent window.
    func openNotifiedApp(_ identifier: String, activity: String?) {
        guard let app = app(identifier) else { return }
        guard let json = activity,
            let userActivity = try? JSONDecoder().decode(UserActivity.self, from: Data(json.utf8))
        else {
            openApp(app)
            return
        }
        environment.errors.attempt(NotificationStrings.openTheNotification, userAction: true) {
            let session = try app.activate(ActivationRequest(userActivity: userActivity))
            if let w = windows[session.persistentIdentifier] { present(w.id) }
        }
    }
}

extension Shell {
    /// Lets `app` look for news every `refreshInterval` seconds (Mail's new mail), on the screen's
    /// clock.
    func scheduleRefresh(of app: ShellApp) {
        guard let interval = app.application.refreshInterval, interval > 0 else { return }
        dispatcher.schedule(after: interval) { [weak self, weak app] in
            guard let self, let app, self.apps.contains(where: { $0 === app }) else { return }
            app.application.refresh()
            self.scheduleRefresh(of: app)
        }
    }
}
