import UI

extension LocalizedString {
    /// The string with its `%@` filled, in each language, by `name` in that language.
    func naming(_ name: LocalizedString) -> LocalizedString {
        LocalizedString(en: en.replacing("%@", with: name.en), ru: ru.replacing("%@", with: name.ru))
    }
}
