import TallyCore
import Testing

/// What one quick-add line must scan to. `today` is Friday 27 November 2026, the book's
/// currency USD, slashed dates month first unless the case says otherwise.
struct ScanCase: CustomTestStringConvertible, Sendable {
    var line: String
    var amount: String?
    var currency = "USD"
    var plus = false
    var currencyTyped = false
    var date: String?
    var time: String?
    var words: [String]
    var order = QuickAddDateOrder.monthFirst

    var testDescription: String { line }
}

@Suite("QuickAddScan: amounts, dates and times of a quick-add line")
struct QuickAddScanTests {
    static let today = date("2026-11-27")

    static let cases: [ScanCase] = [
        ScanCase(
            line: "coffee 4.50 starbucks yesterday",
            amount: "4.50",
            date: "2026-11-26",
            words: ["coffee", "starbucks"]
        ),
        ScanCase(line: "lunch 4,50", amount: "4.50", words: ["lunch"]),
        ScanCase(line: "€12 pizza", amount: "12.00", currency: "EUR", currencyTyped: true, words: ["pizza"]),
        ScanCase(line: "pizza 12€", amount: "12.00", currency: "EUR", currencyTyped: true, words: ["pizza"]),
        ScanCase(line: "taxi 12 EUR", amount: "12.00", currency: "EUR", currencyTyped: true, words: ["taxi"]),
        ScanCase(line: "EUR 12 taxi", amount: "12.00", currency: "EUR", currencyTyped: true, words: ["taxi"]),
        ScanCase(line: "museum 15eur", amount: "15.00", currency: "EUR", currencyTyped: true, words: ["museum"]),
        ScanCase(line: "rent 1.234,56", amount: "1234.56", words: ["rent"]),
        ScanCase(line: "rent 1,234.56", amount: "1234.56", words: ["rent"]),
        ScanCase(line: "+3200 salary", amount: "3200.00", plus: true, words: ["salary"]),
        ScanCase(line: "ramen ¥1200", amount: "1200", currency: "JPY", currencyTyped: true, words: ["ramen"]),
        ScanCase(line: "groceries 23.10 friday", amount: "23.10", date: "2026-11-27", words: ["groceries"]),
        ScanCase(line: "groceries 23.10 last friday", amount: "23.10", date: "2026-11-20", words: ["groceries"]),
        ScanCase(line: "gas 40 on monday", amount: "40.00", date: "2026-11-23", words: ["gas"]),
        ScanCase(line: "gas 40 last mon", amount: "40.00", date: "2026-11-23", words: ["gas"]),
        ScanCase(line: "book 9.99 3/14", amount: "9.99", date: "2026-03-14", words: ["book"]),
        ScanCase(line: "book 9.99 14/3", amount: "9.99", date: "2026-03-14", words: ["book"]),
        ScanCase(line: "book 9.99 3/4", amount: "9.99", date: "2026-04-03", words: ["book"], order: .dayFirst),
        ScanCase(line: "book 9.99 3/4", amount: "9.99", date: "2026-03-04", words: ["book"]),
        ScanCase(line: "book 9.99 14.3.", amount: "9.99", date: "2026-03-14", words: ["book"]),
        ScanCase(line: "book 9.99 14.03.2025", amount: "9.99", date: "2025-03-14", words: ["book"]),
        ScanCase(line: "book 14.3", amount: "14.30", words: ["book"]),
        ScanCase(line: "book 9.99 2026-03-14", amount: "9.99", date: "2026-03-14", words: ["book"]),
        ScanCase(line: "dinner 40 14 mar", amount: "40.00", date: "2026-03-14", words: ["dinner"]),
        ScanCase(line: "dinner 40 march 14th 2025", amount: "40.00", date: "2025-03-14", words: ["dinner"]),
        ScanCase(line: "dinner 40 dec 31", amount: "40.00", date: "2025-12-31", words: ["dinner"]),
        ScanCase(line: "dinner 40 dec 2", amount: "40.00", date: "2026-12-02", words: ["dinner"]),
        ScanCase(line: "feb 29 flowers 9", amount: "9.00", date: "2024-02-29", words: ["flowers"]),
        ScanCase(line: "bus 2.80 8:30", amount: "2.80", time: "08:30", words: ["bus"]),
        ScanCase(line: "drinks 30 at 8pm", amount: "30.00", time: "20:00", words: ["drinks"]),
        ScanCase(line: "8:30 pm movie 12.50", amount: "12.50", time: "20:30", words: ["movie"]),
        ScanCase(line: "snack 2 12:05am", amount: "2.00", time: "00:05", words: ["snack"]),
        ScanCase(line: "lunch 12 may", amount: "12.00", words: ["lunch", "may"]),
        ScanCase(line: "2 coffees 7.80", amount: "7.80", words: ["2", "coffees"]),
        ScanCase(line: "lunch 12 with 3 friends", amount: "12.00", words: ["lunch", "with", "3", "friends"]),
        ScanCase(line: "coffee cup 3", amount: "3.00", words: ["coffee", "cup"]),
        ScanCase(line: "Café   3,20 today", amount: "3.20", date: "2026-11-27", words: ["Café"]),
        ScanCase(line: "7-eleven snacks 5", amount: "5.00", words: ["7-eleven", "snacks"]),
        ScanCase(line: "coffee", words: ["coffee"]),
    ]

    @Test("each line scans to its amount, date, time and words", arguments: cases)
    func scans(_ expected: ScanCase) throws {
        let scan = QuickAddScan(expected.line, book: .usd, today: Self.today, order: expected.order)
        let currency = try #require(Currency(code: expected.currency))
        let amount = try expected.amount.map { try Money.parse($0, currency: currency) }
        #expect(scan.amount == amount)
        #expect(scan.plus == expected.plus)
        #expect(scan.currencyTyped == expected.currencyTyped)
        #expect(scan.date == expected.date.map(date))
        #expect(scan.time?.description == expected.time)
        #expect(scan.words == expected.words)
        #expect(scan.amountProblem == nil)
    }

    @Test("a number that cannot be the amount is named, and nothing is made up")
    func problems() {
        let scan = QuickAddScan("coffee 4.505", book: .usd, today: Self.today)
        #expect(scan.amount == nil)
        #expect(scan.amountProblem == .tooManyDecimals(currency: .usd))
        #expect(scan.words == ["coffee"])
        let zero = QuickAddScan("coffee 0", book: .usd, today: Self.today)
        #expect(zero.amount == nil)
        #expect(zero.amountProblem == .notANumber("0"))
        let yen = QuickAddScan("sushi 12.50", book: .jpy, today: Self.today)
        #expect(yen.amountProblem == .tooManyDecimals(currency: .jpy))
    }

    @Test("impossible dates stay words")
    func impossibleDates() {
        let scan = QuickAddScan("lunch 9 2/30 13/14 31.2.", book: .usd, today: Self.today)
        #expect(scan.date == nil)
        #expect(scan.amount == Money(minorUnits: 900, currency: .usd))
        #expect(scan.words == ["lunch", "2/30", "13/14", "31.2."])
    }
}
