import Foundation

/// Starts programs for the shell with `posix_spawnp` and reaps them itself (no run loop needed to
/// learn that one ended).
public enum Spawn {
    /// Starts `argv` (looked up on `PATH`) with `environment`, in `directory` when given, standard
    /// input from /dev/null. Returns its process id.
    public static func start(_ argv: [String], environment: [String: String], directory: String? = nil) throws -> pid_t
    {
        guard !argv.isEmpty else { throw CompositorError(description: "no program to start") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // The working directory through env(1) (`-C`): glibc's addchdir is not visible to Swift.
        let argv = directory.map { ["env", "-C", $0] + argv } ?? argv
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in cArgs { free(p) }
            for p in cEnv { free(p) }
        }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, cEnv)
        guard rc == 0 else {
            throw CompositorError(description: "cannot start \(argv[0]): \(String(cString: strerror(rc)))")
        }
        return pid
    }

    /// The exit status of `pid` if it has ended (it is reaped), else nil.
    public static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        // Exited normally: its code; killed by a signal: 128 + the signal, as shells report it.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
