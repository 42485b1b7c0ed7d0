import Foundation
import Graphics
import Menus
import Scenes
import SlateLog
import UI

/// The guideline checker over live objects: an app's windows, every item in them, every context
/// menu's configuration (asked for without showing it).
///
/// ```swift
/// #expect(Guidelines.check(system).isEmpty)
/// ```
@MainActor public enum Guidelines {
    /// Checks every connected window of the app behind `system`.
    public static func check(_ system: any SceneSystem, settings: GuidelineSettings = GuidelineSettings()) -> Report {
        check(scenes: system.connectedScenes, settings: settings)
    }

    /// Checks these windows (of one app or several). A window drawn by another process (an app
    /// process's window in the shell) is that process's to check, and is skipped here.
    public static func check(scenes: [WindowScene], settings: GuidelineSettings = GuidelineSettings()) -> Report {
        let scenes = scenes.filter { !($0.rootView is any DrawnElsewhere) }
        var windows: [WindowNode] = []
        var elements: [ElementNode] = []
        var findings: [Finding] = []
        var seenMenus: Set<String> = []
        let menuChecks = MenuChecks(settings: settings)
        let menuBarChecks = MenuBarChecks(settings: settings)
        for scene in scenes {
            let appName = scene.application?.displayName.resolved(scene.language) ?? "app"
            let root = scene.windowView
            root.layoutIfNeeded()
            windows.append(windowNode(scene, appName: appName))
            var contextCommands: [MenuBarChecks.ContextCommand] = []
            for v in root.allViews() where isItem(v) {
                let label = v.accessibilityLabelOrText ?? String(describing: type(of: v))
                let here = [appName, scene.title, label]
                let menu = v.interactions.lazy.compactMap { $0 as? ContextMenuInteraction }.first
                elements.append(
                    ElementNode(
                        location: here, kind: kind(of: v), hasContextMenu: menu != nil,
                        hasEditMenu: v.interactions.contains { $0 is EditMenuInteraction }))
                guard let menu, let (nodes, ctx) = describe(menu, location: here) else { continue }
                if ctx.isContentItem {
                    for a in MenuBarChecks().actions(nodes, path: here) where !a.node.isHidden {
                        guard let id = a.node.identifier,
                            !contextCommands.contains(where: { $0.identifier == id })
                        else { continue }
                        contextCommands.append(.init(identifier: id, title: a.node.title, location: a.path))
                    }
                }
                // One menu configuration is checked once however many rows carry it.
                let key = (ctx.menuIdentifier ?? label) + "|" + appName
                if !seenMenus.insert(key).inserted { continue }
                findings += menuChecks.check(nodes, ctx)
            }
            // The window's menu bar, as the app makes it (the system's own commands are the shell's).
            let bar = scene.menuBarBuilder().menuBar
            let menus = bar.menus.map {
                MenuNode.SubmenuNode(
                    title: $0.title.resolved(scene.language), identifier: $0.identifier,
                    children: nodes($0.children, language: scene.language))
            }
            findings += menuBarChecks.check(menus, location: [appName, scene.title], contextCommands: contextCommands)
        }
        findings += WindowChecks().check(windows)
        findings += ElementChecks().check(elements)
        return Report(findings)
    }

    /// An item: a row of a list, or anything carrying a context menu or an edit menu.
    static func isItem(_ v: View) -> Bool {
        v is ListRow || v.interactions.contains { $0 is ContextMenuInteraction || $0 is EditMenuInteraction }
    }

    /// Items of one kind: the same class in the same list (or the same class outside lists).
    static func kind(of v: View) -> String {
        var list: View? = v.superview
        while let cur = list, !(cur is ListView) { list = cur.superview }
        let where_ = list.map { $0.identifier ?? String(describing: type(of: $0)) } ?? "-"
        return "\(type(of: v))@\(where_)"
    }

    static func windowNode(_ scene: WindowScene, appName: String) -> WindowNode {
        let nav = scene.navigationContainer
        var tools: [String] = []
        for bar in scene.windowView.allViews().compactMap({ $0 as? NavigationBar }) {
            for item in bar.leadingItems + bar.trailingItems {
                if item === nav?.closingButton || item === nav?.backButton { continue }
                if let t = item.accessibilityLabelOrText { tools.append(t) }
            }
        }
        let closing = nav?.closingButton?.accessibilityLabelOrText
        return WindowNode(
            app: appName, title: scene.title, role: scene.session.role == .primary ? .primary : .auxiliary,
            closingButton: closing, backButtonCloses: false, tools: tools)
    }

    /// The menu an interaction would show for its view, as the checker reads menus.
    static func describe(_ interaction: ContextMenuInteraction, location: [String]) -> ([MenuNode], MenuContext)? {
        guard let view = interaction.view, let delegate = interaction.delegate else { return nil }
        let centre = Point(view.bounds.midX, view.bounds.midY)
        guard let config = delegate.contextMenuInteraction(interaction, configurationForMenuAtLocation: centre) else {
            return nil
        }
        let suggested = interaction.allSuggestedActions
        let menu = config.actionProvider?(suggested) ?? Menu(children: suggested)
        let id = menu.identifier ?? config.identifier
        let ctx = MenuContext(
            location: location, menuIdentifier: id, hasPreview: true, isContentItem: true,
            usage: id.map { view.environment.menuUsage.counts(for: $0) } ?? [:])
        return (nodes(menu.children, language: view.language), ctx)
    }

    /// The checker's menu nodes for `elements`, their titles in `language` (and in English).
    static func nodes(_ elements: [MenuElement], language: Language) -> [MenuNode] {
        elements.compactMap { e in
            switch e {
            case .action(let a):
                var n = MenuNode.ActionNode(title: a.title.resolved(language), identifier: a.identifier, image: a.image)
                n.isDestructive = a.attributes.contains(.destructive)
                n.isDisabled = a.attributes.contains(.disabled)
                n.isHidden = a.attributes.contains(.hidden)
                n.state = a.state == .off ? nil : a.state == .on ? "on" : "mixed"
                n.shortcut = a.key.flatMap { KeyPress($0, modifiers: a.modifiers).spec }
                n.englishTitle = a.title.en
                return .action(n)
            case .menu(let m):
                var n = MenuNode.SubmenuNode(
                    title: m.title.resolved(language), identifier: m.identifier,
                    isInline: m.displaysInline || m.displaysAsPalette, children: nodes(m.children, language: language))
                n.englishTitle = m.title.en
                return .menu(n)
            case .deferred:
                return nil
            }
        }
    }
}

/// Reports findings in the console while an app runs (debug builds): each finding once, when the
/// window it is in appears, not once per frame.
@MainActor public final class GuidelineMonitor {
    private var reported: Set<Finding> = []
    private let write: (String) -> Void

    public init(
        write: @escaping (String) -> Void = { Logger("guidelines", label: "slate guidelines").warning($0) }
    ) {
        self.write = write
    }

    /// Checks the windows and prints what was not printed before; returns the new findings.
    @discardableResult
    public func check(scenes: [WindowScene]) -> [Finding] {
        let new = Guidelines.check(scenes: scenes).findings.filter { reported.insert($0).inserted }
        for f in new { write(f.description) }
        return new
    }
}
