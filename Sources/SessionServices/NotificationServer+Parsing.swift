import Foundation
import Graphics
import Rendering
import Scenes
import SessionBus
import ShellPorts

extension NotificationServer {
    /// A `Notify` call's arguments (`susssasa{sv}i`) as a notification, bounded: the title and app
    /// name cut, the body's markup read and cut (`NotificationMarkup`), at most
    /// `NotificationLimits.actions` actions, the picture (`image-data`, or the older `image_data` and
    /// `icon_data`) scaled to `NotificationLimits.imagePixels` a side. Its number is `replaces_id`
    /// (0: the server numbers it). Arguments of the wrong types throw `InvalidArgs`; hints of the
    /// wrong types are passed over, as the spec asks.
    nonisolated static func notification(
        from arguments: MessageReader, sender: String, date: Date
    ) throws(BusError) -> ShellNotification {
        let appName = try arguments.string()
        let replaces = try arguments.uint32()
        let appIcon = try arguments.string()
        let summary = try arguments.string()
        let body = try arguments.string()
        var flat: [String] = []
        let actionList = try arguments.contents()
        while !actionList.isAtEnd, flat.count < 2 * NotificationLimits.actions { flat.append(try actionList.string()) }
        var actions: [ShellNotification.Action] = []
        for i in stride(from: 0, to: flat.count - 1, by: 2) {
            actions.append(
                .init(
                    key: NotificationMarkup.cut(flat[i], NotificationLimits.titleCharacters),
                    label: NotificationMarkup.cut(flat[i + 1], NotificationLimits.titleCharacters)))
        }
        var hints: [String: BusValue] = [:]
        var image: PixelImage?
        let hintList = try arguments.contents()
        while !hintList.isAtEnd {
            let entry = try hintList.contents()
            let key = try entry.string()
            if ["image-data", "image_data", "icon_data"].contains(key) {
                // The priority the spec gives: image-data over image_data over icon_data.
                let read = try? Self.image(fromVariant: entry)
                if let read, image == nil || key == "image-data" { image = read }
            } else {
                hints[key] = try entry.variant()
            }
        }
        let expire = try arguments.int32()
        // Else the picture at `image-path` (or the older `image_path`), else the app's icon: a file
        // or a name in the icon theme, drawn here, off the main thread.
        if image == nil {
            let named = hints["image-path"]?.string ?? hints["image_path"]?.string ?? appIcon
            image = Self.icon(named)
        }
        let urgency: ShellNotification.Urgency =
            switch hints["urgency"]?.integer {
            case 0: .low
            case 2: .critical
            default: .normal
            }
        // A Slate app process's (`x-slate-activity`, with its identifier as the desktop entry): a tap
        // opens the activity's window, as the app's own in the shell's process does.
        let desktopEntry = hints["desktop-entry"]?.string ?? ""
        let origin: ShellNotification.Origin =
            if let activity = hints["x-slate-activity"]?.string, !desktopEntry.isEmpty,
                activity.utf8.count <= NotificationLimits.bodyBytes
            {
                .app(identifier: desktopEntry, activity: activity.isEmpty ? nil : activity)
            } else {
                .bus(sender: sender)
            }
        return ShellNotification(
            id: replaces, appName: NotificationMarkup.cut(appName, NotificationLimits.titleCharacters),
            appIcon: NotificationMarkup.cut(appIcon, 4096),
            desktopEntry: NotificationMarkup.cut(
                hints["desktop-entry"]?.string ?? "", NotificationLimits.titleCharacters),
            title: NotificationMarkup.cut(summary, NotificationLimits.titleCharacters),
            body: NotificationMarkup.plainText(body), actions: actions, urgency: urgency,
            category: NotificationMarkup.cut(hints["category"]?.string ?? "", NotificationLimits.titleCharacters),
            date: date, expireTimeout: max(-1, expire), isResident: hints["resident"]?.bool ?? false,
            isTransient: hints["transient"]?.bool ?? false, origin: origin, image: image)
    }

    /// The largest PNG side read for an icon (a bigger file is not decoded: its pixels alone could be
    /// hundreds of megabytes).
    nonisolated static let largestIconPNG = 4096

    /// The picture for an `image-path` or `app_icon`: a `file://` URI, an absolute path, or a name in
    /// the icon theme (`AppIconTheme`), drawn into a square of `NotificationLimits.imagePixels`; nil
    /// when there is none, it cannot be read, or it is a PNG larger than `largestIconPNG` a side.
    nonisolated static func icon(_ named: String) -> PixelImage? {
        var name = named
        if name.hasPrefix("file://") { name = String(name.dropFirst("file://".count)).removingPercentEncoding ?? "" }
        guard !name.isEmpty, name.utf8.count < 4096 else { return nil }
        if name.hasPrefix("/"), name.lowercased().hasSuffix(".png") {
            guard let side = pngSide(name), side <= largestIconPNG else { return nil }
        }
        let env = ProcessInfo.processInfo.environment
        return AppIconTheme.image(
            named: name, pixels: NotificationLimits.imagePixels, scale: 1,
            dataDirectories: HomeFolder.dataDirectories(environment: env))
    }

    /// The larger side of the PNG at `path`, read from its header; nil when it is not a PNG.
    nonisolated static func pngSide(_ path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 24), head.count == 24,
            head.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        else { return nil }
        let bytes = [UInt8](head)
        func be(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return max(be(16), be(20))
    }

    /// The picture in a hint's variant: `(iiibiiay)` — width, height, rowstride, has alpha, bits per
    /// sample, channels, pixels.
    nonisolated static func image(fromVariant entry: MessageReader) throws(BusError) -> PixelImage? {
        let variant = try entry.contents()
        let fields = try variant.contents()
        let width = Int(try fields.int32())
        let height = Int(try fields.int32())
        let rowstride = Int(try fields.int32())
        let hasAlpha = try fields.bool()
        let bits = Int(try fields.int32())
        let channels = Int(try fields.int32())
        let data = try fields.bytes()
        return image(
            width: width, height: height, rowstride: rowstride, hasAlpha: hasAlpha, bitsPerSample: bits,
            channels: channels, data: data)
    }

    /// RGB or RGBA rows (8 bits a sample, as the spec's `image-data`) as a premultiplied BGRA picture
    /// of at most `NotificationLimits.imagePixels` a side, sampled nearest (a 10,000-pixel picture
    /// costs only the pixels kept); nil when the figures do not fit the data.
    public nonisolated static func image(
        width: Int, height: Int, rowstride: Int, hasAlpha: Bool, bitsPerSample: Int, channels: Int, data: [UInt8]
    ) -> PixelImage? {
        guard width > 0, height > 0, bitsPerSample == 8, channels == (hasAlpha ? 4 : 3),
            rowstride >= width * channels, width <= 1 << 15, height <= 1 << 15,
            data.count >= rowstride * (height - 1) + width * channels
        else { return nil }
        let side = NotificationLimits.imagePixels
        let scale = max(1, Double(max(width, height)) / Double(side))
        let w = max(1, Int((Double(width) / scale).rounded()))
        let h = max(1, Int((Double(height) / scale).rounded()))
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let sy = min(height - 1, Int((Double(y) + 0.5) * scale))
            for x in 0..<w {
                let sx = min(width - 1, Int((Double(x) + 0.5) * scale))
                let s = sy * rowstride + sx * channels
                let a = hasAlpha ? UInt32(data[s + 3]) : 255
                let o = (y * w + x) * 4
                out[o] = UInt8(UInt32(data[s + 2]) * a / 255)
                out[o + 1] = UInt8(UInt32(data[s + 1]) * a / 255)
                out[o + 2] = UInt8(UInt32(data[s]) * a / 255)
                out[o + 3] = UInt8(a)
            }
        }
        var image = PixelImage(width: w, height: h, scale: 1, pixels: out)
        image.isOpaque = !hasAlpha
        return image
    }
}
