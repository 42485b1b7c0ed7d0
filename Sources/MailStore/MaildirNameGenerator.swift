import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Makes Maildir unique names of the form `time.Ppid_counter.host`.
///
/// The clock is injected so tests can make names deterministic; the
/// counter belongs to this generator (no global state) and is protected by
/// a lock, so one generator can be shared between threads.
public final class MaildirNameGenerator: @unchecked Sendable {
    private let clock: @Sendable () -> Date
    private let processID: Int32
    private let hostName: String
    private let lock = NSLock()
    private var counter = 0  // guarded by `lock`

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - clock: gives the time written at the start of each name (injected: nothing in Slate below
    ///     the host reads the wall clock).
    ///   - processID: the process id in the name (defaults to this process's).
    ///   - hostName: the host name in the name (defaults to this machine's);
    ///     "/" and ":" are escaped as the Maildir spec asks.
    public init(clock: @escaping @Sendable () -> Date, processID: Int32? = nil, hostName: String? = nil) {
        self.clock = clock
        self.processID = processID ?? getpid()
        let host = hostName ?? MaildirNameGenerator.systemHostName()
        self.hostName = host.replacingOccurrences(of: "/", with: "\\057").replacingOccurrences(of: ":", with: "\\072")
    }

    /// The next unique name.
    public func next() -> String {
        let n: Int = lock.withLock {
            counter += 1
            return counter
        }
        let seconds = Int(clock().timeIntervalSince1970.rounded(.down))
        return "\(seconds).P\(processID)_\(n).\(hostName)"
    }

    private static func systemHostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
