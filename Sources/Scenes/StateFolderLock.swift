import Foundation

/// An advisory lock (`flock`) on an app's state folder, so two Slates never save over each other.
///
/// The lock is held by the process, not by one store: stores of the same folder in one process (a
/// reader beside a writer, in tests and benchmarks) share it, and it is released when the last of
/// them goes. Another process asking for it is refused at once (`LOCK_NB`), never made to wait.
final class StateFolderLock: @unchecked Sendable {
    static let shared = StateFolderLock()

    private let mutex = NSLock()
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
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let code = errno
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
