import TallyCore
import Testing

@Suite("Text rules: one-line names, multi-line notes")
struct TextRulesTests {
    /// Characters no one-line value may hold, each named in the message.
    static let invisible: [String] = [
        "\n", "\r", "\t", "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}",
        "\u{200B}", "\u{FEFF}", "\u{200E}", "\u{AD}", "\u{2066}",
    ]

    @Test("a one-line value refuses control, separator and invisible characters", arguments: invisible)
    func oneLineRefuses(_ bad: String) throws {
        let scalar = try #require(bad.unicodeScalars.first)
        #expect(TextRules.refused(in: "Cof\(bad)fee", lines: .one) == scalar)
        #expect(throws: FieldError("name", TextRules.message(scalar, lines: .one))) {
            try Validate.name("Cof\(bad)fee", field: "name", maxLength: 60)
        }
        #expect(throws: FieldError.self) { try Validate.line("a\(bad)b", field: "payee", maxLength: 200) }
        #expect(TextRules.message(scalar, lines: .one).contains(TextRules.name(scalar)))
    }

    @Test("a note keeps line breaks and tabs, and refuses the rest")
    func severalLines() throws {
        for good in ["two\nlines", "crlf\r\nlines", "a\ttab", "plain", "\u{1F468}\u{200D}\u{1F469} family"] {
            #expect(TextRules.refused(in: good, lines: .several) == nil, "\(good.debugDescription)")
            try Validate.text(good, field: "note", maxLength: 2000)
        }
        for bad in ["lone\rreturn", "bell\u{7}", "nul\u{0}", "bidi\u{202E}x", "zero\u{200B}width", "sep\u{2028}x"] {
            #expect(TextRules.refused(in: bad, lines: .several) != nil, "\(bad.debugDescription)")
            #expect(throws: FieldError.self) { try Validate.text(bad, field: "note", maxLength: 2000) }
        }
    }

    @Test("scripts and emoji that need a joiner or tag characters pass")
    func joiners() {
        let good = [
            "Café", "Zürich Bäckerei", "東京", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}",
            "\u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}\u{0627}\u{0647}\u{0645}", "\u{0915}\u{094D}\u{200D}\u{0937}",
            "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "\u{2764}\u{FE0F}", "a b",
        ]
        for text in good { #expect(TextRules.refused(in: text, lines: .one) == nil, "\(text.debugDescription)") }
        // A joiner with nothing to join, or a tag character without its flag, hides text instead.
        for text in ["\u{200D}lead", "trail\u{200D}", "a \u{200C} b", "x\u{E0041}"] {
            #expect(TextRules.refused(in: text, lines: .one) != nil, "\(text.debugDescription)")
        }
    }

    @Test("a bank's text is cleaned rather than refused")
    func cleaned() {
        #expect(TextRules.cleaned("ACME\tSTORE\r\n#12", lines: .one) == "ACME STORE #12")
        #expect(
            TextRules.cleaned("line one\r\nline two\u{2028}three", lines: .several) == "line one\r\nline two\nthree"
        )
        #expect(TextRules.cleaned("evil\u{202E}txt.exe\u{200B}", lines: .one) == "eviltxt.exe")
        #expect(TextRules.cleaned("nul\u{0}byte", lines: .several) == "nul byte")
        #expect(TextRules.cleaned("already fine", lines: .one) == "already fine")
        for text in ["a\u{85}b", "x\u{FEFF}", "\u{7}\u{1B}[31m"] {
            #expect(TextRules.refused(in: TextRules.cleaned(text, lines: .one), lines: .one) == nil)
        }
    }

    @Test("icons and roles are held to the same rules")
    func iconsAndRoles() throws {
        #expect(try Validate.icon("☕") == "☕")
        #expect(throws: FieldError.self) { try Validate.icon("a\u{202E}b") }
        #expect(try Role.input("editor") == .editor)
        for bad in ["ADMIN", "Editor", " viewer", "owner ", "", nil] as [String?] {
            #expect(throws: FieldError("role", "must be owner, editor or viewer (lower case)")) {
                try Role.input(bad)
            }
        }
    }

    @Test("code points are named as U+XXXX")
    func names() {
        #expect(TextRules.name("\n") == "U+000A")
        #expect(TextRules.name("\u{202E}") == "U+202E")
        #expect(TextRules.name("\u{E0041}") == "U+E0041")
    }
}
