import Foundation
import Testing

@testable import TallyCore

/// Tally's formatter (ICU's CLDR data through Foundation) against Babel's (CLDR's data read by
/// PyPI `babel`), in 22 locales × 8 currencies: `Fixtures/formats-babel.json`, which
/// `Fixtures/formats_babel.py` writes. The differences allowed, all from ICU and Babel reading
/// CLDR differently or from different CLDR versions, are in `allowed(_:_:)` and docs/translating.md.
@Suite struct FormatsGoldenTests {
    struct Golden: Decodable {
        struct Amount: Decodable {
            let locale: String
            let currency: String
            let minor: Int64
            let text: String
        }
        struct DateText: Decodable {
            let locale: String
            let date: String
            let form: String
            let text: String
        }
        struct Week: Decodable {
            let locale: String
            let first: Int
        }
        let babel: String
        let cldr: String
        let amounts: [Amount]
        let dates: [DateText]
        let weeks: [Week]
    }

    static let golden: Golden = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/formats-babel.json")
        // swift-format-ignore: NeverUseForceTry
        return try! JSONDecoder().decode(Golden.self, from: Data(contentsOf: url))
    }()

    /// The same text once the differences allowed are taken out of both sides. The toolchain's
    /// ICU 76 has CLDR 46; Babel 2.19 has CLDR 49.
    /// - Arabic-Indic digits are read as Latin ones: Babel writes ar-EG's separators with Latin
    ///   digits (its `numbering_system` picks only the symbols), ICU with Arabic-Indic digits, as
    ///   CLDR says.
    /// - Spaces of every width are alike, and a space between a currency symbol and the digits
    ///   goes (CLDR's `currencySpacing`, which ICU applies and Babel does not; CLDR 49 also dropped
    ///   it in es-AR and added it in id).
    /// - Bidi marks go: ICU puts an ALM before Arabic's minus, Babel an RLM.
    /// - `’` is `'`, `￥` is `¥`, and the Arabic comma goes: CLDR 46 and 49 differ there.
    /// - The thin spaces around a range's dash go (CLDR 42 added them; CLDR 49 took some out).
    static func normalized(_ text: String) -> String {
        var scalars: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0660...0x0669: scalars.append(Unicode.Scalar(scalar.value - 0x0660 + 0x30)!)
            case 0x00A0, 0x202F, 0x2009: scalars.append(" ")
            case 0x200E, 0x200F, 0x061C, 0x060C: break
            case 0x2019: scalars.append("'")
            case 0xFFE5: scalars.append("¥")
            default: scalars.append(scalar)
            }
        }
        let isDigit = { (s: Unicode.Scalar) in s.properties.numericType == .decimal }
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            if scalar == " ", i > 0, i + 1 < scalars.count, isDigit(scalars[i - 1]) != isDigit(scalars[i + 1]),
                scalars[i - 1] != "–", scalars[i + 1] != "–"
            {
                continue
            }
            out.append(scalar)
        }
        return String(out).replacingOccurrences(of: " – ", with: "–").replacingOccurrences(of: "  ", with: " ")
    }

    /// Dates whose CLDR 46 and CLDR 49 forms differ, allowed by locale and form.
    static let changedDates: Set<String> = [
        "en-AU short", "en-AU full", "en-CA short", "en-NZ short", "en-NZ full", "pt-PT range",
        "id-ID full", "ja-JP full",
    ]

    @Test func amountsAgreeWithBabel() throws {
        var differ: [String] = []
        for amount in Self.golden.amounts {
            let formats = Formats(try TallyLocale(amount.locale))
            let money = Money(minorUnits: amount.minor, currency: Currency(code: amount.currency)!)
            let ours = formats.money(money)
            if Self.normalized(ours) != Self.normalized(amount.text) {
                differ.append(
                    "\(amount.locale) \(amount.currency) \(amount.minor): ours \(ours.debugDescription), Babel \(amount.text.debugDescription)"
                )
            }
        }
        #expect(
            differ.isEmpty,
            "\(differ.count) of \(Self.golden.amounts.count) differ from Babel \(Self.golden.babel) (CLDR \(Self.golden.cldr)):\n\(differ.prefix(60).joined(separator: "\n"))"
        )
    }

    @Test func datesAgreeWithBabel() throws {
        var differ: [String] = []
        for date in Self.golden.dates {
            let formats = Formats(try TallyLocale(date.locale))
            let ours: String
            if date.form == "range" {
                let days = date.date.split(separator: "/").compactMap { LocalDate($0) }
                ours = formats.dateRange(days[0], days[1])
            } else {
                let form: DateForm = ["short": .short, "medium": .medium, "long": .long, "full": .full][date.form]!
                ours = formats.date(LocalDate(date.date)!, form)
            }
            if Self.normalized(ours) != Self.normalized(date.text),
                !Self.changedDates.contains("\(date.locale) \(date.form)")
            {
                differ.append(
                    "\(date.locale) \(date.date) \(date.form): ours \(ours.debugDescription), Babel \(date.text.debugDescription)"
                )
            }
        }
        #expect(
            differ.isEmpty,
            "\(differ.count) of \(Self.golden.dates.count) differ:\n\(differ.prefix(60).joined(separator: "\n"))"
        )
    }

    @Test func weeksStartWhereBabelSays() throws {
        for week in Self.golden.weeks {
            #expect(Formats(try TallyLocale(week.locale)).regionFirstWeekday == week.first, "\(week.locale)")
        }
    }
}
