/// A gettext catalog (`.po`) read into its messages: what translators' tools (Poedit, Weblate)
/// write. Entries marked `fuzzy`, and ones with no translation, are left out, as gettext does at
/// run time, so their English shows.
public struct POFile: Sendable {
    /// One message's key: its context (`msgctxt`) and English text (`msgid`).
    public struct Key: Hashable, Sendable {
        /// The context, for a word that means two things (`msgctxt "verb"`).
        public let context: String?
        /// The English text.
        public let id: String

        /// A key.
        public init(_ id: String, context: String? = nil) {
            self.id = id
            self.context = context
        }
    }

    /// The translations: one string, or one per plural form.
    public private(set) var messages: [Key: [String]] = [:]
    /// The header's `Language` (`de`, `pt_BR`).
    public private(set) var language: String?
    /// The header's plural rule.
    public private(set) var plurals = PluralForms.english

    /// Reads a catalog. Refused with the line at fault when it is not a well-formed `.po`.
    public init(_ text: String, file: String = "catalog") throws(FieldError) {
        var entry = Entry()
        var lastField: String?
        var lineNumber = 0
        func fail(_ message: String) -> FieldError { FieldError("\(file):\(lineNumber)", message) }
        func finish() throws(FieldError) {
            defer { entry = Entry() }
            guard let id = entry.id else {
                guard entry.strings.isEmpty else { throw fail("a msgstr without its msgid") }
                return
            }
            if id.isEmpty, entry.context == nil {
                try readHeader(entry.strings[0] ?? "")
                return
            }
            let forms = (0..<(entry.plural == nil ? 1 : plurals.count)).map { entry.strings[$0] ?? "" }
            guard !entry.fuzzy, !forms.contains(where: \.isEmpty) else { return }
            messages[Key(id, context: entry.context)] = forms
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.trimmingSpaces()
            if trimmed.isEmpty {
                try finish()
                lastField = nil
                continue
            }
            if trimmed.hasPrefix("#") {
                if trimmed.hasPrefix("#,"), trimmed.contains("fuzzy") { entry.fuzzy = true }
                continue
            }
            if trimmed.hasPrefix("\"") {
                guard let field = lastField else { throw fail("a string that continues nothing") }
                guard let value = Self.unquote(trimmed) else { throw fail("a malformed string") }
                try entry.append(field, value)
                continue
            }
            guard let space = trimmed.firstIndex(of: " ") else { throw fail("expected a keyword and a string") }
            let keyword = String(trimmed[..<space])
            guard let value = Self.unquote(trimmed[space...].trimmingSpaces()) else { throw fail("a malformed string") }
            // A new msgctxt or msgid after a msgstr begins the next entry, blank line or not.
            if keyword == "msgctxt" || keyword == "msgid", !entry.strings.isEmpty { try finish() }
            switch keyword {
            case "msgctxt", "msgid", "msgid_plural", "msgstr": break
            default:
                guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
                    let index = Int(keyword.dropFirst(7).dropLast()),
                    (0..<6).contains(index)
                else { throw fail("unknown keyword '\(keyword.prefix(20))'") }
            }
            lastField = keyword
            try entry.append(keyword, value, fresh: true)
        }
        try finish()
    }

    private mutating func readHeader(_ header: String) throws(FieldError) {
        for line in header.split(separator: "\n") {
            let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingSpaces() }
            guard pair.count == 2 else { continue }
            if pair[0] == "Language" { language = pair[1] }
            if pair[0] == "Plural-Forms" { plurals = try PluralForms(header: pair[1]) }
        }
    }

    /// What an entry gathered so far.
    private struct Entry {
        var context: String?
        var id: String?
        var plural: String?
        var strings: [Int: String] = [:]
        var fuzzy = false

        mutating func append(_ field: String, _ value: String, fresh: Bool = false) throws(FieldError) {
            switch field {
            case "msgctxt": context = (fresh ? "" : context ?? "") + value
            case "msgid": id = (fresh ? "" : id ?? "") + value
            case "msgid_plural": plural = (fresh ? "" : plural ?? "") + value
            case "msgstr": strings[0] = (fresh ? "" : strings[0] ?? "") + value
            default:
                let index = Int(field.dropFirst(7).dropLast()) ?? 0
                strings[index] = (fresh ? "" : strings[index] ?? "") + value
            }
        }
    }

    /// The text of a C string literal (`"a \"b\"\n"`), or nil when it is not one.
    static func unquote(_ literal: some StringProtocol) -> String? {
        guard literal.count >= 2, literal.first == "\"", literal.last == "\"" else { return nil }
        var out = ""
        var escaped = false
        for c in literal.dropFirst().dropLast() {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "\"", "\\": out.append(c)
                default: return nil
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" {
                return nil
            } else {
                out.append(c)
            }
        }
        return escaped ? nil : out
    }
}
