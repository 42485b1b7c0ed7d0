import Foundation
import Scenes
import UI

/// What each page of Settings shows, read from the settings store and writing every choice back to
/// it (saved at once; the shell and every app process follow).
@MainActor struct SettingsContent {
    let store: SettingsStore
    /// Opens a page a row leads to.
    let open: (SettingsPage) -> Void
    /// The pictures Wallpaper offers (PNG files of the pictures folder).
    var pictures: () -> [URL] = { [] }

    /// The most pictures Wallpaper lists.
    static let pictureLimit = 12

    /// Slate's apps, as Settings names them (it links none of them).
    static let slateApps: [(identifier: String, name: LocalizedString)] = [
        ("org.slate.mail", LocalizedString(en: "Mail", ru: "Почта")),
        ("org.slate.notes", LocalizedString(en: "Notes", ru: "Заметки")),
        ("org.slate.settings", SettingsStrings.appName),
    ]

    /// The privileges the privacy settings keep, in the order Settings lists them.
    static let privileges: [(key: SettingKey<[String: Bool]>, name: LocalizedString)] = [
        (.privacyClipboard, SettingsStrings.clipboard), (.privacyScreen, SettingsStrings.screenRecording),
        (.privacyInput, SettingsStrings.input), (.privacyWindows, SettingsStrings.windows),
    ]

    /// The auto-lock choices in seconds (iPadOS's: 2, 5, 10, 15 minutes, Never).
    static let autoLockChoices: [Double] = [120, 300, 600, 900, 0]

    /// The page's title.
    func title(of page: SettingsPage) -> LocalizedString {
        switch page {
        case .section(let s): s.title
        case .autoLock: SettingsStrings.autoLock
        case .textSize: SettingsStrings.textSize
        case .appNotifications(let id): Self.name(ofApp: id)
        case .privilege(let key): Self.privileges.first { $0.key.name == key }?.name ?? LocalizedString(verbatim: key)
        }
    }

    /// An app's name: Slate's own by name, another by its identifier.
    static func name(ofApp id: String) -> LocalizedString {
        slateApps.first { $0.identifier == id }?.name ?? LocalizedString(verbatim: id)
    }

    /// The page's groups of rows.
    func groups(of page: SettingsPage) -> [SettingsGroup] {
        switch page {
        case .section(let s): groups(of: s)
        case .autoLock: [autoLockGroup]
        case .textSize:
            [
                SettingsGroup(
                    footer: SettingsStrings.textSizeFooter,
                    SettingsStrings.textSizes.map { size in
                        .choice(size.name, store[.textSize] == size.points) { store[.textSize] = size.points }
                    })
            ]
        case .appNotifications(let id): appNotificationGroups(id)
        case .privilege(let key): privilegeGroups(key)
        }
    }

    private func groups(of section: SettingsSection) -> [SettingsGroup] {
        switch section {
        case .general: generalGroups
        case .accessibility:
            [
                SettingsGroup(
                    footer: SettingsStrings.screenReaderFooter,
                    [.toggle(SettingsStrings.screenReader, store[.accessibilityBus]) { store[.accessibilityBus] = $0 }]),
                SettingsGroup([.link(SettingsStrings.textSize, detail: textSizeName) { open(.textSize) }]),
            ]
        case .display: displayGroups
        case .homeScreen: homeScreenGroups
        case .multitasking:
            [
                SettingsGroup(
                    footer: SettingsStrings.multitaskingFooter,
                    [
                        .choice(SettingsStrings.fullScreenApps, store[.multitasking] == .fullScreen) {
                            store[.multitasking] = .fullScreen
                        },
                        .choice(SettingsStrings.windowedApps, store[.multitasking] == .windowed) {
                            store[.multitasking] = .windowed
                        },
                        .choice(SettingsStrings.lastUsed, store[.multitasking] == .lastUsed) {
                            store.reset(.multitasking)
                        },
                    ]),
                SettingsGroup(
                    footer: SettingsStrings.gesturesFooter,
                    [
                        .toggle(SettingsStrings.gestures, store[.multitaskingGestures]) {
                            store[.multitaskingGestures] = $0
                        }
                    ]),
            ]
        case .keyboard: keyboardGroups
        case .wallpaper:
            [
                SettingsGroup(
                    [
                        ("", SettingsStrings.wallpaperSlate), ("dusk", SettingsStrings.wallpaperDusk),
                        ("graphite", SettingsStrings.wallpaperGraphite),
                    ].map { choice in
                        .choice(choice.1, store[.wallpaper] == choice.0) { store[.wallpaper] = choice.0 }
                    }),
                pictureGroup,
            ]
        case .notifications: notificationGroups
        case .lockScreen: lockScreenGroups
        case .privacy:
            [
                SettingsGroup(
                    footer: SettingsStrings.privacyFooter,
                    Self.privileges.map { privilege in
                        .link(privilege.name, detail: SettingsStrings.programs(store[privilege.key].count)) {
                            open(.privilege(privilege.key.name))
                        }
                    })
            ]
        case .about: aboutGroups
        }
    }

    /// The pictures folder's PNG files, each a choice (and the one chosen, if it is elsewhere).
    private var pictureGroup: SettingsGroup {
        let chosen = store[.wallpaper]
        var paths = pictures().map(\.path)
        if chosen.hasPrefix("/"), !paths.contains(chosen) { paths.insert(chosen, at: 0) }
        return SettingsGroup(
            SettingsStrings.pictures, footer: paths.isEmpty ? SettingsStrings.noPictures : nil,
            paths.map { path in
                .choice(LocalizedString(verbatim: Self.programName(path)), chosen == path) { store[.wallpaper] = path }
            })
    }

    private var generalGroups: [SettingsGroup] {
        let language = store[.language]
        let time = store[.timeFormat]
        return [
            SettingsGroup(
                SettingsStrings.language, footer: SettingsStrings.languageFooter,
                [
                    .choice(SettingsStrings.systemLanguage, language == .locale) { store.reset(.language) },
                    .choice(SettingsStrings.english, language == .english) { store[.language] = .english },
                    .choice(SettingsStrings.russian, language == .russian) { store[.language] = .russian },
                ]),
            SettingsGroup(
                SettingsStrings.dateTime,
                [
                    .choice(SettingsStrings.timeAutomatic, time == .locale) { store.reset(.timeFormat) },
                    .choice(SettingsStrings.time12, time == .twelveHour) { store[.timeFormat] = .twelveHour },
                    .choice(SettingsStrings.time24, time == .twentyFourHour) { store[.timeFormat] = .twentyFourHour },
                ]),
        ]
    }

    private var displayGroups: [SettingsGroup] {
        let automatic = store[.appearanceAutomatic]
        let dark = store[.darkMode]
        let scale = store[.displayScale]
        return [
            SettingsGroup(
                SettingsStrings.appearance, footer: SettingsStrings.automaticFooter,
                [
                    .choice(SettingsStrings.light, !automatic && !dark) {
                        store[.appearanceAutomatic] = false
                        store[.darkMode] = false
                    },
                    .choice(SettingsStrings.dark, !automatic && dark) {
                        store[.appearanceAutomatic] = false
                        store[.darkMode] = true
                    },
                    .toggle(SettingsStrings.automatic, automatic) { store[.appearanceAutomatic] = $0 },
                ]),
            SettingsGroup(
                SettingsStrings.text, [.link(SettingsStrings.textSize, detail: textSizeName) { open(.textSize) }]),
            SettingsGroup(
                SettingsStrings.displayScale, footer: SettingsStrings.scaleFooter,
                [
                    .choice(SettingsStrings.scaleAutomatic, scale == 0) { store.reset(.displayScale) },
                    .choice(SettingsStrings.scale1, scale == 1) { store[.displayScale] = 1 },
                    .choice(SettingsStrings.scale2, scale == 2) { store[.displayScale] = 2 },
                ]),
            SettingsGroup([.link(SettingsStrings.autoLock, detail: autoLockName) { open(.autoLock) }]),
        ]
    }

    private var textSizeName: LocalizedString {
        SettingsStrings.textSizes.first { $0.points == store[.textSize] }?.name
            ?? LocalizedString(verbatim: "\(Int(store[.textSize])) pt")
    }

    /// The auto-lock time chosen, as its row says it.
    private var autoLockName: LocalizedString { Self.autoLockName(store[.autoLockSeconds]) }

    static func autoLockName(_ seconds: Double) -> LocalizedString {
        seconds <= 0 ? SettingsStrings.never : SettingsStrings.minutes(Int((seconds / 60).rounded()))
    }

    private var autoLockGroup: SettingsGroup {
        SettingsGroup(
            Self.autoLockChoices.map { seconds in
                .choice(Self.autoLockName(seconds), store[.autoLockSeconds] == seconds) {
                    store[.autoLockSeconds] = seconds
                }
            })
    }

    private var homeScreenGroups: [SettingsGroup] {
        let dock = store[.dockApps]
        let others = dock.keys.filter { id in !Self.slateApps.contains { $0.identifier == id } }.sorted()
        let apps = Self.slateApps.map { ($0.identifier, $0.name) } + others.map { ($0, LocalizedString(verbatim: $0)) }
        return [
            SettingsGroup(
                SettingsStrings.inTheDock,
                apps.map { app in
                    .toggle(app.1, dock[app.0] ?? true) { on in
                        var changed = store[.dockApps]
                        changed[app.0] = on
                        store[.dockApps] = changed
                    }
                }),
            SettingsGroup(
                [.toggle(SettingsStrings.showRecents, store[.dockShowsRecents]) { store[.dockShowsRecents] = $0 }]),
        ]
    }

    private var keyboardGroups: [SettingsGroup] {
        let layouts = store[.keyboardLayouts]
        let mode = store[.keyboard]
        func layout(_ code: String, _ name: LocalizedString) -> SettingsRow {
            .toggle(name, layouts.contains(code)) { on in
                var changed = store[.keyboardLayouts].filter { $0 != code }
                if on { changed.append(code) }
                // One keyboard always stays.
                if changed.isEmpty { changed = [code] }
                store[.keyboardLayouts] = changed
            }
        }
        return [
            SettingsGroup(
                SettingsStrings.keyboards, footer: SettingsStrings.keyboardsFooter,
                [layout("en", SettingsStrings.english), layout("ru", SettingsStrings.russian)]),
            SettingsGroup(
                SettingsStrings.onScreenKeyboard,
                [
                    (KeyboardSetting.automatic, SettingsStrings.keyboardAutomatic),
                    (.onScreen, SettingsStrings.keyboardAlways), (.hardware, SettingsStrings.keyboardNever),
                    (.external, SettingsStrings.keyboardExternal),
                ].map { choice in
                    .choice(choice.1, mode == choice.0) { store[.keyboard] = choice.0 }
                }),
            SettingsGroup(
                SettingsStrings.shortcuts, footer: SettingsStrings.shortcutsFooter,
                [.toggle(SettingsStrings.predictive, store[.keyboardSuggestions]) { store[.keyboardSuggestions] = $0 }]),
        ]
    }

    private var notificationGroups: [SettingsGroup] {
        let allowed = store[.notificationsAllowed]
        let banners = store[.notificationBanners]
        let others = Set(allowed.keys).union(banners.keys).filter { id in
            !Self.slateApps.contains { $0.identifier == id }
        }.sorted()
        let apps = Self.slateApps.map(\.identifier) + others
        return [
            SettingsGroup(
                [.toggle(SettingsStrings.doNotDisturb, store[.doNotDisturb]) { store[.doNotDisturb] = $0 }]),
            SettingsGroup(
                SettingsStrings.notificationStyle,
                apps.map { id in
                    let detail =
                        allowed[id] == false
                        ? SettingsStrings.off
                        : banners[id] == false ? SettingsStrings.centerOnly : SettingsStrings.banners
                    return .link(Self.name(ofApp: id), detail: detail) { open(.appNotifications(id)) }
                }),
        ]
    }

    private func appNotificationGroups(_ id: String) -> [SettingsGroup] {
        let allowed = store[.notificationsAllowed][id] ?? true
        var groups = [
            SettingsGroup(
                [
                    .toggle(SettingsStrings.allowNotifications, allowed) { on in
                        var changed = store[.notificationsAllowed]
                        changed[id] = on
                        store[.notificationsAllowed] = changed
                    }
                ])
        ]
        if allowed {
            groups.append(
                SettingsGroup(
                    footer: SettingsStrings.bannersFooter,
                    [
                        .toggle(SettingsStrings.banners, store[.notificationBanners][id] ?? true) { on in
                            var changed = store[.notificationBanners]
                            changed[id] = on
                            store[.notificationBanners] = changed
                        }
                    ]))
        }
        return groups
    }

    private func privilegeGroups(_ name: String) -> [SettingsGroup] {
        guard let key = Self.privileges.first(where: { $0.key.name == name })?.key else { return [] }
        let answers = store[key]
        guard !answers.isEmpty else { return [SettingsGroup(footer: SettingsStrings.noPrograms, [])] }
        return [
            SettingsGroup(
                footer: SettingsStrings.privacyFooter,
                answers.keys.sorted().map { program in
                    .toggle(LocalizedString(verbatim: Self.programName(program)), answers[program] ?? false) { on in
                        var changed = store[key]
                        changed[program] = on
                        store[key] = changed
                    }
                })
        ]
    }

    /// A program as the privacy settings name it (a desktop-file id or a path): its last part.
    static func programName(_ program: String) -> String {
        String(program.split(separator: "/").last ?? Substring(program))
    }

    private var lockScreenGroups: [SettingsGroup] {
        let previews = store[.notificationPreviews]
        return [
            SettingsGroup(
                [
                    .link(SettingsStrings.autoLock, detail: autoLockName) { open(.autoLock) },
                    .toggle(SettingsStrings.lockAtStart, store[.lockAtStart]) { store[.lockAtStart] = $0 },
                ]),
            SettingsGroup(
                SettingsStrings.showPreviews,
                [
                    (NotificationPreviews.always, SettingsStrings.previewsAlways),
                    (.whenUnlocked, SettingsStrings.previewsWhenUnlocked), (.never, SettingsStrings.previewsNever),
                ].map { choice in
                    .choice(choice.1, previews == choice.0) { store[.notificationPreviews] = choice.0 }
                }),
        ]
    }

    private var aboutGroups: [SettingsGroup] {
        let info = ProcessInfo.processInfo
        let wlroots = info.environment["SLATE_WLROOTS_VERSION"].map { LocalizedString(verbatim: $0) }
        return [
            SettingsGroup(
                [
                    .value(SettingsStrings.name, LocalizedString(verbatim: info.hostName)),
                    .value(SettingsStrings.version, LocalizedString(verbatim: SlateVersion.string)),
                    .value(SettingsStrings.wlroots, wlroots ?? SettingsStrings.unknown),
                ]),
            SettingsGroup(
                [
                    .value(SettingsStrings.system, LocalizedString(verbatim: info.operatingSystemVersionString)),
                    .value(SettingsStrings.processors, LocalizedString(verbatim: "\(info.processorCount)")),
                    .value(SettingsStrings.memory, SettingsStrings.gigabytes(Double(info.physicalMemory) / 1e9)),
                ]),
        ]
    }
}
