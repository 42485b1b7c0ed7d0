/// The figures of alerts and of the notices a window shows about itself, each with its source.
public enum AlertMetrics {
    /// An alert card's width: iOS's alert (UIAlertController, iOS 17), as the shell's permission alert.
    public static let width: Double = 270
    /// An alert card's corner radius (UIAlertController, iOS 17).
    public static let cornerRadius: Double = 14
    /// One alert button's height (UIAlertController, iOS 17).
    public static let buttonHeight: Double = 44
    /// The padding around an alert's title and message (UIAlertController, iOS 17: 16 pt sides, 20 pt top).
    public static let padding: Double = 16
    /// How much the window behind an alert is dimmed (UIAlertController's dimming view: black at 0.2).
    public static let dim: Double = 0.2
    /// A notice's margin from the window's sides and the bar above it: iPadOS's 16 pt readable margin
    /// less the 4 pt a card's shadow takes, as Files' and Notes' in-window banners sit (Slate's reading).
    public static let noticeMargin: Double = 12
    /// A notice's inner padding (the 12 pt of iPadOS's inset-grouped cells).
    public static let noticePadding: Double = 12
    /// A notice's corner radius: iPadOS's inset-grouped card (10 pt).
    public static let noticeCornerRadius: Double = 10
    /// The symbol beside a notice's text: 22 pt, a body line's height.
    public static let noticeSymbolSize: Double = 22
    /// A notice's buttons: 32 pt high (a small bordered button, UIButton.Configuration `.small`).
    public static let noticeButtonHeight: Double = 32
    /// The space between a notice's buttons (8 pt, UIKit's standard spacing).
    public static let noticeButtonSpacing: Double = 8
}
