import Foundation
import TallyCore
import Testing

/// Issue 42, finding 11: OCR text with digits of other scripts. `ReceiptDates` force-unwrapped
/// `Int(match)`, and the regex `\d` takes every `Character.isNumber` while `Int` reads ASCII
/// only: each date line below trapped the server. Decimal digits of any script are now read as
/// their ASCII digits (a Nepali, Hindi or Arabic receipt's date and total are read); other
/// numbers (`½`, `²`, `Ⅻ`) are no digits and are skipped.
@Suite("ReceiptReading: digits of other scripts")
struct ReceiptDigitsTests {
    static let today = LocalDate(year: 2026, month: 3, day: 20)!

    static func read(_ text: String, order: DateOrder = .dayFirst) -> ReceiptProposal {
        ReceiptReading.propose(text, book: ReceiptBook(currency: .usd, payees: [], order: order, today: today))
    }

    @Test(
        "Devanagari, Arabic-Indic, Persian and fullwidth dates and totals are read (each date trapped)",
        arguments: [
            ("०७/०५/२०२४", "कुल १२.५०"),
            ("٠٧/٠٥/٢٠٢٤", "TOTAL ١٢.٥٠"),
            ("۰۷/۰۵/۲۰۲۴", "TOTAL ۱۲.۵۰"),
            ("０７/０５/２０２４", "TOTAL １２.５０"),
            ("२०२४-०५-०७", "TOTAL 12.50"),
            ("७ May २०२४", "TOTAL 12.50"),
            ("May ७, २०२४", "TOTAL 12.50"),
        ]
    )
    func otherScripts(date: String, total: String) {
        let proposal = Self.read("Shop\n\(date)\n\(total)")
        #expect(proposal.date == LocalDate(year: 2024, month: 5, day: 7), "\(date)")
        #expect(proposal.amount == Money(minorUnits: 1250, currency: .usd), "\(total)")
        // The text shown to the person is the text as read.
        #expect(proposal.text.contains(date))
    }

    @Test(
        "numbers that are no decimal digits never trap and are not read as dates",
        arguments: [
            "½/05/2024", "07/½/2024", "0²/05/2024", "07/05/²⁰²⁴", "Ⅻ/05/2024", "2024-Ⅻ-07", "½ May 2024", "May ½, 2024",
        ]
    )
    func otherNumbers(date: String) {
        #expect(Self.read("Shop\n\(date)\nTOTAL ½.50").date == nil, "\(date)")
    }

    @Test("a digit with a combining mark, and mixed scripts in one number, are handled without a trap")
    func oddDigits() {
        // "0́" is one character and no digit, so what follows it is the date read.
        #expect(Self.read("Shop\n0\u{0301}7/05/2024").date == LocalDate(year: 2024, month: 5, day: 7))
        #expect(Self.read("Shop\n\u{0967}\u{0301}/05/2024").date == nil)
        #expect(Self.read("Shop\n0७/0٥/2०2٤").date == LocalDate(year: 2024, month: 5, day: 7))
        #expect(Self.read("Shop\n𝟎𝟕/𝟎𝟓/𝟐𝟎𝟐𝟒").date == LocalDate(year: 2024, month: 5, day: 7))
    }
}
