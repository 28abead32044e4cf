import Testing

@testable import TallyCore

@Suite struct TallyLocaleTests {
    @Test(
        arguments: [
            ("de-DE", "de-DE", Language.german, "DE"),
            ("de_de", "de-DE", .german, "DE"),
            ("pt-BR", "pt-BR", .portuguese, "BR"),
            ("pt-PT", "pt-PT", .portuguese, "PT"),
            ("ar-EG-u-nu-latn", "ar-EG-u-nu-latn", .arabic, "EG"),
            ("EN-in", "en-IN", .english, "IN"),
            ("ja", "ja", .japanese, "JP"),
            ("es-419", "es-419", .spanish, "419"),
            ("in-ID", "in-ID", .indonesian, "ID"),
            ("zh-Hant-TW", nil, nil, nil),
            ("en-XA", "en-XA", .pseudo, "XA"),
            ("sr-Latn-RS", nil, nil, nil),
            ("en-Latn-US", "en-Latn-US", .english, "US"),
        ] as [(String, String?, Language?, String?)]
    )
    func readsTags(raw: String, tag: String?, language: Language?, region: String?) {
        let locale = try? TallyLocale(raw)
        #expect(locale?.tag == tag)
        #expect(locale?.language == language)
        #expect(locale?.region == region)
    }

    @Test(arguments: [
        "", "d", "de-", "-DE", "de--DE", "de-DE-x", "de DE", "de-ZZ", "de-DE-u-nu-klingon", "deutsch", "1e-DE",
        "de-DE\u{0}",
    ])
    func refusesMalformedOrUnknownTags(raw: String) {
        #expect(throws: FieldError.self) { try TallyLocale(raw) }
        #expect((try? TallyLocale(raw, field: "locale")) == nil)
        do {
            _ = try TallyLocale(raw)
        } catch {
            #expect(error.field == "locale")
        }
    }

    @Test func anUntranslatedLanguageIsNamedAndTheOfferListed() {
        #expect(
            throws: FieldError(
                "locale",
                "Tally is not translated into 'sv'; choose one of en, de, fr, es, pt-BR, id, ja, ar"
            )
        ) {
            try TallyLocale("sv-SE")
        }
    }

    @Test func aLongTagIsRefusedWithoutEchoingAllOfIt() {
        let long = "de-" + String(repeating: "a", count: 10_000)
        do {
            _ = try TallyLocale(long)
            Issue.record("accepted")
        } catch {
            #expect(error.message.count < 120)
        }
    }

    @Test func arabicRunsRightToLeft() throws {
        #expect(try TallyLocale("ar-EG").direction == .rightToLeft)
        #expect(try TallyLocale("de-DE").direction == .leftToRight)
        #expect(Language.offered.count == 8)
        #expect(Language.offered.filter { $0.direction == .rightToLeft } == [.arabic])
    }
}

@Suite struct LocaleResolutionTests {
    @Test func theSettingComesFirstThenTheBrowserThenTheServer() throws {
        let server = try TallyLocale("fr-FR")
        #expect(LocaleResolution.resolve(setting: "de-DE", acceptLanguage: "ja", serverDefault: server).tag == "de-DE")
        #expect(LocaleResolution.resolve(setting: nil, acceptLanguage: "ja", serverDefault: server).tag == "ja")
        #expect(LocaleResolution.resolve(setting: nil, acceptLanguage: "sv, fi", serverDefault: server).tag == "fr-FR")
        #expect(LocaleResolution.resolve(setting: nil, acceptLanguage: nil, serverDefault: nil).tag == "en-US")
        // A stored tag that no longer reads is passed over.
        #expect(LocaleResolution.resolve(setting: "xx-YY", acceptLanguage: "es", serverDefault: nil).tag == "es")
    }

    @Test(arguments: [
        ("de-AT,de;q=0.9,en;q=0.8", "de-AT"),
        ("sv-SE,sv;q=0.9,pt;q=0.5,en;q=0.3", "pt"),
        ("en;q=0.5, ja;q=0.9", "ja"),
        ("fr;q=0, es", "es"),
        ("*;q=0.5, ar-EG;q=0.4", "ar-EG"),
        ("id-ID;q=1.0", "id-ID"),
        ("ja;q=2, de;q=0.1", "de"),
        ("de;q=abc, fr;q=0.2", "fr"),
    ])
    func acceptLanguageIsReadByWeight(header: String, expected: String) {
        #expect(LocaleResolution.preferred(header)?.tag == expected)
    }

    @Test func aHugeAcceptLanguageIsReadOnlySoFar() {
        let header = String(repeating: "sv;q=0.9, ", count: 50_000) + "de"
        #expect(LocaleResolution.preferred(header) == nil)
    }

    @Test func theCommandLineReadsTheEnvironmentAsPOSIXProgramsDo() throws {
        #expect(try LocaleResolution.fromEnvironment(["LANG": "de_DE.UTF-8"])?.tag == "de-DE")
        #expect(try LocaleResolution.fromEnvironment(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR"])?.tag == "fr-FR")
        #expect(
            try LocaleResolution.fromEnvironment(["LANG": "de_DE", "LC_ALL": "ja_JP.UTF-8", "LC_MESSAGES": "fr"])?.tag
                == "ja-JP"
        )
        #expect(try LocaleResolution.fromEnvironment(["LANG": "de_DE", "TALLY_LOCALE": "ar-EG"])?.tag == "ar-EG")
        #expect(try LocaleResolution.fromEnvironment(["LANG": "C.UTF-8"])?.tag == "en-US")
        #expect(try LocaleResolution.fromEnvironment(["LANG": "sv_SE.UTF-8"])?.tag == "en-SE")
        #expect(try LocaleResolution.fromEnvironment(["LANG": "pt_BR@euro"])?.tag == "pt-BR")
        #expect(try LocaleResolution.fromEnvironment(["LANG": ""]) == nil)
        #expect(try LocaleResolution.fromEnvironment([:]) == nil)
        #expect(throws: FieldError.self) { try LocaleResolution.fromEnvironment(["TALLY_LOCALE": "klingon"]) }
    }
}
