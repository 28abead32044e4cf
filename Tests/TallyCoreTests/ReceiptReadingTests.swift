import Foundation
import TallyCore
import Testing

/// Receipt text as Tesseract reads it, with its noise, and what it must propose.
@Suite("ReceiptReading: OCR text read into a proposal")
struct ReceiptReadingTests {
    static let today = LocalDate(year: 2026, month: 3, day: 20)!
    static let eur = Currency(code: "EUR")!
    static let payees = ["Whole Foods Market", "Starbucks", "Lidl", "Carrefour", "Trader Joe's"].map {
        Payee(name: $0, lastCategoryID: nil, lastAccountID: nil, lastAmount: nil)
    }

    static func read(_ text: String, currency: Currency = .usd, order: DateOrder = .monthFirst) -> ReceiptProposal {
        ReceiptReading.propose(text, book: ReceiptBook(currency: currency, payees: payees, order: order, today: today))
    }

    static func money(_ minor: Int64, _ currency: Currency = .usd) -> Money {
        Money(minorUnits: minor, currency: currency)
    }

    @Test func totalNotSubtotalTaxCashOrChange() {
        let proposal = Self.read(
            """
            WHOLE FOODS MARKET
            1O25 Main St, Springfield
            03/14/2026 10:42 AM
            BANANAS          1.99
            ORGANIC MILK     4.49
            SUBTOTAL        16.48
            TAX              1.32
            TOTAL           17.80
            CASH            50.00
            CHANGE          32.20
            """
        )
        #expect(proposal.amount == Self.money(1780))
        #expect(proposal.sources["amount"] == .total)
        #expect(proposal.date == LocalDate(year: 2026, month: 3, day: 14))
        #expect(proposal.payee == "Whole Foods Market")
        #expect(proposal.sources["payee"] == .payee)
        #expect(proposal.currency == .usd)
        #expect(proposal.sources["currency"] == .default)
    }

    @Test func ocrNoiseInTheTotal() {
        #expect(Self.read("Starbucks\nTOTAL  1O.5O\n").amount == Self.money(1050))
        #expect(Self.read("Starbucks\nTotal: $ 12 . 34\n").amount == Self.money(1234))
        #expect(Self.read("Starbucks\nGrand total l2,99\n").amount == Self.money(1299))
        #expect(Self.read("Shop\nAmount due 1 234.56\n").amount == Self.money(123_456))
    }

    @Test func germanReceiptCommaDecimalsDayFirst() {
        let proposal = Self.read(
            """
            LIDL
            Filiale 1234
            Milch 1,29
            Brot 2,49 A
            Zwischensumme 3,78
            SUMME EUR 3,78
            Gegeben 5,00
            Rückgeld 1,22
            14.03.26 09:12
            """,
            currency: .usd,
            order: .monthFirst
        )
        #expect(proposal.amount == Self.money(378, Self.eur))
        #expect(proposal.currency == Self.eur)
        #expect(proposal.sources["currency"] == .read)
        #expect(proposal.date == LocalDate(year: 2026, month: 3, day: 14))
        #expect(proposal.payee == "Lidl")
    }

    @Test func frenchTotalTTCAndAPayer() {
        let proposal = Self.read(
            "Boulangerie du Coin\n12 rue de la Paix\nTotal HT 8,00\nTVA 5,5% 0,44\nTotal TTC 8,44 €\n05/03/2026",
            currency: Self.eur,
            order: .dayFirst
        )
        #expect(proposal.amount == Self.money(844, Self.eur))
        #expect(proposal.date == LocalDate(year: 2026, month: 3, day: 5))
        #expect(proposal.payee == "Boulangerie du Coin")
        #expect(proposal.sources["payee"] == .firstLine)
        #expect(Self.read("CARREFOUR\nÀ PAYER 23,10\n", currency: Self.eur).amount == Self.money(2310, Self.eur))
    }

    @Test func datesInEveryOrder() {
        let cases: [(String, DateOrder, String)] = [
            ("2026-03-14", .monthFirst, "2026-03-14"),
            ("Date: 14/03/2026", .monthFirst, "2026-03-14"),
            ("03/02/2026", .dayFirst, "2026-02-03"),
            ("03/02/2026", .monthFirst, "2026-03-02"),
            ("14 Mar 2026 12:01", .monthFirst, "2026-03-14"),
            ("March 14, 2026", .dayFirst, "2026-03-14"),
            ("14. März 2026", .monthFirst, "2026-03-14"),
            ("O3/1O/2O26", .monthFirst, "2026-03-10"),
            ("2026/03/14", .monthFirst, "2026-03-14"),
        ]
        for (text, order, expected) in cases {
            #expect(Self.read("Shop\n\(text)\nTOTAL 1.00", order: order).date?.description == expected, "\(text)")
        }
    }

    @Test func futureAndAncientDatesAreSkipped() {
        let proposal = Self.read("Shop\nValid until 12/31/2027\nSold 03/01/2026\nTotal 4.00")
        #expect(proposal.date == LocalDate(year: 2026, month: 3, day: 1))
        #expect(Self.read("Shop\nTOTAL 4.00").date == nil)
    }

    @Test func withoutATotalLineTheLargestIsAGuess() {
        let proposal = Self.read("Kiosk\nCola 2.50\nChips 3.10\n")
        #expect(proposal.amount == Self.money(310))
        #expect(proposal.sources["amount"] == .largest)
        #expect(Self.read("nothing to read here").amount == nil)
        #expect(Self.read("nothing to read here").sources["amount"] == nil)
    }

    @Test func totalOnTheNextLineAndCurrencySigns() {
        #expect(Self.read("Shop\nTOTAL\n$ 9.99\nVISA 9.99").amount == Self.money(999))
        let pounds = Self.read("Tesco\nBalance due £4.20")
        #expect(pounds.amount == Self.money(420, Currency(code: "GBP")!))
    }

    @Test func knownPayeeWithATypoInTheHeader() {
        let proposal = Self.read("*** RECEIPT ***\nTRADER JOES #552\n2026-03-02\nTOTAL 3.00")
        #expect(proposal.payee == "Trader Joe's")
        #expect(Self.read("Welcome to\nStarbucsk Coffee\nTotal 5.00").payee == "Starbucks")
    }

    @Test func jsonRoundTripWritesNullsForUnreadFields() throws {
        let proposal = Self.read("nothing")
        let data = try JSONEncoder().encode(proposal)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["amount", "currency", "date", "payee", "text", "sources"])
        #expect(object["amount"] is NSNull)
        #expect(try JSONDecoder().decode(ReceiptProposal.self, from: data) == proposal)
        let full = Self.read("Starbucks\n2026-03-02\nTOTAL 3.00")
        #expect(try JSONDecoder().decode(ReceiptProposal.self, from: try JSONEncoder().encode(full)) == full)
    }

    /// Lines as Tesseract read real German and Nepali receipts of the test set (Tests/receipts/real).
    @Test func namesFromRealHeaders() {
        #expect(Self.read("R@®SSMANN\nMein Drogeriemarkt\nSumme EUR 1,95").payee == "ROSSMANN")
        #expect(Self.read("dm dm-drogerie markt\nSUMME EUR 3,55").payee == "dm-drogerie markt")
        #expect(Self.read("Saathimart .com\nNet Amount 185.00").payee == "Saathimart")
        #expect(Self.read("F Thalia\nSumme 49,90").payee == "Thalia")
        #expect(Self.read("Shop\nFeb 27,2025 11:04\nTOTAL 3.00").date == LocalDate(year: 2025, month: 2, day: 27))
        // Kaiser's prints no Summe: the Zwischensumme is what was paid, not the 20 euros given.
        let kaisers = Self.read(
            "Kaiser's Tengelmann GmbH\nLorettostraBe 26\nEUR\nKaese\n2,90\nZwischensumme EUR 15,95\nEURO 20, 00\nRueckgeld EUR 4,05",
            currency: Self.eur,
            order: .dayFirst
        )
        #expect(kaisers.payee == "Kaiser's Tengelmann" && kaisers.sources["payee"] == .firstLine)
        #expect(kaisers.amount == Self.money(1595, Self.eur) && kaisers.sources["amount"] == .subtotal)
        #expect(Self.read("info@shop.de\nCorner Shop\nTOTAL 3.00").payee == "Corner Shop", "an address is no name")
        // "EUR" over the price column is no shop; the logo's "PENNY-MARKT" is the known Penny's.
        let lidl = Self.read("EUR\nBananen 1,29 A\nzu zahlen 19,58", currency: Self.eur, order: .dayFirst)
        #expect(lidl.payee == nil && lidl.amount == Self.money(1958, Self.eur))
        let penny = ReceiptReading.propose(
            "kk PENNY-MARK T GmbH\nSUMME EUR 10,56\n18.10.2014",
            book: ReceiptBook(
                currency: Self.eur,
                payees: [Payee(name: "Penny", lastCategoryID: nil, lastAccountID: nil, lastAmount: nil)],
                order: .dayFirst,
                today: Self.today
            )
        )
        #expect(penny.payee == "Penny" && penny.sources["payee"] == .payee)
        #expect(penny.date == LocalDate(year: 2014, month: 10, day: 18), "a receipt kept 12 years is still read")
        #expect(Self.read("Shop\n01.01.2004\nTOTAL 3.00", order: .dayFirst).date == nil, "not over 20 years")
    }

    /// The signs that Tesseract read a receipt, not noise: a total line (2) and a date (1).
    @Test func cluesOfAReadReceipt() {
        #expect(ReceiptReading.clues(in: "Led Lhd\njot a\n=~ 3 ,,") == 0)
        #expect(ReceiptReading.clues(in: "SUMME EUR 0,99") == 2)
        #expect(ReceiptReading.clues(in: "04.12.2014 11:26") == 1)
        #expect(ReceiptReading.clues(in: "REWE\nSUMME EUR 0,99\n04.12.2014") == 3)
    }
}
