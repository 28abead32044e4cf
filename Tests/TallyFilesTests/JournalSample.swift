import TallyCore
import TallyFiles

/// A small book's entries for the journal writers' tests: one of each kind of record, one in
/// another currency, hostile text, stand-in accounts and names that clean up alike.
enum JournalSample {
    static let usd = Currency(code: "USD")!
    static let eur = Currency(code: "EUR")!
    static let jpy = Currency(code: "JPY")!
    static let kwd = Currency(code: "KWD")!

    static func money(_ minor: Int64, _ currency: Currency = usd) -> Money {
        Money(minorUnits: minor, currency: currency)
    }

    static func date(_ text: String) -> LocalDate { LocalDate(text)! }

    static let groceries = JournalAccount(.expenses, ["Food", "Groceries"])
    static let taxi = JournalAccount(.expenses, ["Transportation", "Taxi"])
    static let salary = JournalAccount(.income, ["Salary"])
    static let debit = JournalAccount(.assets, ["Debit Card"])
    static let cash = JournalAccount(.assets, ["Cash"])
    static let card = JournalAccount(.liabilities, ["Credit Card"])
    static let uncategorised = JournalAccount(.expenses, ["Uncategorized"], placeholder: true)
    static let unassigned = JournalAccount(.assets, ["Unassigned"], placeholder: true)
    // A real category called like the stand-in, and two that clean up alike.
    static let realUncategorised = JournalAccount(.expenses, ["Uncategorized"])
    static let foodAndDrink = JournalAccount(.expenses, ["food & drink", "café"])
    static let foodDrink = JournalAccount(.expenses, ["Food-Drink", "Café"])

    /// The stand-ins first, as `JournalMapping.catalogue` orders them.
    static let reserved = [uncategorised, unassigned, groceries, taxi, salary, debit, cash, card]

    static let entries: [JournalEntry] = [
        JournalEntry(
            date: date("2026-01-05"),
            payee: "(Ref) Café; \"quoted\" @ 5\nnext\u{202E}line",
            note: "line one\r\nkey:: 1/0 [2020-01-01]\tend\n\n\\ last",
            tags: ["trip 2026", "a:b", "ok"],
            postings: [JournalPosting(groceries, money(4000)), JournalPosting(debit, money(-4000))]
        ),
        JournalEntry(
            date: date("2026-01-06"),
            payee: "Uber",
            note: "",
            postings: [
                JournalPosting(taxi, money(1355)),
                JournalPosting(card, money(-1250, eur), price: money(1355)),
            ]
        ),
        JournalEntry(
            date: date("2026-01-08"),
            payee: "ACME",
            note: "January",
            postings: [JournalPosting(debit, money(200_000)), JournalPosting(salary, money(-200_000))]
        ),
        JournalEntry(
            date: date("2026-01-09"),
            payee: "",
            note: "",
            postings: [JournalPosting(cash, money(10_000)), JournalPosting(debit, money(-10_000))]
        ),
        JournalEntry(
            date: date("2026-01-09"),
            payee: "Kiosk",
            note: "",
            postings: [
                JournalPosting(uncategorised, money(300, jpy)), JournalPosting(unassigned, money(-300, jpy)),
            ]
        ),
        JournalEntry(
            date: date("2026-01-10"),
            payee: "Souk",
            note: "",
            postings: [
                JournalPosting(realUncategorised, money(1500, kwd)),
                JournalPosting(foodAndDrink, money(1, kwd)),
                JournalPosting(foodDrink, money(1, kwd)),
                JournalPosting(cash, money(-1502, kwd)),
            ]
        ),
    ]

    /// The whole file a writer makes of the entries, after reserving the catalogue.
    static func file<Writer: JournalWriter>(_ writer: Writer) -> String {
        var writer = writer
        writer.reserve(reserved)
        return writer.header() + entries.map { writer.entry($0) }.joined()
    }
}
