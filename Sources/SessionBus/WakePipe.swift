import Foundation

/// A pipe one thread writes to so that another, asleep in `poll`, wakes: `readEnd` becomes readable
/// after `signal()` and stays so until `clear()`. Both ends are non-blocking and closed on exec.
final class WakePipe: @unchecked Sendable {
    /// The end to poll.
    let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        } else {
            // Out of descriptors: a worker then never sleeps long (poll on -1 returns at once).
            fds = [-1, -1]
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Makes `readEnd` readable (a full pipe already is).
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Reads everything written so far.
    func clear() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
