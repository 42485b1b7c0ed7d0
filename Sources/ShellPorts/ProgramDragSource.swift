import Graphics

/// A drag between programs (a Wayland drag, wl_data_device) as the compositor tells the shell of
/// it: what it offers, the picture the program drags, and its data on request. The shell draws the
/// picture under the finger and takes drops on the screen's sides (W2b); programs take the rest.
@MainActor public protocol ProgramDragSource: AnyObject {
    /// Whether a program drags something now.
    var isDragging: Bool { get }
    /// The MIME types the drag offers.
    var offeredTypes: [String] { get }
    /// The picture the program drags and where its corner is from the finger (points); nil when it
    /// gave none.
    var icon: (picture: PixelImage, offset: Point)? { get }
    /// A count that moves each time the picture changes.
    var iconVersion: UInt32 { get }
    /// The drag's data as `mime`, read from its program now (it was dropped on the shell); nil when
    /// it did not send it in time.
    func read(_ mime: String) -> [UInt8]?
    /// No program's window is under the finger for the drag: a release now drops nowhere.
    func leavePrograms()
}

/// The MIME types Slate's representations travel as between programs.
public enum ProgramDragTypes {
    /// A Slate user activity, as JSON: the shell opens a window with it on a screen side (W2b).
    public static let userActivity = "application/vnd.slate.user-activity+json"
    /// Plain text in UTF-8, as Linux programs name it (the first of the names they read).
    public static let plainText = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"]
}
