import Foundation
import TallyCore
import Testing

@testable import TallyFiles

@Suite("Ledger and Beancount writers")
struct JournalWriterTests {
    static let book = "Home; \"Ops\"\n"

    @Test("a Ledger journal of a small book, whole: prices, a transfer, stand-ins, hostile text")
    func ledgerFile() {
        let file = JournalSample.file(LedgerWriter(book: Self.book, currency: JournalSample.usd))
        #expect(file == Self.ledger + "\n")
    }

    @Test("a Beancount file of the same book, whole: open directives at first use, escaped strings")
    func beancountFile() {
        let file = JournalSample.file(BeancountWriter(book: Self.book, currency: JournalSample.usd))
        #expect(file == Self.beancount + "\n")
    }

    @Test(
        "Beancount account names: words with capitals joined by hyphens, always a valid start",
        arguments: [
            ("food & drink", "Food-Drink"), ("Eating out", "Eating-Out"), ("  ", "Unnamed"), ("💰", "Unnamed"),
            ("食費", "X-食費"), ("e\u{301}clair", "Éclair"), ("2024 trip", "2024-Trip"), ("straße", "Straße"),
            ("Debit Card", "Debit-Card"), ("a:b", "A-B"),
        ]
    )
    func beancountComponent(name: String, expected: String) {
        #expect(BeancountWriter.component(name) == expected)
    }

    @Test(
        "Ledger account names keep people's text on one line, without ':'",
        arguments: [("Food & Drink", "Food & Drink"), ("a:b", "a-b"), ("x\ty  z\n", "x y z"), ("", "Unnamed")]
    )
    func ledgerComponent(name: String, expected: String) {
        #expect(LedgerWriter.component(name) == expected)
    }

    @Test("reserved accounts keep their names whichever is used first; the clashing one gets a suffix")
    func reservedNamesWin() {
        var writer = BeancountWriter(book: "B", currency: JournalSample.usd)
        writer.reserve([JournalSample.uncategorised, JournalSample.foodDrink])
        let text = writer.entry(
            JournalEntry(
                date: JournalSample.date("2026-02-01"),
                payee: "P",
                note: "",
                postings: [
                    JournalPosting(JournalSample.realUncategorised, JournalSample.money(100)),
                    JournalPosting(JournalSample.foodAndDrink, JournalSample.money(100)),
                    JournalPosting(JournalSample.uncategorised, JournalSample.money(-200)),
                ]
            )
        )
        #expect(
            text == """

                2026-02-01 open Expenses:Uncategorized-2
                2026-02-01 open Expenses:Food-Drink-2:Café
                2026-02-01 open Expenses:Uncategorized
                2026-02-01 * "P" ""
                  Expenses:Uncategorized-2    1.00 USD
                  Expenses:Food-Drink-2:Café  1.00 USD
                  Expenses:Uncategorized      -2.00 USD

                """
        )
    }

    @Test("tags: Ledger's between colons, Beancount's as #tag; empty ones left out")
    func tags() {
        let entry = JournalEntry(
            date: JournalSample.date("2026-02-01"),
            payee: "P",
            note: "",
            tags: ["a b", "", "x:y", "ü"],
            postings: [
                JournalPosting(JournalSample.groceries, JournalSample.money(1)),
                JournalPosting(JournalSample.cash, JournalSample.money(-1)),
            ]
        )
        var ledger = LedgerWriter(book: "B", currency: JournalSample.usd)
        #expect(ledger.entry(entry).contains("\n    ; :a-b:x-y:ü:\n"))
        var beancount = BeancountWriter(book: "B", currency: JournalSample.usd)
        #expect(beancount.entry(entry).contains("* \"P\" \"\" #a-b #x-y #-\n"))
    }

    static let ledger = #"""
        ; Tally export of the book "Home; "Ops"", kept in USD

        2026-01-05 * () (Ref) Café, "quoted" @ 5 nextline
            ; line one
            ; key: : 1/0 (2020-01-01) end
            ;
            ; \ last
            ; :trip-2026:a-b:ok:
            Expenses:Food:Groceries    40.00 USD
            Assets:Debit Card          -40.00 USD

        2026-01-06 * Uber
            Expenses:Transportation:Taxi    13.55 USD
            Liabilities:Credit Card         -12.50 EUR @@ 13.55 USD

        2026-01-08 * ACME
            ; January
            Assets:Debit Card    2000.00 USD
            Income:Salary        -2000.00 USD

        2026-01-09 *
            Assets:Cash          100.00 USD
            Assets:Debit Card    -100.00 USD

        2026-01-09 * Kiosk
            Expenses:Uncategorized    300 JPY
            Assets:Unassigned         -300 JPY

        2026-01-10 * Souk
            Expenses:Uncategorized-2      1.500 KWD
            Expenses:food & drink:café    0.001 KWD
            Expenses:Food-Drink:Café      0.001 KWD
            Assets:Cash                   -1.502 KWD
        """#

    static let beancount = #"""
        option "title" "Home; \"Ops\""
        option "operating_currency" "USD"

        2026-01-05 open Expenses:Food:Groceries
        2026-01-05 open Assets:Debit-Card
        2026-01-05 * "(Ref) Café; \"quoted\" @ 5\nnextline" "line one\nkey:: 1/0 [2020-01-01] end\n\n\\ last" #trip-2026 #a-b #ok
          Expenses:Food:Groceries  40.00 USD
          Assets:Debit-Card        -40.00 USD

        2026-01-06 open Expenses:Transportation:Taxi
        2026-01-06 open Liabilities:Credit-Card
        2026-01-06 * "Uber" ""
          Expenses:Transportation:Taxi  13.55 USD
          Liabilities:Credit-Card       -12.50 EUR @@ 13.55 USD

        2026-01-08 open Income:Salary
        2026-01-08 * "ACME" "January"
          Assets:Debit-Card  2000.00 USD
          Income:Salary      -2000.00 USD

        2026-01-09 open Assets:Cash
        2026-01-09 * ""
          Assets:Cash        100.00 USD
          Assets:Debit-Card  -100.00 USD

        2026-01-09 open Expenses:Uncategorized
        2026-01-09 open Assets:Unassigned
        2026-01-09 * "Kiosk" ""
          Expenses:Uncategorized  300 JPY
          Assets:Unassigned       -300 JPY

        2026-01-10 open Expenses:Uncategorized-2
        2026-01-10 open Expenses:Food-Drink:Café
        2026-01-10 open Expenses:Food-Drink-2:Café
        2026-01-10 * "Souk" ""
          Expenses:Uncategorized-2    1.500 KWD
          Expenses:Food-Drink:Café    0.001 KWD
          Expenses:Food-Drink-2:Café  0.001 KWD
          Assets:Cash                 -1.502 KWD
        """#
}
