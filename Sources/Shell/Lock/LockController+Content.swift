import Foundation
import Graphics
import Scenes
import SystemUI
import UI

// What the lock screen shows: the time and date, and the notifications.
extension LockController {
    // MARK: What it shows

    /// The lock screen's time and date, as the status bar's clock ticks.
    func updateLockClock() {
        guard let view = self.view, !view.isPlain else { return }
        let t = shell.services.time.timeOfDay()
        view.show(
            time: StatusBarClockView.text(t, uses24HourTime: shell.uses24HourTime),
            date: lockDateFormatter().string(from: shell.services.time.now()))
    }

    /// The date line's formatter ("Wednesday, December 2"; «среда, 2 декабря»), made once a language and
    /// time zone.
    func lockDateFormatter() -> DateFormatter {
        let locale = shell.environment.language == .ru ? "ru_RU" : "en_US"
        if let made = self.dateFormatter, made.locale.identifier == locale,
            made.timeZone == shell.services.time.timeZone
        {
            return made
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = shell.services.time.timeZone
        formatter.setLocalizedDateFormatFromTemplate("EEEEdMMMM")
        self.dateFormatter = formatter
        return formatter
    }

    /// The notifications on the lock screen, newest first: their bodies only when the person lets
    /// them show while locked (`notificationPreviews` is `always`).
    func reloadLockNotifications() {
        guard let view = self.view, !view.isPlain else { return }
        let previews = shell.settings[.notificationPreviews] == .always
        let platters = shell.notifications.prefix(LockScreenMetrics.maximumNotifications).map { n in
            var shown = n
            if !previews { shown.body = "" }
            let p = NotificationPlatterView(
                shown, icon: shell.notificationController.notificationIcon(for: n),
                time: shell.notificationController.timeText(n.date),
                bodyLines: NotificationMetrics.bannerBodyLines)
            p.identifier = "lock-notification"
            return p
        }
        view.setNotifications(Array(platters))
    }

    /// Readies, once, what the lock screen's first frame would otherwise make: its large fonts'
    /// glyphs laid out and its date formatter (a cold first lock took 7 to 12 ms at 2×, a warm one 2).
    func prepareLockScreenAtRest() {
        guard !self.prepared, !isLocked else { return }
        self.prepared = true
        let m = LockScreenMetrics.self
        for (text, font) in [("0123456789:", m.clockFont), ("Enter", m.dateFont), ("Swipe", m.hintFont)] {
            _ = shell.environment.textMeasurer.measure(TextLayout(text, font: font, color: m.ink, lineLimit: 1))
        }
        _ = lockDateFormatter()
    }
}
