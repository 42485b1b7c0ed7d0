import Foundation
import Graphics
import Scenes
import SystemUI
import UI

/// The last picture of each window of an app process, kept across the shell's restarts
/// (`$XDG_STATE_HOME/slate/shell/pictures/SESSION@SCALEx.png`): after a restart, the window shows
/// it at once, where it was, while its app starts behind it — as an iPad shows an app's snapshot
/// while it launches.
@MainActor final class WindowPictures {
    let folder: URL
    let codec: any RasterRenderer

    init(folder: URL, codec: any RasterRenderer) {
        self.folder = folder
        self.codec = codec
    }

    /// The picture kept for `session`, if there is one that reads.
    func picture(for session: String) -> PixelImage? {
        // Absent is fine: no picture kept shows the app's icon while it starts.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        for name in names where name.hasPrefix(session + "@") && name.hasSuffix("x.png") {
            let scale = Double(name.dropFirst(session.count + 1).dropLast(5)) ?? 1
            guard scale > 0, scale <= 4 else { continue }
            // A picture that does not read is as none (the next end of the shell writes it anew).
            if let p = try? codec.readPNG(folder.appendingPathComponent(name).path, scale: scale) { return p }
        }
        return nil
    }

    /// Keeps `pictures` (by session) and forgets every other window's. Returns the first failure (a
    /// full disk, a read-only folder, a file where the folder should be) — one for all the pictures,
    /// said once by the caller — and then touches nothing more.
    func keep(_ pictures: [String: PixelImage]) -> FileWriteError? {
        do {
            try AtomicFile.makeFolders(folder.path, permissions: 0o700)
        } catch {
            return error
        }
        var kept: Set<String> = []
        for (session, picture) in pictures where Self.isSafe(session) {
            let name = "\(session)@\(Self.scaleName(picture.scale))x.png"
            let path = folder.appendingPathComponent(name).path
            do {
                try AtomicFile.write(Data(try codec.pngData(picture)), to: path, permissions: 0o600)
                kept.insert(name)
            } catch {
                // The old pictures stay: a window shows its older picture rather than none.
                return FileWriteError(error, path: path)
            }
        }
        // A picture that cannot be removed is only an old one shown at the next start, once.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where name.hasSuffix("x.png") && !kept.contains(name) {
            unlink(folder.appendingPathComponent(name).path)
        }
        return nil
    }

    /// A session identifier that names a file in the folder and nothing outside it.
    static func isSafe(_ session: String) -> Bool {
        !session.isEmpty && session.count <= 128
            && session.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    static func scaleName(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }
}
