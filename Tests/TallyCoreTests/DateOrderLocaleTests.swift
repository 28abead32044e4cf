import TallyCore
import Testing

/// `3/4` in the order of the person's own locale (a browser's Accept-Language, a shell's LANG).
@Suite("date order from a locale")
struct DateOrderLocaleTests {
    @Test(
        "a region decides, then a language written year first; plain English and C do not say",
        arguments: [
            ("en-US", DateOrder.monthFirst), ("en_US.UTF-8", .monthFirst), ("en-GB,en;q=0.9", .dayFirst),
            ("de-DE", .dayFirst), ("de_DE.UTF-8@euro", .dayFirst), ("fr", .dayFirst), ("ja", .monthFirst),
            ("zh-Hant-TW", .monthFirst), ("es-419", .dayFirst), ("en,en-US;q=0.8", .monthFirst),
            ("en-PH", .monthFirst), ("pt-BR", .dayFirst), ("C.UTF-8,de", .dayFirst),
            // From CLDR's Md pattern (scripts/date-orders.py): Nepal writes 07/05/2024 for 5 July
            // (a real receipt of Tests/receipts), Sweden and English Canada day first.
            ("ne-NP", .monthFirst), ("ne_NP.UTF-8", .monthFirst), ("ne", .monthFirst), ("sv-SE", .dayFirst),
            ("en-CA", .dayFirst),
        ]
    )
    func says(_ locale: String, _ order: DateOrder) {
        #expect(DateOrder(locales: locale) == order)
    }

    @Test(
        "no locale, C, POSIX, plain English or nonsense leave it to the book",
        arguments: ["", "C", "POSIX", "en", "*", ";q=1", ",,"]
    )
    func silent(_ locale: String) {
        #expect(DateOrder(locales: locale) == nil)
    }
}
