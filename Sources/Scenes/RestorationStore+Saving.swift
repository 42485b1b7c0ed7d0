import Foundation

// Saving: atomic writes of session files and the manifest, and reading files safely.
extension RestorationStore {
    /// Writes `records` (the sessions that changed), then `manifest` if one is given and it differs
    /// from the one on disk, then deletes the files of sessions the old manifest named and the new one
    /// does not. Returns when everything is on disk. Neither step reads or writes unchanged sessions,
    /// so the cost of a save follows what changed, not how many sessions there are.
    public func save(records: [SessionRecord], manifest: RestorationManifest?) throws(SceneError) {
        if isReadOnly { throw .stateReadOnly(path: folderPath) }
        if isInUse { return }  // another Slate's folder: this one runs without saving
        if let bad = records.first(where: { !SessionRecord.isValidIdentifier($0.id) }) {
            throw .stateUnwritable(path: folderPath, reason: "invalid session id '\(bad.id)'")
        }
        try makeFolders()
        guard lockFolder(report: log) else {
            if isInUse { return }
            throw .stateUnwritable(path: folderPath, reason: "the folder cannot be locked")
        }
        do {
            for r in records {
                try writeAtomically(
                    try encoder.encode(StoredSession(record: r)), in: sessionsPath, name: r.id + ".json",
                    syncFolder: false)
            }
            if !records.isEmpty { try syncFolder(sessionsPath) }
            guard var m = manifest, m != manifestOnDisk else { return }
            m.schemaVersion = Self.schemaVersion
            try writeAtomically(try encoder.encode(m), in: folderPath, name: "manifest.json", syncFolder: true)
            let gone = (manifestOnDisk?.allIdentifiers ?? []).subtracting(m.allIdentifiers)
            manifestOnDisk = m
            for id in gone { unlink(sessionPath(id)) }
        } catch let e as SceneError {
            foldersExist = false
            throw e
        } catch {
            foldersExist = false
            throw .stateUnwritable(path: folderPath, reason: Self.oneLine(error))
        }
    }

    func makeFolders() throws(SceneError) {
        if foldersExist { return }
        // New folders are private (0700); a file in the way is named.
        do {
            try AtomicFile.makeFolders(sessionsPath, permissions: 0o700)
        } catch {
            throw .stateNotWritten(error)
        }
        foldersExist = true
    }

    /// Temporary file in the same folder, write, fsync, rename over `dir/name`, and fsync the folder.
    func writeAtomically(_ data: Data, in dir: String, name: String, syncFolder sync: Bool) throws(SceneError) {
        let path = dir + "/" + name
        temporaryCount += 1
        let tmp = dir + "/." + name + ".\(getpid())-\(temporaryCount).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .stateNotWritten(stateFailure(errno, at: dir)) }
        var failure: Int32 = simulatedWriteError ?? 0
        if failure == 0 {
            data.withUnsafeBytes { buf in
                var done = 0
                while done < buf.count {
                    let n = write(fd, buf.baseAddress! + done, buf.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    done += n
                }
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure != 0 {
            unlink(tmp)
            // The folder: one line for all its files.
            throw .stateNotWritten(stateFailure(failure, at: dir))
        }
        guard rename(tmp, path) == 0 else {
            let code = errno
            unlink(tmp)
            throw .stateNotWritten(stateFailure(code, at: code == EISDIR ? path : dir))
        }
        filesWritten += 1
        bytesWritten += data.count
        if sync { try syncFolder(dir) }
    }

    /// The failure `code` in the state folder, said of the folder as a whole — one line for all its
    /// files — unless something stands in the way, which is named.
    func stateFailure(_ code: Int32, at path: String) -> FileWriteError {
        let failure = AtomicFile.failure(code, at: path)
        switch failure.cause {
        case .notAFolder, .isAFolder: return failure
        default: return FileWriteError(path: folderPath, code: code)
        }
    }

    func syncFolder(_ dir: String) throws(SceneError) {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .stateNotWritten(stateFailure(errno, at: dir)) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw .stateNotWritten(stateFailure(errno, at: dir)) }
    }

    // MARK: Files

    struct ReadError: Error {
        var code: Int32
        var reason: String
    }

    /// The whole file, read with POSIX calls (cheaper than Foundation's for many small files).
    static func readFile(_ path: String, in folderFD: Int32) -> Result<Data, ReadError> {
        let fd = openat(folderFD, path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(ReadError(code: errno, reason: errnoText())) }
        defer { close(fd) }
        var info = stat()
        let size = fstat(fd, &info) == 0 ? max(0, Int(info.st_size)) : 0
        var out = Data(count: size)
        var filled = 0
        while true {
            if filled == out.count { out.count += max(4096, out.count) }  // the file grew, or size was unknown
            let n = out.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadError(code: errno, reason: errnoText()))
            }
            if n == 0 { break }
            filled += n
        }
        out.count = filled
        return .success(out)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// An error as one short line (a JSON decoding error says what and where, at most 160 characters).
    public static func oneLine(_ error: any Error) -> String {
        var text: String
        if let d = error as? DecodingError {
            switch d {
            case .dataCorrupted(let c): text = "not valid JSON: " + c.debugDescription
            case .keyNotFound(let k, _): text = "missing '\(k.stringValue)'"
            case .typeMismatch(_, let c):
                text = "wrong type at '\(c.codingPath.map(\.stringValue).joined(separator: "."))'"
            case .valueNotFound(_, let c):
                text = "no value at '\(c.codingPath.map(\.stringValue).joined(separator: "."))'"
            @unknown default: text = "\(d)"
            }
        } else {
            text = "\(error)"
        }
        text = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.count > 160 ? String(text.prefix(159)) + "…" : text
    }
}
