import Foundation

/// An advisory lock (`flock`) on an app's state folder, so two Slates never save over each other.
///
/// The lock is held by the process, not by one store: stores of the same folder in one process (a
/// reader beside a writer, in tests and benchmarks) share it, and it is released when the last of
/// them goes. Another process asking for it is refused at once (`LOCK_NB`), never made to wait.
final class StateFolderLock: @unchecked Sendable {
    static let shared = StateFolderLock()

    private let mutex = NSLock()
    /// How often, and how far apart, a lock that looks held is tried again (at most 100 ms in all).
    static let busyRetries = 20
    static let busyRetryMicroseconds: useconds_t = 5000
    /// Per folder: the descriptor holding the lock and how many stores hold it.
    private var held: [String: (fd: Int32, count: Int)] = [:]

    /// Why the lock could not be taken.
    enum Refusal: Error {
        /// Another process holds it.
        case inUse
        /// The folder could not be opened (it does not exist, or is not a folder).
        case cannotOpen(String)
    }

    /// Takes the lock on `folder` for one more holder.
    func acquire(_ folder: String) -> Result<Void, Refusal> {
        mutex.lock()
        defer { mutex.unlock() }
        if let h = held[folder] {
            held[folder] = (h.fd, h.count + 1)
            return .success(())
        }
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.cannotOpen(String(cString: strerror(errno)))) }
        var busy = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let code = errno
            // A child this process is starting holds a copy of a released descriptor until it
            // execs (O_CLOEXEC takes effect only then), so a lock just given up may look held for
            // a moment: a few short tries before saying another process has it.
            if code == EWOULDBLOCK, busy < Self.busyRetries {
                busy += 1
                usleep(Self.busyRetryMicroseconds)
                continue
            }
            close(fd)
            return .failure(code == EWOULDBLOCK ? .inUse : .cannotOpen(String(cString: strerror(code))))
        }
        held[folder] = (fd, 1)
        return .success(())
    }

    /// Gives up one holder's share; the last one releases the lock.
    func release(_ folder: String) {
        mutex.lock()
        defer { mutex.unlock() }
        guard let h = held[folder] else { return }
        if h.count > 1 {
            held[folder] = (h.fd, h.count - 1)
        } else {
            held[folder] = nil
            close(h.fd)  // closing the last descriptor releases the flock
        }
    }
}
