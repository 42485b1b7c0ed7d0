import Graphics
import Testing

@testable import Shell

@Suite struct DeviceTests {
    @Test func devicesHaveTheirScreens() throws {
        #expect(Device(.iPadPro129, landscape: true).size == Size(1366, 1024))
        #expect(Device(.iPadPro11, landscape: false).size == Size(834, 1194))
        #expect(Device(parsing: "ipad-pro-11", orientation: "portrait") == Device(.iPadPro11, landscape: false))
        #expect(Device(parsing: "ipad-mini") == nil)
        #expect(Device(parsing: "ipad-pro-11", orientation: "sideways") == nil)
    }
}
