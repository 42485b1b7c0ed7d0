import Foundation
import Graphics
import Scenes
import SystemUI
import UI

// What the lock screen shows: the time and date, and the notifications.
extension Shell {
    // MARK: What it shows

    /// The lock screen's time and date, as the status bar's clock ticks.
    func updateLockClock() {
        guard let view = lockState.view, !view.isPlain else { return }
        let t = services.time.timeOfDay()
        view.show(
            time: StatusBarClockView.text(t, uses24HourTime: uses24HourTime),
            date: lockDateFormatter().string(from: services.time.now()))
    }

    /// The date line's formatter ("Wednesday, December 2"; «среда, 2 декабря»), made once a language and
    /// time zone.
    func lockDateFormatter() -> DateFormatter {
        let locale = environment.language == .ru ? "ru_RU" : "en_US"
        if let made = lockState.dateFormatter, made.locale.identifier == locale,
            made.timeZone == services.time.timeZone
        {
            return made
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = services.time.timeZone
        formatter.setLocalizedDateFormatFromTemplate("EEEEdMMMM")
        lockState.dateFormatter = formatter
        return formatter
    }

    /// The notifications on the lock screen, newest first: their bodies only when the person lets
    /// them show while locked (`notificationPreviews` is `always`).
    func reloadLockNotifications() {
        guard let view = lockState.view, !view.isPlain else { return }
        let previews = settings[.notificationPreviews] == .always
        let platters = notifications.prefix(LockScreenMetrics.maximumNotifications).map { n in
            var shown = n
            if !previews { shown.body = "" }
            let p = NotificationPlatterView(
                shown, icon: notificationIcon(for: n), time: timeText(n.date),
                bodyLines: NotificationMetrics.bannerBodyLines)
            p.identifier = "lock-notification"
            return p
        }
        view.setNotifications(Array(platters))
    }

    /// Readies, once, what the lock screen's first frame would otherwise make: its large fonts'
    /// glyphs laid out and its date formatter (a cold first lock took 7 to 12 ms at 2×, a warm one 2).
    func prepareLockScreenAtRest() {
        guard !lockState.prepared, !isLocked else { return }
        lockState.prepared = true
        let m = LockScreenMetrics.self
        for (text, font) in [("0123456789:", m.clockFont), ("Enter", m.dateFont), ("Swipe", m.hintFont)] {
            _ = environment.textMeasurer.measure(TextLayout(text, font: font, color: m.ink, lineLimit: 1))
        }
        _ = lockDateFormatter()
    }
}
