/// Slate's version, as the Debian package and Settings › About say it (`debian/changelog`).
public enum SlateVersion {
    /// "0.1.0".
    public static let string = "0.1.0"
}
