import Foundation
import Graphics
import UI

/// Something dragged that knows the user activity it would open as a window: the system reads it to
/// light up the screen's sides for an app that can open it (W2b), before any data is given.
@MainActor public protocol ActivityCarrying: AnyObject {
    var activity: UserActivity { get }
}

/// The plain carrier of an activity in a drag.
@MainActor public final class ActivityBox: ActivityCarrying {
    public let activity: UserActivity
    public init(_ activity: UserActivity) { self.activity = activity }
}

extension DragItem {
    /// A drag item for an object that can open in its own window: its user activity (given on drop),
    /// its title as text for other targets, and the activity carried along for the system.
    public static func window(for activity: UserActivity, title: String, preview: Size) -> DragItem {
        let p = ItemProvider()
        // An activity always encodes (its payload is already data); nil is never given.
        p.register(type: ItemType.userActivity) { (try? JSONEncoder().encode(activity)).map { Array($0) } }
        p.register(text: title)
        p.suggestedName = title
        let item = DragItem(provider: p, previewSize: preview)
        item.localObject = ActivityBox(activity)
        return item
    }
}
