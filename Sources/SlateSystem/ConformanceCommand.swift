import Compositor
import Foundation
import Host
import Shell
import UI

/// `slate run --backend headless` under the Wayland conformance suite (wlcs): with
/// `SLATE_WLCS_CONTROL_FD` naming a socket the suite's integration module (`Tests/wlcs`) holds, the
/// shell runs with no apps and no installed programs, its scratch folders its own, and takes its
/// clients, windows' places and input from the suite over that socket (`ConformanceControl`).
@MainActor enum ConformanceCommand {
    /// The environment variable that names the control socket's descriptor.
    static let variable = "SLATE_WLCS_CONTROL_FD"

    /// The control socket's descriptor, when the suite started this run.
    static func controlDescriptor(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32? {
        environment[variable].flatMap { Int32($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }

    /// Serves the suite until it says `quit` or goes away.
    static func run(_ args: Arguments, control: Int32, device: Device) throws -> Int32 {
        guard try CompositorCommand.backend(args) == .headless else {
            throw UsageError("\(variable) is for the conformance suite: slate run --backend headless")
        }
        let clock = VirtualClock()
        let places = SystemBuilder.scratchPlaces(options: args.options)
        let shell = try SystemBuilder.makeShell(
            device: device, clock: clock, places: places, apps: [], language: try args.language())
        let live: LiveHost
        do {
            live = try LiveHost(
                root: shell, clock: clock, backend: .headless, scale: try args.double("scale", default: 1))
        } catch {
            return Slate.failure("\(error)", code: 1)
        }
        let conformance = ConformanceControl(live: live, descriptor: control)
        TerminationRequest.install()
        conformance.announceReady()
        live.run()
        live.compositor.shutdown()
        return 0
    }
}
