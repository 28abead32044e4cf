/// The messages of one language, with its fallback chain (`pt-BR` → `pt` → the English msgid):
/// what every page, message, PDF and command looks its text up in. Made once at start-up from
/// the `.po` files (`Catalogs`), then only read.
public struct Catalog: Sendable {
    /// Whose messages these are.
    public let language: Language
    /// The catalogs consulted in order, most specific first; English has none.
    private let files: [POFile]

    /// A catalog over `files`, the language's fallbacks in order.
    public init(_ language: Language, files: [POFile]) {
        self.language = language
        self.files = files
    }

    /// English: each msgid is its own text.
    public static let english = Catalog(.english, files: [])

    /// The text of `id` in this language, its placeholders (`{name}`) filled from `values`.
    public func text(_ id: String, context: String? = nil, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let key = POFile.Key(id, context: context)
        let found = files.lazy.compactMap { $0.messages[key]?.first }.first
        return Self.fill(shown(found, english: id), values)
    }

    /// The plural form for `count` of a message (`one`, `other` its English forms), with
    /// `{count}` and the other placeholders filled. `count` is filled as written by `formats`.
    public func plural(
        _ one: String,
        _ other: String,
        count: Int,
        context: String? = nil,
        formats: Formats,
        _ values: KeyValuePairs<String, String> = [:]
    ) -> String {
        let key = POFile.Key(one, context: context)
        var found: String?
        for file in files {
            guard let forms = file.messages[key] else { continue }
            let form = file.plurals.form(count)
            if form < forms.count {
                found = forms[form]
                break
            }
        }
        let english = count == 1 ? one : other
        var filled = Array(values)
        filled.append((key: "count", value: formats.number(count)))
        return Self.fill(shown(found, english: english), filled)
    }

    private func shown(_ found: String?, english: String) -> String {
        if let found { return found }
        return language == .pseudo ? Pseudo.text(english) : english
    }

    /// `template` with each `{name}` replaced by its value; an unknown name stays as written, so
    /// a translation's typo shows rather than vanishes. `{{` writes a brace.
    static func fill(_ template: String, _ values: some Sequence<(key: String, value: String)>) -> String {
        guard template.contains("{") else { return template }
        var lookup: [Substring: String] = [:]
        for (key, value) in values { lookup[Substring(key)] = value }
        var out = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest.index(after: open)
            if after < rest.endIndex, rest[after] == "{" {
                out += "{"
                rest = rest[rest.index(after: after)...]
                continue
            }
            guard let close = rest[after...].firstIndex(of: "}"), let value = lookup[rest[after..<close]] else {
                out += "{"
                rest = rest[after...]
                continue
            }
            out += value
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}
