import TallyCore
import Testing

/// Issue 42, finding 12: a grouping separator is only valid between groups of three digits (or
/// Indian groups in the currencies that write them); anything else is refused, never read as
/// another amount. `DigitGrouping` is the one rule; these check it and what people type.
@Suite("DigitGrouping: where an amount may group its digits")
struct AmountGroupingTests {
    private let inr = Currency(code: "INR")!

    @Test(
        "misplaced or mixed separators are refused as typed amounts",
        arguments: [
            "1.234.56", "12.34.56", "1,2,3", "1,23,4.00", "1.2345,00", ",123.45", "1,234,.00", "1,234.567,89",
            "1.234,567.89", "1 234.567,89", "12,34,567", "1,52,950.50",
        ]
    )
    func refusedTyped(text: String) {
        #expect(parsed(text, .usd) == .failure(.badGrouping(text)))
    }

    @Test("trailing separators are no amount")
    func trailing() {
        #expect(parsed("1,234.", .usd) == .failure(.notANumber("1,234.")))
        #expect(parsed("1.234,", .usd) == .failure(.notANumber("1.234,")))
    }

    @Test(
        "well-grouped amounts are read",
        arguments: [
            ("1.234,56", 123_456), ("1,234.56", 123_456), ("1234.56", 123_456), ("1 234,56", 123_456),
            ("1\u{00A0}234,56", 123_456), ("1\u{202F}234,56", 123_456), ("1'234.56", 123_456),
            ("1’234.56", 123_456), ("12,345,678.90", 1_234_567_890),
        ] as [(String, Int64)]
    )
    func accepted(text: String, minorUnits: Int64) {
        #expect(parsed(text, .usd) == .success(minorUnits))
    }

    @Test("Indian grouping is read in rupees, and still only where its groups fall")
    func indian() {
        #expect(DigitGrouping(for: inr) == .indian)
        #expect(DigitGrouping(for: .usd) == .thousands)
        #expect(parsed("1,52,950.50", inr) == .success(15_295_050))
        #expect(parsed("12,34,56,789", inr) == .success(123_456_789_00))
        #expect(parsed("1,234,567.00", inr) == .success(123_456_700))
        #expect(parsed("1,23,4.00", inr) == .failure(.badGrouping("1,23,4.00")))
        #expect(parsed("12,345,67", inr) == .failure(.badGrouping("12,345,67")))
        #expect(parsed("123,45,678", inr) == .failure(.badGrouping("123,45,678")))
    }

    @Test("the rule itself: groups, kinds of separator, the decimal one")
    func rule() {
        let three = DigitGrouping.thousands
        #expect(three.digits("1,234,567", decimal: ".") == "1234567")
        #expect(three.digits("1234567", decimal: ".") == "1234567")
        #expect(three.digits("", decimal: ".") == "")
        #expect(three.digits("1.234", decimal: ".") == nil)  // the decimal separator groups nothing
        #expect(three.digits("1.234.567", decimal: nil) == "1234567")
        #expect(three.digits("1,234.567", decimal: nil) == nil)  // two kinds
        #expect(three.digits("1 234\u{00A0}567", decimal: ",") == "1234567")  // spaces are one kind
        #expect(three.digits("0,123", decimal: ".") == nil)
        #expect(three.digits("1,234,", decimal: ".") == nil)
        #expect(three.digits(",234", decimal: ".") == nil)
        #expect(three.digits("1,,234", decimal: ".") == nil)
        #expect(three.digits("1,2a4", decimal: ".") == nil)
        #expect(DigitGrouping.indian.digits("1,00,000", decimal: ".") == "100000")
        #expect(three.digits("1,00,000", decimal: ".") == nil)
    }

    @Test("a malformed amount in quick add is named and nothing is made up")
    func quickAdd() {
        let today = date("2026-11-27")
        for (line, number) in [
            ("coffee 1.234.56 starbucks", "1.234.56"), ("lunch 12.34.56", "12.34.56"), ("taxi 1,2,3", "1,2,3"),
            ("rent 1,23,4.00", "1,23,4.00"), ("rent 1.2345,00 €", "1.2345,00"),
        ] {
            let scan = QuickAddScan(line, book: .usd, today: today)
            #expect(scan.amount == nil, "\(line)")
            #expect(scan.amountProblem == .badGrouping(number), "\(line)")
        }
        let draft = QuickAddScan("coffee 1.234.56 starbucks", book: .usd, today: today)
        #expect(draft.words == ["coffee", "starbucks"])
        for (line, cents, code) in [
            ("rent 1.234,56", 123_456, "USD"), ("rent 1,234.56", 123_456, "USD"), ("coffee 4.50 starbucks", 450, "USD"),
            ("lunch 1.234,56 €", 123_456, "EUR"), ("rent ₹1,52,950.50", 15_295_050, "INR"),
        ] as [(String, Int64, String)] {
            let scan = QuickAddScan(line, book: .usd, today: today)
            #expect(scan.amount == Money(minorUnits: cents, currency: Currency(code: code)!), "\(line)")
        }
        // In a rupee book the lakh grouping is the book's own way of writing.
        #expect(QuickAddScan("rent 1,52,950.50", book: inr, today: today).amount?.minorUnits == 15_295_050)
        #expect(QuickAddScan("rent 1,52,950.50", book: .usd, today: today).amountProblem == .badGrouping("1,52,950.50"))
    }
}
