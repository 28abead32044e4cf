/// The purchase date on a receipt: ISO (`2026-03-14`), numbers in either order (`14/03/2026`,
/// `03/14/26`, `14.03.26`) and month names (`14 Mar 2026`, `March 14, 2026`, `14. März 2026`).
enum ReceiptDates {
    /// The first date on the receipt that could be its purchase day: not after `today` (a phone's
    /// clock may run a day ahead of the server's, so one day is allowed) and not more than twenty
    /// years before it (printed expiry or "valid until" dates are later, so they are skipped; old
    /// receipts are kept for warranties and taxes, ten years in Germany, and entered late).
    static func first(in lines: [ReceiptLine], order: DateOrder, today: LocalDate) -> LocalDate? {
        let earliest = today.adding(months: -240)
        let latest = today.adding(days: 1)
        for line in lines {
            for date in dates(in: line, order: order) where date >= earliest && date <= latest {
                return date
            }
        }
        return nil
    }

    /// Every date the line spells, left to right by kind (ISO, then numeric, then named months).
    static func dates(in line: ReceiptLine, order: DateOrder) -> [LocalDate] {
        var found: [LocalDate] = []
        let text = line.numeric
        // ASCII digits only: `\d` alone matches every `Character.isNumber` (`½`, `²`, `Ⅻ`), which
        // `Int` does not read. Other scripts' decimal digits are ASCII already (`ReceiptLine`).
        let iso = #/(?:^|\D)(\d{4})\s?[-./]\s?(\d{1,2})\s?[-./]\s?(\d{1,2})(?!\d)/#.asciiOnlyDigits()
        for match in text.matches(of: iso) {
            if let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
                let date = LocalDate(year: year, month: month, day: day)
            {
                found.append(date)
            }
        }
        let numeric = #/(?:^|[^\d.\/-])(\d{1,2})\s?([-./])\s?(\d{1,2})\s?\2\s?(\d{4}|\d\d)(?![\d])/#
        for match in text.matches(of: numeric.asciiOnlyDigits()) {
            guard let first = Int(match.1), let second = Int(match.3), let written = Int(match.4) else { continue }
            let year = fullYear(written)
            // A number over 12 can only be the day, whatever the usual order.
            let dayFirst = first > 12 || (second <= 12 && order == .dayFirst)
            let (day, month) = dayFirst ? (first, second) : (second, first)
            if let date = LocalDate(year: year, month: month, day: day) { found.append(date) }
        }
        let folded = ReceiptLine.repairNumbers(line.folded)
        let named = #/(?:^|\D)(\d{1,2})\.?\s?-?([a-z]{3,9})\.?-?,?\s?(\d{4}|\d\d)(?!\d)/#.asciiOnlyDigits()
        for match in folded.matches(of: named) {
            if let month = month(named: match.2), let year = Int(match.3), let day = Int(match.1),
                let date = LocalDate(year: fullYear(year), month: month, day: day)
            {
                found.append(date)
            }
        }
        // "March 14, 2026", "Feb 27,2025".
        let monthFirst = #/(?:^|[^a-z])([a-z]{3,9})\.?\s(\d{1,2})(?:st|nd|rd|th)?(?:,\s?|\s)(\d{4})(?!\d)/#
        for match in folded.matches(of: monthFirst.asciiOnlyDigits()) {
            if let month = month(named: match.1), let year = Int(match.3), let day = Int(match.2),
                let date = LocalDate(year: year, month: month, day: day)
            {
                found.append(date)
            }
        }
        return found
    }

    /// `26` is 2026: receipts are recent.
    static func fullYear(_ year: Int) -> Int { year < 100 ? 2000 + year : year }

    static func month(named word: Substring) -> Int? {
        ReceiptWords.months.first(where: { $0.0 == word })?.1
    }
}
