import Compositor
import Foundation
import Graphics
import Host
import UI

/// `slate probe --log FILE`: a real window (the compositor's, nested) whose one view logs each gesture it recognises, a line a
/// gesture (`tap`, `long-press`, `pan`), so an end-to-end test can drive it with xdotool and read back
/// what Slate saw.
@MainActor enum Probe {
    final class ProbeView: RootView {
        let pad = View()
        let status = Label("", style: .title2)
        var log: FileHandle?

        func record(_ line: String) {
            status.text = line
            log?.write(Data((line + "\n").utf8))
            print(line)
            fflush(nil)
        }

        init(size: Size, clock: any Clock) {
            super.init(size: size, clock: clock, environment: ScreenEnvironment())
            backgroundColor = .systemGroupedBackground
            pad.backgroundColor = .systemBackground
            pad.cornerRadius = 20
            pad.accessibilityLabel = "Probe"
            addSubview(pad)
            addSubview(status)
            let tap = TapGestureRecognizer { [weak self] _ in self?.record("tap") }
            let long = LongPressGestureRecognizer { [weak self] g in if g.state == .began { self?.record("long-press") }
            }
            let pan = PanGestureRecognizer { [weak self] g in if g.state == .ended { self?.record("pan") } }
            pad.addGestureRecognizer(tap)
            pad.addGestureRecognizer(long)
            pad.addGestureRecognizer(pan)
        }

        override func layoutSubviews() {
            pad.frame = bounds.insetBy(dx: 40, dy: 80)
            status.frame = Rect(40, 24, bounds.width - 80, 40)
        }
    }

    static func run(_ args: Arguments) throws -> Int32 {
        let clock = VirtualClock()
        let view = ProbeView(size: Size(1024, 768), clock: clock)
        if let path = args.options["log"] {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            guard let h = FileHandle(forWritingAtPath: path) else { throw UsageError("cannot write the log \(path)") }
            view.log = h
        }
        let host: LiveHost
        do {
            host = try LiveHost(root: view, clock: clock, backend: .nested, scale: 1, title: "Slate probe")
        } catch {
            return Slate.failure("\(error)", code: 2)
        }
        print("ready")
        fflush(nil)
        TerminationRequest.install()
        host.run()
        return 0
    }
}
