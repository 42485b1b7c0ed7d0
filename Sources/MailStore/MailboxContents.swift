import Foundation

/// A mailbox with the summaries of its messages, as a message list shows it.
public struct MailboxContents: Sendable, Hashable {
    /// The mailbox.
    public var mailbox: Mailbox
    /// The messages, newest first.
    public var messages: [MessageSummary]
    /// Message files that were listed but could not be read (e.g. moved meanwhile).
    public var problems: [MaildirError]

    /// Creates mailbox contents; `messages` are sorted newest first.
    public init(mailbox: Mailbox, messages: [MessageSummary], problems: [MaildirError] = []) {
        self.mailbox = mailbox
        self.messages = messages.sortedNewestFirst()
        self.problems = problems
    }

    /// How many messages have not been seen.
    public var unreadCount: Int { messages.lazy.filter { !$0.isSeen }.count }
}

extension Maildir {
    /// How many bytes of each file are read for its summary.
    static let summaryHeadSize = 16 * 1024

    /// Lists `mailbox` and summarises each message, reading only the head of
    /// each file (the whole file only when its header section is longer).
    /// Files that vanish or cannot be read meanwhile are reported in
    /// `problems`; the rest are listed.
    public func contents(of mailbox: Mailbox) throws(MaildirError) -> MailboxContents {
        let refs = try messages(in: mailbox)
        let results = ResultSlots(count: refs.count)
        DispatchQueue.concurrentPerform(iterations: refs.count) { index in
            results.store(index, Maildir.summarize(refs[index]))
        }
        var summaries: [MessageSummary] = []
        summaries.reserveCapacity(refs.count)
        var problems: [MaildirError] = []
        for result in results.values() {
            switch result {
            case .success(let summary): summaries.append(summary)
            case .failure(let problem): problems.append(problem)
            case nil: break
            }
        }
        return MailboxContents(mailbox: mailbox, messages: summaries, problems: problems)
    }

    /// Reads the head of one message file and summarises it.
    public static func summarize(_ ref: MessageRef) -> Result<MessageSummary, MaildirError> {
        let path = ref.url.path
        do {
            var (data, complete) = try FileSystem.read(path, limit: summaryHeadSize)
            if !complete && !containsBlankLine(data) {
                data = try FileSystem.read(path).data
            }
            return .success(MessageSummary(ref: ref, preview: MessageParser.summary(data)))
        } catch {
            if error.code == ENOENT {
                return .failure(.messageMissing(uniqueName: ref.uniqueName, mailbox: ref.mailbox.fullName))
            }
            return .failure(.ioFailure(operation: "read", path: path, reason: error.text))
        }
    }

    private static func containsBlankLine(_ data: Data) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for b in data {
            if b == 0x0A && (previous == 0x0A || (previous == 0x0D && beforePrevious == 0x0A)) { return true }
            beforePrevious = previous
            previous = b
        }
        return false
    }
}

/// Fixed slots written by concurrent workers, each slot by exactly one worker.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<MessageSummary, MaildirError>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ index: Int, _ value: Result<MessageSummary, MaildirError>) {
        lock.withLock { slots[index] = value }
    }

    func values() -> [Result<MessageSummary, MaildirError>?] {
        lock.withLock { slots }
    }
}
