/// A language Tally's pages, messages, PDFs and commands are written in: one catalog each
/// (`Resources/po/<tag>.po`), and the pseudo-locale that shows what was left untranslated.
public enum Language: String, Sendable, Hashable, CaseIterable, Codable {
    case english = "en"
    case german = "de"
    case french = "fr"
    case spanish = "es"
    case portuguese = "pt-BR"
    case indonesian = "id"
    case japanese = "ja"
    case arabic = "ar"
    /// `en-XA`: English with every letter accented, bracketed and 40 % longer, so a text that
    /// bypassed the catalog stands out on a page (the convention of Android and Chromium).
    case pseudo = "en-XA"

    /// The languages a person may choose (the pseudo-locale is for tests and translators).
    public static let offered: [Language] = [
        .english, .german, .french, .spanish, .portuguese, .indonesian, .japanese, .arabic,
    ]

    /// The catalog's BCP 47 tag: `en`, `pt-BR`, `en-XA`.
    public var tag: String { rawValue }

    /// The language of a BCP 47 language subtag (`de`, `pt`, the retired `in` for Indonesian), or
    /// nil when Tally has no catalog for it. Portuguese of any region reads the Brazilian catalog.
    public init?(subtag: String, region: String? = nil) {
        switch subtag.lowercased() {
        case "en": self = region == "XA" ? .pseudo : .english
        case "de": self = .german
        case "fr": self = .french
        case "es": self = .spanish
        case "pt": self = .portuguese
        case "id", "in": self = .indonesian
        case "ja": self = .japanese
        case "ar": self = .arabic
        default: return nil
        }
    }

    /// The name in English, for `GET /locales` and the docs.
    public var englishName: String {
        switch self {
        case .english: "English"
        case .german: "German"
        case .french: "French"
        case .spanish: "Spanish"
        case .portuguese: "Portuguese (Brazil)"
        case .indonesian: "Indonesian"
        case .japanese: "Japanese"
        case .arabic: "Arabic"
        case .pseudo: "Pseudo-locale"
        }
    }

    /// The name as its speakers write it, for the language picker.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .german: "Deutsch"
        case .french: "Français"
        case .spanish: "Español"
        case .portuguese: "Português (Brasil)"
        case .indonesian: "Bahasa Indonesia"
        case .japanese: "日本語"
        case .arabic: "العربية"
        case .pseudo: "[Ƥşéûδô-ļôçåļé]"
        }
    }

    /// Which way its text runs.
    public var direction: TextDirection { self == .arabic ? .rightToLeft : .leftToRight }

    /// The region whose formats a person gets who names only the language (`de` → `de-DE`):
    /// CLDR's likely subtags.
    public var likelyRegion: String {
        switch self {
        case .english: "US"
        case .german: "DE"
        case .french: "FR"
        case .spanish: "ES"
        case .portuguese: "BR"
        case .indonesian: "ID"
        case .japanese: "JP"
        case .arabic: "EG"
        case .pseudo: "XA"
        }
    }

    /// The catalogs to look a message up in, most specific first, ending before English (whose
    /// text is the msgid itself): `pt-BR` → `pt`.
    public var fallbacks: [String] {
        switch self {
        case .portuguese: ["pt-BR", "pt"]
        case .english: []
        default: [tag]
        }
    }
}

/// Which way a language's text runs: the page's `dir` attribute.
public enum TextDirection: String, Sendable, Hashable, Codable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"
}
