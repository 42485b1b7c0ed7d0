/// A rule of `GUIDELINES.md` that the checker checks, by its ID.
public struct Rule: Hashable, Sendable {
    public var id: String
    /// What the rule asks, in one line.
    public var summary: String
    /// What to do about a breach, in one line.
    public var advice: String

    /// Every checkable rule, in the order of `GUIDELINES.md`.
    public static let catalog: [Rule] = [
        Rule(
            id: "W5",
            summary: "An auxiliary window must be useful on its own, not a place for the primary window's tools.",
            advice: "Keep in the auxiliary window the tools for its one object; leave the primary window's tools there."
        ),
        Rule(
            id: "W6", summary: "An auxiliary window closes with Done or Close, never with Back.",
            advice: "Give the window a Done (task finished) or Close button; use Back only to return inside the window."
        ),
        Rule(
            id: "C4", summary: "Context menus are consistent: every item of a kind has one, or none does.",
            advice: "Add the same context menu to every item of this kind."),
        Rule(
            id: "C5", summary: "Offer only the most used commands that concern the item; too many overwhelm.",
            advice: "Cut the menu to the commands people use on this item; move the rest to a submenu or elsewhere."),
        Rule(
            id: "C6", summary: "Submenus have concise, action-led titles that say what is inside.",
            advice: "Title the submenu with a short verb phrase, such as \"Move to\" or \"Share\"."),
        Rule(
            id: "C7", summary: "Keep submenus to one level.",
            advice: "Flatten the inner submenu into its parent or an inline group."),
        Rule(
            id: "C8", summary: "The most used items are at the top of the menu.",
            advice: "Move the most chosen command into the first rows, or let Slate order the group by use."),
        Rule(
            id: "C9", summary: "Separators group related items; usually no more than three groups.",
            advice: "Merge groups or remove the stray separator."),
        Rule(
            id: "C10", summary: "An item does not have both a context menu and an edit menu.",
            advice:
                "Keep the edit menu for text selection and put the context menu on the item around it, not the same element."
        ),
        Rule(
            id: "C11", summary: "No command that opens the previewed item: people tap the preview to open it.",
            advice: "Remove the Open command; the preview's tap (will perform preview action) opens the item."),
        // Slate's own rules for the menu bar (iPadOS 26), after Apple's HIG "The menu bar": M1…M5.
        Rule(
            id: "M1", summary: "Every menu of the menu bar has commands: no empty menu.",
            advice: "Put commands in the menu, or leave the menu out of the menu bar."),
        Rule(
            id: "M2",
            summary: "The menu bar holds every command of the app's context menus on content items.",
            advice: "Add the command to a menu of the menu bar (with the same identifier), acting on the selected item."
        ),
        Rule(
            id: "M3", summary: "No two commands share one keyboard shortcut, nor take one of the system's.",
            advice: "Give one of the commands another shortcut, or none."),
        Rule(
            id: "M4", summary: "Command titles are verbs or verb phrases that say what the command does.",
            advice: "Title the command with a verb (\"Archive\", \"Mark as Read\", \"New Message\")."),
        Rule(
            id: "M5", summary: "Submenus of the menu bar keep to one level.",
            advice: "Flatten the inner submenu into its parent or an inline group."),
    ]

    public static func named(_ id: String) -> Rule {
        catalog.first { $0.id == id } ?? Rule(id: id, summary: "", advice: "")
    }
}
