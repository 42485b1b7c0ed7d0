import Graphics
import UI

extension Menu {
    /// The menu with cached deferred content that has arrived put in place of its deferred elements.
    @MainActor func resolvingCachedDeferred() -> Menu {
        replacingChildren(
            children.flatMap { e -> [MenuElement] in
                switch e {
                case .menu(let m): [.menu(m.resolvingCachedDeferred())]
                case .deferred(let d) where d.isCached && d.loadedElements != nil:
                    Menu(children: d.loadedElements!).resolvingCachedDeferred().children
                default: [e]
                }
            })
    }

    /// The menu with `elements` in place of the deferred element `d`.
    @MainActor func replacing(_ d: DeferredMenuElement, with elements: [MenuElement]) -> Menu {
        replacingChildren(
            children.flatMap { e -> [MenuElement] in
                switch e {
                case .menu(let m): [.menu(m.replacing(d, with: elements))]
                case .deferred(let x) where x === d: elements
                default: [e]
                }
            })
    }

    /// The menu with the submenu at `path` changed by `body` (the menu itself for an empty path).
    func modifying(at path: [Int], _ body: (inout Menu) -> Void) -> Menu {
        var copy = self
        guard let first = path.first else {
            body(&copy)
            return copy
        }
        guard copy.children.indices.contains(first), case .menu(let m) = copy.children[first] else { return copy }
        copy.children[first] = .menu(m.modifying(at: Array(path.dropFirst()), body))
        return copy
    }
}
