extension DateOrder {
    /// The order a person's own locale writes dates in, as the best phone apps follow the phone's
    /// regional format: a browser's `Accept-Language` (`en-GB,en;q=0.9`) or a shell's `LANG`
    /// (`en_US.UTF-8`). Nil when the locale does not say (`C`, `POSIX`, plain `en`): then the
    /// book's currency decides. The first tag that says wins.
    public init?(locales text: String) {
        for tag in text.split(separator: ",") {
            // "en-GB;q=0.9", "de_DE.UTF-8@euro": the language and region, nothing else.
            let name = tag.split(separator: ";", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let bare = name.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
            let parts = bare.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
            guard let language = parts.first?.trimmingSpaces(), !language.isEmpty,
                language == "*" || language.allSatisfy({ $0.isASCII && $0.isLetter })
            else { continue }
            // A region is two letters or three digits ("419"); a script ("Hant") is neither.
            let region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }
            if let region {
                self = Self.monthFirstRegions.contains(region) ? .monthFirst : .dayFirst
                return
            }
            if Self.monthFirstLanguages.contains(language) {
                self = .monthFirst
                return
            }
            // English alone is written both ways (en-US, en-GB): it does not say.
            if language == "en" || language == "c" || language == "posix" || language == "*" { continue }
            self = .dayFirst
            return
        }
        return nil
    }
}
