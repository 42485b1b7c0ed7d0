import Foundation

/// SIGTERM and SIGINT as a request to end a run loop cleanly (save, close the connections, end the
/// programs it started) rather than an abrupt end. The handler only sets a flag; a loop asleep in
/// poll(2) wakes with EINTR and looks at it.
public enum TerminationRequest {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    /// Whether SIGTERM or SIGINT has arrived since `install()`.
    public static var isRequested: Bool { flag != 0 }

    /// Catches SIGTERM and SIGINT from now on (a second one of either ends the process at once).
    public static func install() {
        for s in [SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { sig in
                if TerminationRequest.flag != 0 {
                    signal(sig, SIG_DFL)
                    raise(sig)
                }
                TerminationRequest.flag = 1
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(s, &action, nil)
        }
    }
}
