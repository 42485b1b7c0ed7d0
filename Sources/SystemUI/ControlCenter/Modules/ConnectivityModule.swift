import UI

/// Airplane Mode, Wi-Fi and Bluetooth in a 2 × 2 platter; a touch and hold on Wi-Fi lists the
/// networks in place of the grid. Hidden while the screen is locked: the radios are the person's
/// to change once they open it.
@MainActor final class ConnectivityModule: ControlCenterModule {
    let platter = ConnectivityModuleView()
    var view: ControlModuleView { platter }
    var span: ControlCenterGrid.Span { .init(2, 2) }

    func wire(to host: any ControlCenterHost, in panel: ControlCenterView) {
        platter.airplane.onToggle = { [weak host] on in host?.setAirplaneMode(on) }
        platter.wifi.onToggle = { [weak host] on in host?.services.network?.setWiFiEnabled(on) }
        platter.bluetooth.onToggle = { [weak host] on in host?.services.bluetooth?.setPowered(on) }
        let list = LongPressGestureRecognizer { [weak host, weak panel] gesture in
            guard gesture.state == .began, let host, let panel else { return }
            host.services.network?.scan()
            panel.showWiFiList(true)
            host.refreshControlCenter()
        }
        platter.wifi.addGestureRecognizer(list)
        panel.wifiList.onJoin = { [weak host] network in host?.services.network?.connect(to: network) }
    }

    func refresh(from host: any ControlCenterHost, in panel: ControlCenterView) {
        let network = host.services.network
        platter.airplane.isHidden = network?.airplaneMode == nil
        platter.airplane.isOn = host.settings[.airplaneMode]
        platter.wifi.isHidden = network?.wifi == nil
        platter.wifi.isOn = network?.wifi?.isEnabled ?? false
        platter.bluetooth.isHidden = host.services.bluetooth?.isPowered == nil
        platter.bluetooth.isOn = host.services.bluetooth?.isPowered ?? false
        let buttons = [platter.airplane, platter.wifi, platter.bluetooth]
        platter.isHidden = host.isLocked || buttons.allSatisfy(\.isHidden)
        if host.isLocked { panel.showWiFiList(false) }
        panel.wifiList.networks = network?.wifi?.networks ?? []
        panel.wifiList.isEnabled = network?.wifi?.isEnabled ?? false
    }
}
