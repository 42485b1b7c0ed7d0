import Graphics
import Testing

@_spi(Testing) @testable import UI

/// Drives a root view with touches on a virtual clock.
@MainActor final class Harness {
    let clock = VirtualClock()
    let root: RootView
    let target: View

    init() {
        root = RootView(size: Size(400, 300), clock: clock)
        target = View(frame: Rect(100, 100, 100, 50))
        root.addSubview(target)
    }

    func touch(_ phase: Touch.Phase, _ p: Point, id: Int = 1) {
        root.dispatcher.handle(Touch(id: id, phase: phase, location: p, timestamp: clock.now))
    }

    func wait(_ s: Double) {
        clock.advance(by: s)
        root.prepareFrame()
    }
}

@MainActor @Suite struct LongPressTests {
    func press(holding seconds: Double, moving: Double = 0) -> [GestureRecognizer.State] {
        let h = Harness()
        var states: [GestureRecognizer.State] = []
        let lp = LongPressGestureRecognizer()
        lp.stateObserver = { states.append($0) }
        h.target.addGestureRecognizer(lp)
        h.touch(.began, Point(150, 120))
        h.wait(seconds / 2)
        if moving > 0 { h.touch(.moved, Point(150 + moving, 120)) }
        h.wait(seconds / 2)
        h.touch(.ended, Point(150 + moving, 120))
        return states
    }

    @Test func heldJustUnderHalfASecondIsNotALongPress() throws {
        #expect(press(holding: 0.49) == [.failed])
    }

    @Test func heldHalfASecondIsALongPress() throws {
        #expect(press(holding: 0.5) == [.began, .ended])
    }

    @Test func movingElevenPointsCancelsIt() throws {
        #expect(press(holding: 0.6, moving: 11) == [.failed])
        #expect(press(holding: 0.6, moving: 9) == [.began, .ended])
    }

    @Test func durationAndMovementAreSettable() throws {
        let h = Harness()
        let lp = LongPressGestureRecognizer()
        lp.minimumPressDuration = 1.0
        lp.allowableMovement = 30
        h.target.addGestureRecognizer(lp)
        h.touch(.began, Point(150, 120))
        h.wait(0.7)
        h.touch(.moved, Point(175, 120))
        #expect(lp.state == .possible)
        h.wait(0.3)
        #expect(lp.state == .began)
        h.touch(.moved, Point(190, 130))
        #expect(lp.state == .changed)
        h.touch(.ended, Point(190, 130))
    }
}

@MainActor @Suite struct TapAndPanTests {
    @Test func tapRecognisedOnQuickRelease() throws {
        let h = Harness()
        var taps = 0
        h.target.addGestureRecognizer(TapGestureRecognizer { _ in taps += 1 })
        h.touch(.began, Point(110, 110))
        h.wait(0.1)
        h.touch(.ended, Point(112, 111))
        #expect(taps == 1)
        // Outside the view: nothing.
        h.touch(.began, Point(10, 10))
        h.touch(.ended, Point(10, 10))
        #expect(taps == 1)
    }

    @Test func tapAndLongPressShareATouch() throws {
        let h = Harness()
        var tapped = false
        var pressed = false
        h.target.addGestureRecognizer(TapGestureRecognizer { _ in tapped = true })
        h.target.addGestureRecognizer(LongPressGestureRecognizer { g in if g.state == .began { pressed = true } })
        h.touch(.began, Point(150, 120))
        h.wait(0.6)
        #expect(pressed)
        h.touch(.ended, Point(150, 120))
        #expect(!tapped, "a recognised long press makes the tap fail")
    }

    @Test func panReportsTranslationAndVelocity() throws {
        let h = Harness()
        var states: [GestureRecognizer.State] = []
        let pan = PanGestureRecognizer { states.append($0.state) }
        h.target.addGestureRecognizer(pan)
        h.touch(.began, Point(120, 120))
        h.wait(0.016)
        h.touch(.moved, Point(125, 120))
        #expect(pan.state == .possible, "5 pt is within the hysteresis")
        h.wait(0.016)
        h.touch(.moved, Point(160, 120))
        #expect(pan.state == .began)
        #expect(pan.translation() == Point(40, 0))
        h.wait(0.016)
        h.touch(.moved, Point(200, 130))
        h.touch(.ended, Point(200, 130))
        #expect(states == [.began, .changed, .ended])
        #expect(pan.state == .possible, "reset after the sequence")
    }

    @Test func panCancelsTheButtonsHighlight() throws {
        let h = Harness()
        var fired = false
        let b = Button(title: "OK") { fired = true }
        b.frame = Rect(10, 10, 80, 44)
        let scroll = ScrollView(frame: Rect(0, 0, 400, 300))
        scroll.contentSize = Size(400, 1000)
        h.root.addSubview(scroll)
        scroll.addSubview(b)
        h.touch(.began, Point(20, 20))
        #expect(b.isHighlighted)
        h.touch(.moved, Point(20, 60))
        #expect(!b.isHighlighted)
        h.touch(.ended, Point(20, 60))
        #expect(!fired)
        #expect(scroll.contentOffset.y == 0, "cannot scroll above the top")
    }

    @Test func failureRequirementHoldsRecognition() throws {
        let h = Harness()
        var order: [String] = []
        let single = TapGestureRecognizer { _ in order.append("single") }
        let double = TapGestureRecognizer { _ in order.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        h.target.addGestureRecognizer(single)
        h.target.addGestureRecognizer(double)
        h.touch(.began, Point(150, 120))
        h.touch(.ended, Point(150, 120))
        #expect(order.isEmpty, "the single tap waits for the double tap to fail")
        h.wait(0.4)
        #expect(order == ["single"])
    }
}

@MainActor @Suite struct KeyTests {
    @Test func parsesKeyNames() throws {
        #expect(KeyPress(parsing: "ctrl+n") == KeyPress(.character("n"), modifiers: .control))
        #expect(KeyPress(parsing: "shift+f10")?.opensContextMenu == true)
        #expect(KeyPress(parsing: "menu")?.opensContextMenu == true)
        #expect(KeyPress(parsing: "escape") == KeyPress(.escape))
        #expect(KeyPress(parsing: "hyper+x") == nil)
        #expect(KeyPress(parsing: "") == nil)
    }

    @Test func tabMovesFocusAndReturnPressesTheButton() throws {
        let h = Harness()
        var pressed = ""
        let a = Button(title: "A") { pressed += "a" }
        let b = Button(title: "B") { pressed += "b" }
        a.frame = Rect(0, 0, 50, 44)
        b.frame = Rect(60, 0, 50, 44)
        h.root.addSubview(a)
        h.root.addSubview(b)
        h.root.dispatcher.handle(KeyPress(.tab))
        #expect(h.root.focusedView === a)
        h.root.dispatcher.handle(KeyPress(.tab))
        h.root.dispatcher.handle(KeyPress(.return))
        #expect(pressed == "b")
        h.root.dispatcher.handle(KeyPress(.tab, modifiers: .shift))
        #expect(h.root.focusedView === a)
    }
}

@MainActor @Suite(.serialized) struct TextFieldTests {
    /// Select All, then Copy, Cut and Paste from the keyboard; typing over a selection replaces it,
    /// and a one-line field pastes line breaks as spaces.
    @Test func selectAllCopyCutAndPaste() throws {
        let h = Harness()
        let f = TextField(text: "bob@example.com")
        f.frame = Rect(10, 10, 300, 36)
        h.root.addSubview(f)
        h.root.setFocus(f)
        let d = h.root.dispatcher!
        d.handle(KeyPress(.character("c"), modifiers: .control))
        #expect(f.pasteboard.string == nil, "nothing selected: nothing copied")
        d.handle(KeyPress(.character("a"), modifiers: .control))
        #expect(f.isAllSelected)
        d.handle(KeyPress(.character("c"), modifiers: .control))
        #expect(f.pasteboard.string == "bob@example.com")
        d.handleText("x")
        #expect(f.text == "x", "typing replaces the selection")
        f.pasteboard.string = "alice\nexample"
        d.handle(KeyPress(.character("v"), modifiers: .command))
        #expect(f.text == "xalice example")
        d.handle(KeyPress(.character("a"), modifiers: .control))
        d.handle(KeyPress(.character("x"), modifiers: .control))
        #expect(f.text.isEmpty)
        #expect(f.pasteboard.string == "xalice example")
        #expect(!f.isAllSelected)
    }

    @Test func typingEditingAndTheCaret() throws {
        let h = Harness()
        let f = TextField(placeholder: "Тема")
        f.frame = Rect(10, 10, 200, 36)
        h.root.addSubview(f)
        #expect(f.accessibilityLabelOrText == "Тема")
        h.touch(.began, Point(20, 20))
        h.touch(.ended, Point(20, 20))
        #expect(h.root.focusedView === f)
        h.root.dispatcher.handleText("Привет")
        h.root.dispatcher.handle(KeyPress(.backspace))
        h.root.dispatcher.handle(KeyPress(.left))
        h.root.dispatcher.handleText("!")
        #expect(f.text == "Прив!е")
        #expect(f.caret == 5)
        var returned = false
        f.onReturn = { returned = true }
        h.root.dispatcher.handle(KeyPress(.return))
        #expect(returned)
    }

    @Test func editMenuOpensOnHold() throws {
        let h = Harness()
        var copied = false
        let edit = EditMenuInteraction { [EditMenuInteraction.Command(title: UIStrings.copy) { copied = true }] }
        h.target.addInteraction(edit)
        h.touch(.began, Point(150, 120))
        h.wait(0.6)
        h.touch(.ended, Point(150, 120))
        #expect(edit.isShowing)
        let button = h.root.firstView { ($0 as? Button)?.title == "Copy" }
        #expect(button != nil)
        (button as? Button)?.sendAction()
        #expect(copied)
        #expect(!edit.isShowing)
    }
}
