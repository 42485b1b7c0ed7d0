import Graphics
import UI

/// Menu content that arrives later (as `UIDeferredMenuElement`): the menu shows a loading row where it
/// stands, asks the provider, and puts the elements in its place when they come — growing away from
/// the preview, so the rows already shown do not move.
///
/// A cached element keeps what arrived and shows it at once the next time; an uncached one asks each
/// time the menu is presented.
@MainActor public final class DeferredMenuElement: Sendable {
    /// Receives the elements when they are ready; call it once, on the main actor, now or later.
    public typealias Completion = @MainActor ([MenuElement]) -> Void
    /// Asked for the elements; it calls the completion when it has them.
    public typealias Provider = @MainActor (@escaping Completion) -> Void

    /// Names the element for tests and diagnostics.
    public let identifier: String
    /// Whether content that arrived is kept for later presentations.
    public let isCached: Bool
    let provider: Provider

    /// The elements that arrived, kept when the element is cached.
    public private(set) var loadedElements: [MenuElement]?
    /// Whether a request is under way.
    public private(set) var isLoading = false
    private var waiting: [Completion] = []

    /// Content cached after it first arrives.
    public init(identifier: String = "deferred", _ provider: @escaping Provider) {
        self.identifier = identifier
        self.isCached = true
        self.provider = provider
    }

    private init(identifier: String, cached: Bool, provider: @escaping Provider) {
        self.identifier = identifier
        self.isCached = cached
        self.provider = provider
    }

    /// Content asked for anew each time the menu is presented.
    public static func uncached(identifier: String = "deferred", _ provider: @escaping Provider) -> DeferredMenuElement
    {
        DeferredMenuElement(identifier: identifier, cached: false, provider: provider)
    }

    /// Asks the provider (unless a cached answer is there, or a request is under way) and calls
    /// `completion` with the elements.
    public func load(_ completion: @escaping Completion) {
        if isCached, let loadedElements {
            completion(loadedElements)
            return
        }
        waiting.append(completion)
        guard !isLoading else { return }
        isLoading = true
        provider { [weak self] elements in
            guard let self, self.isLoading else { return }
            self.isLoading = false
            if self.isCached { self.loadedElements = elements }
            let waiting = self.waiting
            self.waiting = []
            for w in waiting { w(elements) }
        }
    }

    /// Forgets cached content: the next presentation asks again.
    public func invalidate() { loadedElements = nil }
}
