import Foundation
import TallyCore
import TallyStore

/// JSON shapes of reports, shared by the API and `tally report --format json` so both print the
/// same thing. Amounts are decimal strings; keys become snake_case.
public enum ReportJSON {
    /// Encodes a value the way the API does: snake_case keys, sorted, no escaped slashes.
    public static func encode(_ value: some Encodable) throws -> Data {
        if let value = value as? any JSONWritable { return Data(value.jsonBytes) }
        return try foundationEncode(value)
    }

    /// The same through `JSONEncoder`, for every type that does not write itself.
    public static func foundationEncode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        if !(value is any SnakeCaseKeys || value is [any SnakeCaseKeys]) {
            encoder.keyEncodingStrategy = .convertToSnakeCase
        }
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// A kind's total in one currency.
    public struct TotalJSON: Encodable, Sendable {
        let kind: String, currency: String, total: String, count: Int
        public init(_ t: KindTotal) {
            kind = t.kind.rawValue
            currency = t.total.currency.code
            total = t.total.decimalString
            count = t.count
        }

        public func write(to json: inout JSONWriter) {
            json.object { json in
                json.key("count")
                json.int(count)
                json.key("currency")
                json.string(currency)
                json.key("kind")
                json.string(kind)
                json.key("total")
                json.string(total)
            }
        }
    }

    /// A record that a total leaves out because no rate converts it.
    public struct UnconvertedJSON: Encodable, Sendable {
        let transactionId: Int64, date: String, currency: String, amount: String

        enum CodingKeys: String, CodingKey {
            case date, currency, amount
            case transactionId = "transaction_id"
        }

        public init(_ r: UnconvertedRecord) {
            transactionId = r.transactionID.rawValue
            date = r.date.description
            currency = r.amount.currency.code
            amount = r.amount.decimalString
        }

        public func write(to json: inout JSONWriter) {
            json.object { json in
                json.field("amount", amount)
                json.field("currency", currency)
                json.field("date", date)
                json.field("transaction_id", transactionId)
            }
        }
    }

    /// An amount as entered, in a currency other than the book's.
    public struct OriginalJSON: Encodable, Sendable {
        let currency: String, amount: String

        public init(_ m: Money) {
            currency = m.currency.code
            amount = m.decimalString
        }

        public func write(to json: inout JSONWriter) {
            json.object { json in
                json.field("amount", amount)
                json.field("currency", currency)
            }
        }
    }

    /// `GET …/reports/summary`.
    public struct Summary: Encodable, Sendable, SnakeCaseKeys, JSONWritable {
        struct Row: Encodable, Sendable {
            let key: String, filter: String, kind: String, currency: String, total: String, count: Int
            let sharePercent: String, average: String, color: String
            let originals: [OriginalJSON]

            enum CodingKeys: String, CodingKey {
                case key, filter, kind, currency, total, count, average, color, originals
                case sharePercent = "share_percent"
            }

            public func write(to json: inout JSONWriter) {
                json.object { json in
                    json.key("average")
                    json.string(average)
                    json.key("color")
                    json.string(color)
                    json.key("count")
                    json.int(count)
                    json.key("currency")
                    json.string(currency)
                    json.key("filter")
                    json.string(filter)
                    json.key("key")
                    json.string(key)
                    json.key("kind")
                    json.string(kind)
                    json.key("originals")
                    json.array(originals) { json, original in original.write(to: &json) }
                    json.key("share_percent")
                    json.string(sharePercent)
                    json.key("total")
                    json.string(total)
                }
            }
        }
        let from: String, to: String, by: String, kind: String, currency: String
        let rows: [Row]
        /// Book-currency total: the kind's sum, or income − expense for `both`.
        let total: String
        let count: Int
        let totals: [TotalJSON]
        /// The records the totals leave out for want of a rate (the first 50), and how many.
        let unconverted: [UnconvertedJSON]
        let unconvertedCount: Int

        enum CodingKeys: String, CodingKey {
            case from, to, by, kind, currency, rows, total, count, totals, unconverted
            case unconvertedCount = "unconverted_count"
        }

        /// The JSON of a report.
        public init(_ r: SummaryReport) {
            from = r.query.range.from.description
            to = r.query.range.to.description
            by = r.query.by.rawValue
            kind = r.query.kind.rawValue
            currency = r.currency.code
            rows = r.rows.map { row in
                Row(
                    key: row.key,
                    filter: row.filterValue,
                    kind: row.kind.rawValue,
                    currency: row.total.currency.code,
                    total: row.total.decimalString,
                    count: row.count,
                    sharePercent: r.sharePercent(row),
                    average: row.average.decimalString,
                    color: row.color,
                    originals: row.originals.map(OriginalJSON.init)
                )
            }
            unconverted = r.unconverted.records.map(UnconvertedJSON.init)
            unconvertedCount = r.unconverted.count
            switch r.query.kind {
            case .expense, .income:
                let t = r.total(r.query.kind == .expense ? .expense : .income)
                total = t.total.decimalString
                count = t.count
            case .both:
                total = r.net.decimalString
                count = r.total(.expense).count + r.total(.income).count
            }
            totals = r.totals.map(TotalJSON.init)
        }

        public func write(to json: inout JSONWriter) {
            json.object { json in
                json.key("by")
                json.string(by)
                json.key("count")
                json.int(count)
                json.key("currency")
                json.string(currency)
                json.key("from")
                json.string(from)
                json.key("kind")
                json.string(kind)
                json.key("rows")
                json.array(rows) { json, row in row.write(to: &json) }
                json.key("to")
                json.string(to)
                json.key("total")
                json.string(total)
                json.key("totals")
                json.array(totals) { json, total in total.write(to: &json) }
                json.key("unconverted")
                json.array(unconverted) { json, record in record.write(to: &json) }
                json.key("unconverted_count")
                json.int(unconvertedCount)
            }
        }
    }

    /// `GET …/reports/trend`.
    public struct Trend: Encodable, Sendable {
        struct Series: Encodable, Sendable {
            let key: String, filter: String, kind: String, currency: String, color: String, values: [String],
                counts: [Int], total: String
        }
        let from: String, to: String, interval: String, by: String?, kind: String, currency: String
        let periods: [String]
        let series: [Series]
        /// The records the values leave out for want of a rate (the first 50), and how many.
        let unconverted: [UnconvertedJSON]
        let unconvertedCount: Int

        /// The JSON of a trend.
        public init(_ t: TrendReport, query: ReportQuery, grouped: Bool) throws {
            from = query.range.from.description
            to = query.range.to.description
            interval = t.interval.rawValue
            by = grouped ? query.by.rawValue : nil
            kind = query.kind.rawValue
            currency = t.currency.code
            periods = t.periods
            series = try t.series.map { s in
                Series(
                    key: s.key,
                    filter: s.filterValue,
                    kind: s.kind.rawValue,
                    currency: s.currency.code,
                    color: s.color,
                    values: s.values.map { Money(minorUnits: $0, currency: s.currency).decimalString },
                    counts: s.counts,
                    total: try s.total.decimalString
                )
            }
            unconverted = t.unconverted.records.map(UnconvertedJSON.init)
            unconvertedCount = t.unconverted.count
        }
    }

    /// `GET …/reports/cashflow`.
    public struct CashFlow: Encodable, Sendable {
        struct Period: Encodable, Sendable { let period: String, income: String, expense: String, net: String }
        let interval: String, currency: String
        let periods: [Period]
        let income: String, expense: String, net: String

        /// The JSON of a cash flow.
        public init(_ c: CashFlowReport) throws {
            let currency = c.currency
            interval = c.interval.rawValue
            self.currency = currency.code
            periods = c.periods.map {
                Period(
                    period: $0.period,
                    income: $0.income.decimalString,
                    expense: $0.expense.decimalString,
                    net: $0.net.decimalString
                )
            }
            let inc = try c.periods.checkedSum(\.income.minorUnits)
            let exp = try c.periods.checkedSum(\.expense.minorUnits)
            income = Money(minorUnits: inc, currency: currency).decimalString
            expense = Money(minorUnits: exp, currency: currency).decimalString
            net = Money(minorUnits: inc - exp, currency: currency).decimalString
        }
    }

    /// `POST …/imports`.
    public struct Import: Encodable, Sendable {
        let imported: Int, createdCategories: Int, createdAccounts: Int, firstDate: String?, lastDate: String?
        /// The JSON of an import.
        public init(_ r: ImportResult) {
            imported = r.count
            createdCategories = r.createdCategories
            createdAccounts = r.createdAccounts
            firstDate = r.firstDate?.description
            lastDate = r.lastDate?.description
        }
    }
}

/// A response whose keys are already the API's snake_case (one-word names, or `CodingKeys` that
/// spell them so), all the way down: it is encoded without `.convertToSnakeCase`, which re-spelt
/// every key of every row and cost a twentieth of a month summary's time. The API and OpenAPI
/// tests compare the keys, so a camelCase key that slips in fails them.
public protocol SnakeCaseKeys {}
