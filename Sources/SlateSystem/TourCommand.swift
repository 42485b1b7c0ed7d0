import Foundation
import Graphics
import Host
import Menus
import SlateLog
import SlateScripts
import UI

/// This file's lines on the log.
private let log = Logger("tour", label: "slate tour")

/// `slate tour --out DIR`: every rule of GUIDELINES.md shown on the demo apps, as numbered PNG frames
/// with a caption each and an `index.html` — itself a script, run headless on the virtual clock.
@MainActor enum TourCommand {
    static let script = """
        device ipad-pro-12.9 landscape
        launch Mail
        caption W3 "Mail's primary window: the mailboxes and the messages of one of them, a place people come back to."
        snapshot primary-window

        hold "Встреча завтра"
        caption C3 "Touch and hold a message: it lifts out as a preview, the screen blurs and dims, and its commands appear at once (C1, C2)."
        snapshot context-menu
        tap "Move to" in menu
        caption C6 "Move to is a submenu with a short, action-led title; it opens in place, one level deep (C7)."
        snapshot submenu
        key escape

        hold "Meeting tomorrow at 10:00"
        caption C4 "Every message row has the same menu: the most used commands first (C8), three groups (C9), only what concerns the message (C5)."
        snapshot same-menu-everywhere
        tap "Open in New Window" in menu
        caption W2d "The menu's Open in New Window opens the message in its own window, beside the mailbox."
        snapshot open-in-new-window
        caption W6 "An auxiliary window holds one message and its own tools, and closes with Done — never Back (W5)."
        snapshot auxiliary-window
        tap "Done"

        drag "Отчёт за квартал" to right edge
        caption W2b "Drag a message to the side of the screen and drop it on the system's target: it opens in a new window."
        snapshot drop-on-the-side
        key ctrl+w

        hold "Drafts"
        tap "Open in New Window" in menu
        caption W4 "Several primary windows, each on its own mailbox: Inbox in one, Drafts in another (W1)."
        snapshot two-primary-windows
        key ctrl+w

        hold "Mail" in dock
        caption W2c "Touch and hold the app's icon: its menu offers Show All Windows."
        snapshot icon-menu
        tap "Show All Windows" in menu
        caption W2c "App Exposé shows the app's windows; the + button opens a new primary window."
        snapshot app-expose
        tap "Add"

        drag "Mail" in dock to left edge
        caption W2a "Drag the icon out of the Dock to a side: pick one of the app's windows or make a new one there."
        snapshot choose-a-window
        key escape

        launch Notes
        tap "Shopping"
        drag "Ideas" to left edge
        caption W1 "Notes makes documents: two notes, each in its own window with Done, side by side and editable at once."
        snapshot notes-two-documents
        launch Mail

        tap "Встреча завтра"
        hold "Message text"
        caption C10 "The message's text has an edit menu (Copy, Select All) and no context menu: never both on one element."
        snapshot edit-menu
        tap "Done"

        hold "Grüße aus München"
        tap "Grüße aus München" in menu
        caption C11 "No Open command: tapping the preview opens the message."
        snapshot tap-the-preview
        tap "Done"

        locale ru
        launch Mail
        hold "Встреча завтра"
        caption C8 "The same menu in Russian: Ответить first, where attention goes; Удалить alone and red."
        snapshot menu-in-russian
        """

    static func run(_ args: Arguments, apps: [AppEntry]) throws -> Int32 {
        let out = URL(fileURLWithPath: args.options["out"] ?? "out/tour", isDirectory: true)
        let parsed = try ScriptParser.parse(script, source: "tour")
        let (world, scratch) = ScriptCommand.makeWorld(apps: apps)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let runner = ScriptRunner(world: world, outputDirectory: out.appendingPathComponent("work"))
        let tour = try TourWriter(directory: out, title: "Slate — a tour of the iPad's windows and context menus")
        runner.onSnapshot = { name, image, caption in
            do {
                try tour.add(image, name: name, rule: caption?.rule ?? "", caption: caption?.text ?? name)
            } catch {
                log.error("\(error)")
            }
        }
        do {
            try runner.run(parsed)
        } catch {
            print("\(error)")
            return 1
        }
        let index = try tour.finish()
        print("\(tour.frames.count) frames: \(index)")
        return 0
    }
}
