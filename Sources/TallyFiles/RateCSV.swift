import TallyCore

/// Exchange rates from a CSV file, in one of two layouts:
///
/// - `date,currency,rate`: one rate per line, units of the book's currency for one unit of
///   `currency`, as the API takes them.
/// - The European Central Bank's `eurofxref-hist.csv` as it is: `Date,USD,JPY,…` and one line per
///   day, each figure being units of that currency for one euro, "N/A" where there is none.
///
/// An ECB figure is per euro, so the rate to a book's currency B of a currency X is `B per EUR ÷
/// X per EUR` (for a euro book, `1 ÷ X per EUR`), and the euro's own rate is `B per EUR`. A
/// quotient is rarely a finite decimal: it is rounded half to even to 12 decimal places and at
/// most 15 significant digits (`ExchangeRate.quotient`), the precision a stored rate has.
public enum RateCSV {
    /// What a file gave: its rates, and the ECB columns left out (currencies Tally does not know,
    /// such as ones the euro replaced, and the book's own).
    public struct Parsed: Sendable {
        /// The rates, in file order.
        public var rows: [RateRow] = []
        /// Column headings that were not read.
        public var skipped: [String] = []

        /// Adds a rate; refuses the file once it holds more than `RateRow.importLimit`, so a
        /// hostile file cannot fill memory first.
        mutating func append(_ row: RateRow) throws(FieldError) {
            guard rows.count < RateRow.importLimit else {
                throw FieldError(
                    "line \(row.line)",
                    "the file has more than \(RateRow.importLimit) rates; import it in parts"
                )
            }
            rows.append(row)
        }
    }

    /// Parses a file for a book whose currency is `base`; errors name the line and column.
    public static func parse(_ bytes: [UInt8], base: Currency) throws(FieldError) -> Parsed {
        var reader = CSVReader(bytes)
        let header: [String]
        do {
            guard let first = try reader.next() else { throw FieldError("file", "is empty") }
            header = first.fields.map { $0.trimmingSpaces() }
        } catch let error as CSVReader.FormatError {
            throw FieldError("line \(error.line)", error.message)
        } catch let error as FieldError {
            throw error
        } catch {
            throw FieldError("file", "could not be read")
        }
        let lower = header.map { $0.lowercased() }
        if lower == ["date", "currency", "rate"] { return try simple(&reader) }
        guard lower.first == "date", header.count > 1 else {
            throw FieldError(
                "line 1",
                "must be the heading date,currency,rate or the ECB's Date,USD,JPY,… (figures per euro)"
            )
        }
        return try ecb(&reader, header: header, base: base)
    }

    private static func rows(_ reader: inout CSVReader) throws(FieldError) -> (line: Int, fields: [String])? {
        do {
            return try reader.next()
        } catch {
            throw FieldError("line \(error.line)", error.message)
        }
    }

    private static func simple(_ reader: inout CSVReader) throws(FieldError) -> Parsed {
        var parsed = Parsed()
        while let (line, fields) = try rows(&reader) {
            if fields.allSatisfy({ $0.trimmingSpaces().isEmpty }) { continue }
            guard fields.count == 3 else { throw FieldError("line \(line)", "must have 3 fields: date,currency,rate") }
            let date = try LocalDate.input(fields[0], field: "line \(line), date")
            let currency = try Validate.currency(fields[1], field: "line \(line), currency")
            guard let rate = ExchangeRate(fields[2]) else { throw FieldError("line \(line), rate", ExchangeRate.rule) }
            try parsed.append(RateRow(currency: currency, date: date, rate: rate, line: line))
        }
        return parsed
    }

    private static func ecb(_ reader: inout CSVReader, header: [String], base: Currency) throws(FieldError) -> Parsed {
        var parsed = Parsed()
        let euro = Currency(code: "EUR")!
        // Which columns are read, and which one holds the book's currency per euro.
        var columns: [(index: Int, currency: Currency)] = []
        var baseColumn: Int?
        var seen: Set<String> = []
        for (index, heading) in header.enumerated().dropFirst() where !heading.isEmpty {
            guard seen.insert(heading.uppercased()).inserted else {
                throw FieldError("line 1", "names \(heading.prefix(12)) twice")
            }
            guard let currency = Currency(code: heading), currency != euro else {
                parsed.skipped.append(heading)
                continue
            }
            if currency == base {
                baseColumn = index
                continue
            }
            columns.append((index, currency))
        }
        guard base == euro || baseColumn != nil else {
            throw FieldError(
                "line 1",
                "has no \(base.code) column: the ECB's figures are per euro, so the book's currency is needed to convert them"
            )
        }
        let one = ExchangeRate(significand: 1, scale: 0)!
        while let (line, fields) = try rows(&reader) {
            if fields.allSatisfy({ $0.trimmingSpaces().isEmpty }) { continue }
            let date = try LocalDate.input(fields[0], field: "line \(line), Date")
            func figure(_ index: Int, _ heading: String) throws(FieldError) -> ExchangeRate? {
                let text = index < fields.count ? fields[index].trimmingSpaces() : ""
                if text.isEmpty || text.uppercased() == "N/A" { return nil }
                guard let value = ExchangeRate(text) else {
                    throw FieldError("line \(line), \(heading)", ExchangeRate.rule)
                }
                return value
            }
            // Units of the book's currency for one euro; a day without it converts nothing.
            let basePerEuro: ExchangeRate
            if let baseColumn {
                guard let value = try figure(baseColumn, base.code) else { continue }
                basePerEuro = value
                try parsed.append(RateRow(currency: euro, date: date, rate: value, line: line))
            } else {
                basePerEuro = one
            }
            for (index, currency) in columns {
                guard let perEuro = try figure(index, currency.code) else { continue }
                guard let rate = ExchangeRate.quotient(basePerEuro, perEuro) else {
                    throw FieldError(
                        "line \(line), \(currency.code)",
                        "gives a rate beyond 15 digits or 12 decimal places"
                    )
                }
                try parsed.append(RateRow(currency: currency, date: date, rate: rate, line: line))
            }
        }
        return parsed
    }
}
