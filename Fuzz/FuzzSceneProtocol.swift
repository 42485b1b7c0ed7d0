// libFuzzer target: the scene protocol's server (Sources/SlateCompositorShim/scene.c, the rest of
// the compositor's C and wlroots under it) and the Swift that handles what it hears (the compositor,
// the shell's app processes), as a hostile app process meets them. One headless shell with a
// well-behaved app process connected is made once a process (Tests/CompositorTests/SceneWireWorld.swift);
// each input is a new client on the real socket writing the raw wire (SceneWireClient.swift): requests
// from the protocols' own tables with ids, opcodes and arguments the input chooses, malformed
// messages, stray descriptors, shared memory shrunk under the compositor, while the shell acts too.
// After each input the client has hung up: nothing of it may be left in the shell, and the good
// client must still be served; otherwise the input traps and libFuzzer keeps it.
import Foundation

@MainActor enum SceneFuzz {
    static var world: SceneWireWorld?
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneProtocol(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        // A world that kept too much from past inputs (sessions asked for and closed) is replaced.
        if let w = SceneFuzz.world, w.isWorn || w.runs >= 20000 {
            w.shutdown()
            SceneFuzz.world = nil
        }
        if SceneFuzz.world == nil {
            do {
                SceneFuzz.world = try SceneWireWorld()
            } catch {
                fatalError("scene fuzz: \(error)")
            }
        }
        if let broken = SceneFuzz.world?.run(input) { fatalError("scene fuzz: \(broken)") }
        SceneFuzz.count += 1
        if SceneFuzz.stats, SceneFuzz.count % 1000 == 0 { SceneFuzz.printStats() }
    }
    return 0
}

extension SceneFuzz {
    static var count = 0
    /// SLATE_FUZZ_STATS set: every 1,000 inputs, what the process holds (to see a leak as it grows).
    static let stats = ProcessInfo.processInfo.environment["SLATE_FUZZ_STATS"] != nil

    static func printStats() {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").compactMap { Int($0) }
        let maps = ((try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? "").split(separator: "\n")
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
        let line =
            "scene fuzz stats: \(count) inputs, rss \(pages.count > 1 ? pages[1] * 4 / 1024 : -1) MB, "
            + "shared \(pages.count > 2 ? pages[2] * 4 / 1024 : -1) MB, "
            + "maps \(maps.count), fds \(fds), windows \(world?.shell.windows.count ?? -1), apps \(world?.shell.apps.count ?? -1)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
