import Foundation
import Host
import UI

/// The arguments of one verb: flags (`--json`), options (`--out FILE`, `--out=FILE`) and the rest.
package struct Arguments {
    package var verb: String
    package var flags: Set<String> = []
    package var options: [String: String] = [:]
    package var positional: [String] = []

    /// The language the run speaks: `--locale`, else the environment's (`LC_ALL`, `LC_MESSAGES`,
    /// `LANG`), else English. Passed to every screen the run makes; nothing else keeps it.
    package func language() throws -> Language {
        guard let locale = options["locale"] else {
            return Language.fromEnvironment(ProcessInfo.processInfo.environment)
        }
        guard let language = Language(localeName: locale) else {
            throw UsageError("--locale is en or ru, not '\(locale)'")
        }
        return language
    }

    /// Options of the system's own that take a value; apps add theirs. Every other `--name` is a flag.
    package static let valued: Set<String> = [
        "out", "scale", "appearance", "locale", "device", "log", "repeat", "menu", "state-dir", "backend", "open",
        "timeout", "now", "dir", "data-dir", "exec", "completion", "multitasking", "renderer",
    ]

    package init(_ args: [String], valued: Set<String> = Arguments.valued) throws {
        guard let first = args.first else {
            verb = "help"
            return
        }
        verb = first == "--help" || first == "-h" ? "help" : first
        var i = 1
        while i < args.count {
            let a = args[i]
            if a.hasPrefix("--") {
                let body = String(a.dropFirst(2))
                if let eq = body.firstIndex(of: "=") {
                    options[String(body[..<eq])] = String(body[body.index(after: eq)...])
                } else if valued.contains(body) {
                    guard i + 1 < args.count else { throw UsageError("--\(body) needs a value") }
                    options[body] = args[i + 1]
                    i += 1
                } else {
                    flags.insert(body)
                }
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    package func double(_ name: String, default d: Double) throws -> Double {
        guard let v = options[name] else { return d }
        guard let x = Double(v), x > 0 else { throw UsageError("--\(name) wants a positive number, not '\(v)'") }
        return x
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// `slate help`'s text: `helpBody`, then the apps, each with the options it reads (which go with run,
/// session and app). The manual page and the shell completions are made from it (`HelpDocument`).
func helpText(apps: [AppEntry]) -> String {
    let named = apps.map { app in
        app.options.isEmpty
            ? app.name : app.name + " (" + app.options.sorted().map { "--\($0) DIR" }.joined(separator: ", ") + ")"
    }
    return helpBody + "\n\napps: " + named.joined(separator: ", ")
}

let helpBody = """
    slate — the iPad window system and its context menus, for Swift on Linux

    usage: slate VERB [options]

    verbs:
      run       Slate as a Wayland compositor in a window on the X11 or Wayland desktop, with the
                installed programs beside Slate's apps, each app a process of its own (started as
                `slate app NAME`); prints WAYLAND_DISPLAY and DISPLAY (X11 programs', through
                Xwayland, started when the first connects). --scale 1|2, --appearance light|dark,
                --locale en|ru, --device ipad-pro-12.9|ipad-pro-11, --portrait, --state-dir DIR;
                --multitasking full-screen|windowed: Full-Screen Apps (Split View, Slide Over) or
                Windowed Apps (windows resized, moved, tiled; the last mode used when not given);
                --in-process keeps Slate's apps inside the shell's process; --backend headless
                serves programs with no screen; --frame-times draws a live graph of the last
                frames' times (the lines: 8.3 ms, 16.7 ms); --renderer auto|gles2|pixman as in
                session. The keyboard on the glass shows for a
                field until a hardware key is pressed; SLATE_KEYBOARD=on-screen|hardware|external
                (squeekboard) says otherwise. With no display: one line saying so, exit code 2.
      session   Slate full screen on a tablet's (or computer's) own screen, from a text console:
                DRM/KMS and libinput (touch, pen, keyboard, mouse) through a seat (seatd or logind);
                the panel's own resolution, --scale 1|2 (else 2 when it keeps an iPad's points);
                --renderer auto|gles2|pixman (else WLR_RENDERER): auto draws with GLES2 on a GPU
                and with pixman where the GL is software or there is none; Ctrl+Alt+F1…F12 switch consoles, Ctrl+Alt+Backspace ends it; apps, --appearance,
                --locale, --device, --portrait, --state-dir, --multitasking, --in-process and
                --frame-times as in run. With no screen or seat to take: one line saying what is
                missing and what to do, exit code 2. At the login screen, "Slate" runs slate-session, which gives it
                what a desktop session has (a D-Bus session bus, XDG_CURRENT_DESKTOP=Slate:wlroots,
                the accessibility bus, the environment for D-Bus and systemd's services), then
                slate session, and ends with it.
      render    draw the screen headless to a PNG: --out FILE.png [--scale 1|2] [--appearance] [--locale]
                [--multitasking]; with --backend headless, as a Wayland compositor: --open
                "CMD ARGS[,CMD ARGS…]" starts
                programs and waits (--timeout S, 20) for their windows; --split puts the last beside
                the first app
      app       NAME: one app as a process of its own, in the Slate shell at $WAYLAND_DISPLAY
                (its windows, state and crashes are its own; the shell starts it this way);
                --now ISO-DATE: the date it believes it is
      install   a .desktop file for each app that starts it as a process of its own, and its icon
                (hicolor, PNGs and SVG): into --data-dir DIR (applications and icons), else
                $XDG_DATA_HOME; --dir DIR: the .desktop files alone, there; --exec PATH: the slate
                they start (else this one). The shell finds such apps like any program
      bench     print frame-time figures: [--json] [CASE-PREFIX...]
      script    run scripts headless on the virtual clock: FILE... [--out DIR] [--update-snapshots]
                (a failing step: exit code 1 and a PNG of the screen; a line that does not parse: 2);
                with --backend headless [--processes], as a compositor (and Slate's apps as processes)
      tour      the tour of every rule, as captioned PNG frames and index.html: [--out DIR]
      lint      check apps against the guidelines: [APP...] [--json], or --menu FILE.json for a menu
                on paper (exit 0 no error, 1 errors, 2 input that cannot be read)
      probe     a window that logs the gestures it sees (tap, long-press, pan): --log FILE
                (used by the end-to-end test under Xvfb)
      help      this text; --man: as the manual page slate(1) (roff); --completion bash|zsh: as
                the shell's completion script for slate

    Exit codes: 0 success, 1 failure, 2 bad usage or no display.
    """
