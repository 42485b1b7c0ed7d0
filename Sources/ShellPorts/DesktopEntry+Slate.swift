import Graphics
import Scenes

/// What a `.desktop` file says of a Slate app that runs as a process of its own, in the keys the
/// Desktop Entry Specification leaves to implementations (`X-`): the shell knows such an app — its
/// identifier, the activity types it declares and which open auxiliary windows, its icon — before
/// it runs, as an iPad knows an app from its Info.plist.
///
/// ```
/// X-Slate-App=org.slate.mail
/// X-Slate-Activity-Types=org.slate.mail.mailbox;org.slate.mail.message;org.slate.mail.compose;
/// X-Slate-Auxiliary-Activity-Types=org.slate.mail.message;org.slate.mail.compose;
/// X-Slate-Icon=envelope;#4FB3FF;#0A6CFF;#FFFFFF
/// ```
public struct SlateAppInfo: Hashable, Sendable {
    /// The app's reverse-DNS identifier (its state folder's name).
    public var identifier: String
    public var activityTypes: Set<String>
    public var auxiliaryActivityTypes: Set<String>
    /// The icon as Slate draws it; nil: a neutral one.
    public var icon: AppIcon?

    public init(
        identifier: String, activityTypes: Set<String>, auxiliaryActivityTypes: Set<String>, icon: AppIcon?
    ) {
        self.identifier = identifier
        self.activityTypes = activityTypes
        self.auxiliaryActivityTypes = auxiliaryActivityTypes
        self.icon = icon
    }

    /// Reads the keys of a `[Desktop Entry]` group; nil when it names no Slate app. An identifier
    /// that cannot name a state folder is refused (the entry is then a plain program); an icon that
    /// does not read is left out.
    static func parse(_ keys: [String: String]) -> SlateAppInfo? {
        guard let id = keys["X-Slate-App"], !id.isEmpty, id.count <= 255,
            id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) }), id.first != "."
        else { return nil }
        let types = Set(DesktopEntry.list(keys["X-Slate-Activity-Types"]))
        let auxiliary = Set(DesktopEntry.list(keys["X-Slate-Auxiliary-Activity-Types"])).intersection(types)
        return SlateAppInfo(
            identifier: id, activityTypes: types, auxiliaryActivityTypes: auxiliary,
            icon: keys["X-Slate-Icon"].flatMap(icon(from:)))
    }

    /// `symbol;#top;#bottom[;#symbol]`.
    static func icon(from value: String) -> AppIcon? {
        let parts = DesktopEntry.list(value)
        guard parts.count >= 3, !parts[0].isEmpty, let top = color(parts[1]), let bottom = color(parts[2]) else {
            return nil
        }
        let symbol = parts.count > 3 ? color(parts[3]) ?? .white : .white
        return AppIcon(symbol: parts[0], topColor: top, bottomColor: bottom, symbolColor: symbol)
    }

    static func color(_ s: String) -> Color? {
        guard s.count == 7, s.first == "#", let v = UInt32(s.dropFirst(), radix: 16) else { return nil }
        return Color(RGBA(hex: v))
    }

    /// The keys for an app, to write into its `.desktop` file.
    public static func keys(
        identifier: String, activityTypes: Set<String>, auxiliaryActivityTypes: Set<String>, icon: AppIcon
    ) -> [(String, String)] {
        func hex(_ c: Color) -> String {
            let v = [c.light.red, c.light.green, c.light.blue].map { Int(($0 * 255).rounded()).clamped(0, 255) }
            return "#" + v.map { String(format: "%02X", $0) }.joined()
        }
        return [
            ("X-Slate-App", identifier),
            ("X-Slate-Activity-Types", activityTypes.sorted().map { $0 + ";" }.joined()),
            ("X-Slate-Auxiliary-Activity-Types", auxiliaryActivityTypes.sorted().map { $0 + ";" }.joined()),
            (
                "X-Slate-Icon",
                [icon.symbol, hex(icon.topColor), hex(icon.bottomColor), hex(icon.symbolColor)].joined(separator: ";")
            ),
        ]
    }
}

extension Int {
    fileprivate func clamped(_ lo: Int, _ hi: Int) -> Int { Swift.min(Swift.max(self, lo), hi) }
}
