import Foundation
import Graphics
import Scenes
import UI

// What the lock screen shows: the time and date, and the notifications.
extension Shell {
    // MARK: What it shows

    /// The lock screen's time and date, as the status bar's clock ticks.
    func updateLockClock() {
        guard let view = lockState.view, !view.isPlain else { return }
        let t = services.time.timeOfDay()
        let locale = environment.language == .ru ? "ru_RU" : "en_US"
        let formatter: DateFormatter
        if let made = lockState.dateFormatter, made.locale.identifier == locale,
            made.timeZone == services.time.timeZone
        {
            formatter = made
        } else {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.timeZone = services.time.timeZone
            formatter.setLocalizedDateFormatFromTemplate("EEEEdMMMM")
            lockState.dateFormatter = formatter
        }
        view.show(
            time: StatusBarClockView.text(t, uses24HourTime: uses24HourTime),
            date: formatter.string(from: services.time.now()))
    }

    /// The notifications on the lock screen, newest first: their bodies only when the person lets
    /// them show while locked (`notificationPreviews` is `always`).
    func reloadLockNotifications() {
        guard let view = lockState.view, !view.isPlain else { return }
        let previews = settings[.notificationPreviews] == "always"
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
}
