import Testing

@testable import TallyCore

@Suite struct PluralFormsTests {
    /// Arabic's six forms, as CLDR gives them and gettext's header writes them.
    static let arabic =
        "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);"

    @Test func arabicTakesItsSixForms() throws {
        let rule = try PluralForms(header: Self.arabic)
        #expect(rule.count == 6)
        let forms = [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1000].map(rule.form)
        #expect(forms == [0, 1, 2, 3, 3, 4, 4, 5, 5, 5, 3, 4, 5])
    }

    @Test func frenchAndEnglishDifferAtZero() throws {
        #expect(try PluralForms(header: "nplurals=2; plural=(n > 1);").form(0) == 0)
        #expect(try PluralForms(header: "nplurals=2; plural=(n != 1);").form(0) == 1)
        #expect(try PluralForms(header: "nplurals=1; plural=0;").form(7) == 0)
        #expect(try PluralForms(header: "nplurals=2; plural=!(n == 1);").form(1) == 0)
    }

    @Test(arguments: [
        "nplurals=2; plural=(n != 1;", "nplurals=2;", "plural=n;", "nplurals=9; plural=0;", "nplurals=2; plural=n;",
        "nplurals=2; plural=n ? 1;", "nplurals=2; plural=x;", "nplurals=2; plural=(n == 1) 3;",
        "nplurals=2; plural=" + String(repeating: "(", count: 200) + "0" + String(repeating: ")", count: 200) + ";",
    ])
    func refusesMalformedRules(header: String) {
        #expect(throws: FieldError.self) { try PluralForms(header: header) }
    }

    @Test func aHugeCountStillHasAForm() throws {
        let rule = try PluralForms(header: Self.arabic)
        // Int.max ends in 07, as does Int.min's magnitude, clamped: Arabic's "few".
        #expect(rule.form(Int.min) == 3)
        #expect(rule.form(Int.max) == 3)
    }
}

@Suite struct POFileTests {
    static let german = #"""
        # German.
        msgid ""
        msgstr ""
        "Language: de\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\n"

        msgid "Save"
        msgstr "Speichern"

        msgctxt "verb"
        msgid "Record"
        msgstr "Erfassen"

        #, fuzzy
        msgid "Budget"
        msgstr "Etat"

        msgid "Untranslated"
        msgstr ""

        msgid "{count} record"
        msgid_plural "{count} records"
        msgstr[0] "{count} Buchung"
        msgstr[1] "{count} Buchungen"

        msgid "A \"quoted\" line\n"
        "and its second"
        msgstr "Eine \"zitierte\" Zeile\n"
        "und ihre zweite"
        msgid "Back to back"
        msgstr "Direkt danach"
        """#

    @Test func readsMessagesContextsPluralsAndContinuations() throws {
        let file = try POFile(Self.german)
        #expect(file.language == "de")
        #expect(file.plurals.count == 2)
        #expect(file.messages[.init("Save")] == ["Speichern"])
        #expect(file.messages[.init("Record", context: "verb")] == ["Erfassen"])
        #expect(file.messages[.init("Record")] == nil)
        #expect(file.messages[.init("Budget")] == nil, "fuzzy entries are left out")
        #expect(file.messages[.init("Untranslated")] == nil)
        #expect(file.messages[.init("{count} record")] == ["{count} Buchung", "{count} Buchungen"])
        #expect(
            file.messages[.init("A \"quoted\" line\nand its second")] == ["Eine \"zitierte\" Zeile\nund ihre zweite"]
        )
        #expect(file.messages[.init("Back to back")] == ["Direkt danach"])
    }

    @Test(arguments: [
        ("msgid \"a\nmsgstr \"b\"", 1), ("msgid \"a\"\nmsgstr \"b\\q\"", 2), ("\"orphan\"", 1),
        ("msgid \"a\"\nmsgtxt \"b\"", 2), ("msgid \"a\"\nmsgstr[9] \"b\"", 2), ("msgid \"a\" \"b\"", 1),
    ])
    func refusesMalformedCatalogsNamingTheLine(text: String, line: Int) {
        do {
            _ = try POFile(text, file: "de.po")
            Issue.record("accepted")
        } catch {
            #expect(error.field == "de.po:\(line)")
        }
    }

    @Test func aCatalogFallsBackAlongItsChainThenToEnglish() throws {
        let brazil = try POFile("msgid \"Save\"\nmsgstr \"Salvar\"\n")
        let portugal = try POFile("msgid \"Save\"\nmsgstr \"Guardar\"\n\nmsgid \"Cancel\"\nmsgstr \"Cancelar\"\n")
        let catalog = Catalog(.portuguese, files: [brazil, portugal])
        #expect(catalog.text("Save") == "Salvar")
        #expect(catalog.text("Cancel") == "Cancelar")
        #expect(catalog.text("Delete") == "Delete")
    }

    @Test func pluralsAndPlaceholdersAreWholeMessages() throws {
        let catalog = Catalog(.german, files: [try POFile(Self.german)])
        let formats = Formats(try TallyLocale("de-DE"))
        #expect(catalog.plural("{count} record", "{count} records", count: 1, formats: formats) == "1 Buchung")
        #expect(
            catalog.plural("{count} record", "{count} records", count: 12_345, formats: formats) == "12.345 Buchungen"
        )
        #expect(Catalog.english.plural("{count} record", "{count} records", count: 0, formats: .english) == "0 records")
        #expect(
            Catalog.english.text("Hello {name}, {{literal}} {unknown}", ["name": "Ana"])
                == "Hello Ana, {literal}} {unknown}"
        )
    }

    @Test func thePseudoLocaleMarksWhatWentThroughTheCatalog() {
        let catalog = Catalog(.pseudo, files: [])
        let text = catalog.text("Save {count} records", ["count": "3"])
        #expect(text == "[Šåṽé 3 ŕéçöŕđš ~~~~~]")
        #expect(Pseudo.isPseudo(text))
        #expect(!Pseudo.isPseudo("Save"))
    }
}
