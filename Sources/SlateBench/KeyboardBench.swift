import Compositor
import Foundation
import Graphics
import Host
import OnScreenKeyboard
import Shell
import SlateLog
import SlateSystem
import Spelling
import UI

/// `slate bench keyboard…`: the keyboard on the glass — a key tapped to its character drawn in a 1 MB
/// note at 2× (≤ 4 ms median, ≤ 8.3 ms p99), the keyboard sliding up with a program's window resizing
/// above it (every frame ≤ 8.3 ms), and the suggestions for the word being typed (≤ 2 ms median,
/// English and Russian) — the figures issue 29 sets.
extension Bench {
    static var keyboardCases: [Case] {
        [
            Case(name: "keyboard.tap-key-1MB@2x") { keyboardTyping() },
            Case(name: "keyboard.slide-up-with-program@2x") { keyboardSlide() },
            Case(name: "keyboard.suggestions-en") { keyboardSuggestions(dictionary: "en_US", text: suggestionTextEN) },
            Case(name: "keyboard.suggestions-ru") { keyboardSuggestions(dictionary: "ru_RU", text: suggestionTextRU) },
        ]
    }

    /// Keys tapped on the keyboard into the middle of the 1 MB note: each sample the lift of a finger
    /// (the character typed) and the frame after it; `down` is the frame of the finger going down
    /// (the key's popup, the preedit).
    static func keyboardTyping() -> Result {
        withNotesScratch { dir in
            let s = ShellScreen(scale: 2, apps: [.mail, .notes], places: notesPlaces(bigNoteFolder(dir), scratch: dir))
            s.shell.keyboardPolicy = .onScreen
            // As a live screen does: the suggestions are worked out on a thread, not in the frame.
            s.shell.environment.backgroundWork.mode = .threads
            let t = openNote(s)
            _ = s.shell.setFocus(t)
            t.placeCaret(at: TextPosition(paragraph: t.storage.paragraphs.count / 2, offset: 0))
            t.scrollCaretToVisible()
            s.host.run(for: 1)
            guard let kb = s.shell.onScreenKeyboard?.view, s.shell.isKeyboardShown else {
                fail("bench: the keyboard did not show", code: 1)
            }
            let keys = Array("the quick brown fox jumps over the lazy dog ")
            // The keys' centres, by the character each types (the letters are lower case mid-sentence).
            @MainActor func centre(_ c: Character) -> Point? {
                kb.allViews().first {
                    c == " " ? $0.identifier == "space" : ($0.identifier == nil && $0.accessibilityLabel == String(c))
                }.map { $0.frameInRoot.center }
            }
            var xs: [Double] = []
            var downs: [Double] = []
            var cpu: [Double] = []
            for i in 0..<420 {
                let c = keys[i % keys.count]
                guard let p = centre(c) ?? centre(Character(c.uppercased())) else {
                    fail("bench: no key \(c)", code: 1)
                }
                s.clock.advance(by: HeadlessHost.frameInterval)
                let d0 = now()
                let id = s.host.touchDown(at: p)
                s.host.frame()
                let down = (now() - d0) * 1000
                s.clock.advance(by: 0.05)
                let t0 = now()
                let c0 = threadCPUTime()
                s.host.touchUp(id, at: p)
                s.host.frame()
                guard i >= 20 else { continue }
                xs.append((now() - t0) * 1000)
                cpu.append((threadCPUTime() - c0) * 1000)
                downs.append(down)
            }
            var r = result("keyboard.tap-key-1MB@2x", xs)
            r.extra["down-median"] = median(downs)
            r.extra["down-p99"] = p99(downs)
            r.extra["cpu-median"] = median(cpu)
            r.extra["cpu-p99"] = p99(cpu)
            return r
        }
    }

    /// The keyboard slides up for a program's field (foot's, through text-input-v3) ten times, the
    /// program's window resizing above it; each sample one frame of the slide, the program's new
    /// buffer composed as it comes. `max` is the slowest frame.
    static func keyboardSlide() -> Result {
        let rig = compositorRig(scale: 2)
        defer { rig.shutdown() }
        rig.shell.keyboardPolicy = .onScreen
        let foot = open(["foot", "-o", "scrollback.lines=0"], in: rig)
        guard let w = rig.shell.window(showing: foot) else { fail("bench: foot has no window", code: 1) }
        rig.shell.show(fullScreen: w.id)
        guard rig.run(until: { rig.shell.isKeyboardShown }, timeout: 10) else {
            fail("bench: foot's field did not ask for the keyboard (text-input-v3)", code: 1)
        }
        var xs: [Double] = []
        var cpu: [Double] = []
        let trace = ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil
        for _ in 0..<10 {
            rig.shell.keyboardPolicy = .hardware
            for _ in 0..<60 { rig.step(wait: 0.002) }
            rig.shell.keyboardPolicy = .onScreen
            let end = rig.host.clock.now + KeyboardMetrics.slideDuration + 0.05
            while rig.host.clock.now < end {
                rig.compositor.dispatch(timeout: 0.002)
                rig.host.clock.advance(by: HeadlessHost.frameInterval)
                let t0 = now()
                let c0 = threadCPUTime()
                rig.host.frame()
                xs.append((now() - t0) * 1000)
                cpu.append((threadCPUTime() - c0) * 1000)
                if trace {
                    let kb = rig.shell.onScreenKeyboard?.view.frame.minY ?? 0
                    Logger("bench", label: nil).info(
                        "frame \(fmt(xs.last!)) ms keyboard at \(kb) foot \(foot.pictureSize.map { "\($0)" } ?? "-")")
                }
                rig.compositor.framesShown()
            }
        }
        var r = result("keyboard.slide-up-with-program@2x", xs)
        r.extra["max"] = xs.max() ?? 0
        r.extra["frames"] = Double(xs.count)
        // The processor time of the frames' thread: what they cost on a machine nobody shares.
        r.extra["cpu-p99"] = p99(cpu)
        r.extra["cpu-max"] = cpu.max() ?? 0
        return r
    }

    static let suggestionTextEN = "the meeting moved to thursday and the room on the thrid floor is booked from ten"
    static let suggestionTextRU = "встреча перенесена на четверг переговорная на третьем этаже занта с десяти"

    /// The suggestions the keyboard asks for as `text` is typed, a letter at a time (every prefix of
    /// every word; one word is misspelled), from a dictionary read once before.
    static func keyboardSuggestions(dictionary: String, text: String) -> Result {
        let suggester = HunspellSuggester()
        let t0 = now()
        guard let index = suggester.index(dictionary) else { fail("bench: no \(dictionary) dictionary", code: 1) }
        let load = (now() - t0) * 1000
        let prefixes = text.split(separator: " ").flatMap { word in (1...word.count).map { String(word.prefix($0)) } }
        var i = 0
        var corrections: [Double] = []
        let xs = sample(prefixes.count * 5, warmup: 5) {
            let p = prefixes[i % prefixes.count]
            i += 1
            let a = now()
            let s = suggester.suggestions(for: p, dictionary: dictionary, limit: 3)
            if !s.isCorrect { corrections.append((now() - a) * 1000) }
        }
        var r = result("keyboard.suggestions-\(dictionary.prefix(2))", xs)
        r.extra["load-ms"] = load
        r.extra["index-words"] = Double(index.count)
        r.extra["index-MB"] = Double(index.byteCount) / 1_048_576
        r.extra["misspelled-median"] = corrections.isEmpty ? 0 : median(corrections)
        return r
    }
}
