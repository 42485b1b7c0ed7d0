import Foundation
import Graphics
import Host
import Menus
import SlateLog
import SlateScripts
import UI

/// This file's lines on the log.
private let log = Logger("script")

/// `slate script FILE... [--out DIR] [--update-snapshots]`: runs scripts headless on the virtual clock.
@MainActor enum ScriptCommand {
    static func run(_ args: Arguments, apps: [AppEntry]) throws -> Int32 {
        guard !args.positional.isEmpty else { throw UsageError("script needs at least one FILE") }
        // Every file is read and parsed before anything runs.
        var scripts: [(Script, URL)] = []
        for path in args.positional {
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
            else {
                log.error("cannot read the script \(path)")
                return 2
            }
            do {
                scripts.append((try ScriptParser.parse(text, source: path), URL(fileURLWithPath: path)))
            } catch {
                log.labelled(nil).error("\(error)")
                return 2
            }
        }
        let out = URL(fileURLWithPath: args.options["out"] ?? "out/script", isDirectory: true)
        var failed = 0
        for (script, url) in scripts {
            // Every script starts in English unless it says `locale ru` (each world is made in English).
            var (world, scratch) = makeWorld(apps: apps)
            // With --backend headless, a real compositor serves programs the script launches.
            var compositorWorld: CompositorWorld?
            if try CompositorCommand.backend(args) != nil, let shellWorld = world as? ShellWorld {
                compositorWorld = try CompositorWorld(
                    inner: shellWorld, processes: args.flags.contains("processes") ? apps : [], scratch: scratch)
                world = compositorWorld!
            }
            // The scratch folder goes last (defers run in reverse): the app processes end first,
            // saving into it, rather than finding it gone.
            defer { try? FileManager.default.removeItem(at: scratch) }
            defer { compositorWorld?.shutdown() }
            let runner = ScriptRunner(world: world, outputDirectory: out)
            runner.filesRoot = scratch.appendingPathComponent("Documents")
            runner.referenceDirectory = url.deletingLastPathComponent().appendingPathComponent("references")
            runner.updateSnapshots = args.flags.contains("update-snapshots")
            do {
                try runner.run(script)
                print("\(script.source): \(script.steps.count) steps passed")
            } catch {
                print("\(error)")
                failed += 1
            }
        }
        print("scripts: \(scripts.count - failed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// The world scripts act on: the shell with the demo apps, fresh sample mail and state in a scratch
    /// folder (the caller removes it), on the virtual clock at 1×.
    static func makeWorld(apps: [AppEntry]) -> (any ScriptWorld, scratch: URL) {
        let places = SystemBuilder.scratchPlaces()
        let world = ShellWorld(
            catalog: SystemBuilder.catalog(apps, places: places), stateHome: places.stateHome, scale: 1)
        world.textSuggester = SystemBuilder.suggester
        return (world, places.dataHome.deletingLastPathComponent())
    }
}
