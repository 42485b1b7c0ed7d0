import Foundation
import UI

/// Why a file could not be written, said in one line in the person's language, with what to do.
///
/// Every write path of Slate (notes, drafts, the windows' state, the arrangement, settings) says its
/// failures with one of these: a full disk, a read-only disk or folder, and a file where a folder
/// should be each read as such — never as a raw `NSError`.
public struct FileWriteError: LocalizedFailure, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it was, from the system's error number.
    public enum Cause: Hashable, Sendable {
        /// No space left (`ENOSPC`), or the person's quota is used up (`EDQUOT`).
        case diskFull
        /// The file system is mounted read-only (`EROFS`).
        case readOnlyDisk
        /// The folder (or the file) may not be written by this user (`EACCES`, `EPERM`).
        case notPermitted
        /// A file stands where a folder should be (`ENOTDIR`, or a folder that cannot be made).
        case notAFolder
        /// A folder stands where the file should be (`EISDIR`).
        case isAFolder
        /// The folder is gone (`ENOENT`).
        case missingFolder
        /// Anything else, by the system's own words (`EIO`, `EFBIG`…).
        case other(String)
    }

    /// The file or folder the failure is about: for `notAFolder`, the file that stands in the way.
    public var path: String
    /// What kind of failure it was.
    public var cause: Cause
    /// The system's error number (0 when there was none).
    public var code: Int32

    /// A failure about `path`, classified by `code` (an `errno` value).
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
        switch code {
        case ENOSPC, EDQUOT: cause = .diskFull
        case EROFS: cause = .readOnlyDisk
        case EACCES, EPERM: cause = .notPermitted
        case ENOTDIR: cause = .notAFolder
        case EISDIR: cause = .isAFolder
        case ENOENT: cause = .missingFolder
        default: cause = .other(String(cString: strerror(code)))
        }
    }

    /// A failure of another kind (an encoding error), in the system's or the library's words.
    public init(path: String, reason: String) {
        self.path = path
        self.code = 0
        cause = .other(reason)
    }

    /// `error` as a write failure about `path`: itself when it is one, else by its `errno` when it
    /// carries one (a Foundation error), else in its own words cut to one line.
    public init(_ error: any Error, path: String) {
        if let e = error as? FileWriteError {
            self = e
        } else if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            posix.domain == NSPOSIXErrorDomain
        {
            self.init(path: path, code: Int32(posix.code))
        } else if (error as NSError).domain == NSPOSIXErrorDomain {
            self.init(path: path, code: Int32((error as NSError).code))
        } else if let code = Self.errno(ofCocoa: error as NSError) {
            self.init(path: path, code: code)
        } else {
            let line = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            self.init(path: path, reason: String(line.prefix(160)))
        }
    }

    /// The errno a Foundation file error stands for, when its code says it plainly.
    private static func errno(ofCocoa error: NSError) -> Int32? {
        guard error.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteNoPermission: return EACCES
        case .fileNoSuchFile: return ENOENT
        default: return nil
        }
    }

    /// What went wrong and where, in one line: "/home/a/Notes: the disk is full".
    public var message: LocalizedString {
        LocalizedString(en: path + ": " + reason.en, ru: path + ": " + reason.ru)
    }

    /// What went wrong, for a window that says it about its own document: the reason alone where
    /// the place is the document's own ("the disk is full"), with the name of what stands in the way
    /// where there is one ("a file stands where the folder “Notes” should be").
    public var summary: LocalizedString {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return switch cause {
        case .notAFolder:
            LocalizedString(
                en: "a file stands where the folder “%@” should be", ru: "на месте папки «%@» стоит файл"
            ).formatted(name)
        case .isAFolder:
            LocalizedString(
                en: "a folder stands where the file “%@” should be", ru: "на месте файла «%@» стоит папка"
            ).formatted(name)
        case .missingFolder:
            LocalizedString(en: "the folder “%@” is missing", ru: "папки «%@» нет").formatted(name)
        default: reason
        }
    }

    /// What went wrong, without where: "the disk is full".
    public var reason: LocalizedString {
        switch cause {
        case .diskFull: LocalizedString(en: "the disk is full", ru: "диск заполнен")
        case .readOnlyDisk: LocalizedString(en: "the disk is read-only", ru: "диск только для чтения")
        case .notPermitted: LocalizedString(en: "no permission to write there", ru: "нет прав на запись")
        case .notAFolder:
            LocalizedString(en: "a file stands where a folder should be", ru: "на месте папки стоит файл")
        case .isAFolder:
            LocalizedString(en: "a folder stands where the file should be", ru: "на месте файла стоит папка")
        case .missingFolder: LocalizedString(en: "the folder is missing", ru: "папки нет")
        case .other(let text): LocalizedString(verbatim: text)
        }
    }

    /// What the person can do about it, in a sentence.
    public var advice: LocalizedString {
        switch cause {
        case .diskFull:
            LocalizedString(en: "Free some space on the disk.", ru: "Освободите место на диске.")
        case .readOnlyDisk, .notPermitted:
            LocalizedString(en: "Make the folder writable.", ru: "Разрешите запись в папку.")
        case .notAFolder:
            LocalizedString(en: "Move that file out of the way.", ru: "Уберите этот файл.")
        case .isAFolder:
            LocalizedString(en: "Move that folder out of the way.", ru: "Уберите эту папку.")
        case .missingFolder:
            LocalizedString(en: "Make the folder again.", ru: "Создайте папку снова.")
        case .other:
            LocalizedString(en: "Check the disk.", ru: "Проверьте диск.")
        }
    }

    /// The message in English, for logs.
    public var description: String { message.en }
}
