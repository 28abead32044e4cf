import Foundation
import TallyCore

/// The API's report JSON (`ReportJSON.Summary`, `ReportJSON.Trend`) decoded back into the core's
/// reports, for the terminal tables. (Files — CSV, JSON, PDF — come from the server as they are:
/// it writes them with the same code the local command uses.)
extension RemoteJSON {
    struct Summary: Decodable {
        let from: String, to: String, by: String, kind: String, currency: String
        let rows: [Row]
        let totals: [Total]

        struct Row: Decodable {
            let key: String, filter: String, kind: String, currency: String, total: String, count: Int
            let average: String, color: String
            let originals: [Original]
        }

        struct Original: Decodable {
            let currency: String, amount: String
        }

        func report(tag: String?) throws -> SummaryReport {
            let query = try RemoteJSON.query(from: from, to: to, by: by, kind: kind, tag: tag)
            guard let home = Currency(code: currency) else { throw CLIError("the server sent an unknown currency") }
            let rows = try self.rows.map { json in
                var row = ReportRow(
                    key: json.key,
                    filterValue: json.filter,
                    kind: TransactionKind(rawValue: json.kind) ?? .expense,
                    total: try RemoteJSON.money(json.total, json.currency),
                    count: json.count,
                    color: json.color
                )
                row.originals = try json.originals.map { try RemoteJSON.money($0.amount, $0.currency) }
                // The JSON has the average, not how many of the row's records no rate converts;
                // the average is the total over the others, so the first count that gives it back
                // is that number (0 unless rates are missing).
                let average = try RemoteJSON.money(json.average, json.currency)
                row.unconverted = (0..<json.count).first { row.total.divided(by: json.count - $0) == average } ?? 0
                return row
            }
            var report = try SummaryReport(query: query, currency: home, rows: rows)
            // The server's totals count a split record once, which rows alone cannot tell.
            report.totals = try totals.map { try $0.value }
            return report
        }
    }

    struct Trend: Decodable {
        let from: String, to: String, interval: String, by: String?, kind: String, currency: String
        let periods: [String]
        let series: [Series]

        struct Series: Decodable {
            let key: String, filter: String, kind: String, currency: String, color: String
            let values: [String]
            let counts: [Int]
        }

        func report(tag: String?) throws -> (TrendReport, ReportQuery) {
            let query = try RemoteJSON.query(from: from, to: to, by: by ?? "category", kind: kind, tag: tag)
            guard let home = Currency(code: currency), let step = ReportInterval(rawValue: interval) else {
                throw CLIError("the server sent a trend this version cannot read")
            }
            let series = try self.series.map { s in
                guard let currency = Currency(code: s.currency) else {
                    throw CLIError("unknown currency \(s.currency)")
                }
                return TrendSeries(
                    key: s.key,
                    filterValue: s.filter,
                    kind: TransactionKind(rawValue: s.kind) ?? .expense,
                    currency: currency,
                    color: s.color,
                    values: try s.values.map { try RemoteJSON.minorUnits($0, digits: currency.minorDigits) },
                    counts: s.counts
                )
            }
            return (try TrendReport(periods: periods, interval: step, currency: home, series: series), query)
        }
    }

    /// The query a report answered, as the server states it.
    static func query(from: String, to: String, by: String, kind: String, tag: String?) throws -> ReportQuery {
        guard let grouping = ReportGrouping(rawValue: by), let kind = ReportKind(rawValue: kind) else {
            throw CLIError("the server sent a report this version cannot read")
        }
        return ReportQuery(
            range: try DateRange(from: try date(from), to: try date(to)),
            by: grouping,
            kind: kind,
            tag: tag
        )
    }
}
