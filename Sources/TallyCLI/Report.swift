import ArgumentParser
import Foundation
import TallyCore
import TallyFiles
import TallyJSON
import TallyStore

extension Tally {
    /// `tally report`: a summary table, or a trend with `--interval`.
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Totals by category, sub-category, payee, account or tag over a range.",
            discussion:
                "Without --from/--to the report covers this month. With --interval it shows a trend: one column per period. `tally report balances` shows each account's balance and the net worth at the end of each period (--interval day, week or month; --format table or json)."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json, pdf }

        @Argument(help: "balances: balances over time instead of totals (see the discussion).") var what: String?

        @Option(help: "First day, YYYY-MM-DD (default: the first of this month).") var from: String?
        @Option(help: "Last day, YYYY-MM-DD (default: the end of this month).") var to: String?
        @Option(help: "category, subcategory, payee, account or tag.") var by: String = "category"
        @Option(help: "Only records with this tag.") var tag: String?
        @Option(help: "expense, income or both.") var kind: String = "expense"
        @Option(help: "day, week, month or year: a trend instead of a summary.") var interval: String?
        @Option(help: "table, csv, json or pdf (pdf needs --output).") var format: Format = .table
        @Option(name: .shortAndLong, help: "Write to this file.") var output: String?
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            if let what { return try await balances(what) }
            try await reportingErrors {
                if format == .pdf && output == nil {
                    throw CLIError("--format pdf writes a file: add --output report.pdf")
                }
                if format == .pdf && interval != nil {
                    throw CLIError("--format pdf is for summaries; leave out --interval")
                }
                let fields = ["from": from, "to": to, "by": by, "kind": kind, "tag": tag].compactMapValues { $0 }
                let (interval, format) = (interval, format)
                let bytes: [UInt8] = try await store.withBackend(who) { backend in
                    switch (format, interval) {
                    case (.table, let interval?):
                        let (trend, query) = try await backend.trendReport(fields, interval: interval)
                        return Array(try ReportText.trend(trend, query: query).utf8)
                    case (.table, nil):
                        return Array(ReportText.summary(try await backend.summaryReport(fields)).utf8)
                    default:
                        return try await backend.reportFile(fields, interval: interval, format: format.rawValue)
                    }
                }
                if let output {
                    guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else {
                        throw CLIError("cannot write \(output)")
                    }
                    print("Wrote \(output) (\(bytes.count) bytes).")
                } else {
                    FileHandle.standardOutput.write(Data(bytes))
                }
            }
        }
    }
}

/// Reports as terminal tables.
enum ReportText {
    static func summary(_ report: SummaryReport) -> String {
        let text = "\(ReportFiles.title(report.query)), \(ReportFiles.periodTitle(report.query.range))\n\n"
        guard !report.rows.isEmpty else { return text + "No records.\n" }
        let both = report.query.kind == .both
        var rows = report.rows.map { row -> [String] in
            [row.key] + (both ? [row.kind.rawValue] : []) + [
                row.total.formatted, String(row.count), report.shareText(row), row.average.formatted,
            ]
        }
        for t in report.totals {
            rows.append(
                ["Total" + (report.totals.count > 1 ? " \(t.kind.rawValue) \(t.total.currency.code)" : "")]
                    + (both ? [""] : []) + [t.total.formatted, String(t.count), "", ""]
            )
        }
        let header = ["Group"] + (both ? ["Kind"] : []) + ["Total", "Count", "Share", "Average"]
        let right: Set<Int> = Set((both ? 2 : 1)...(both ? 5 : 4))
        return text + Listing.table(header: header, rows: rows, rightAligned: right)
    }

    static func trend(_ trend: TrendReport, query: ReportQuery) throws -> String {
        var text =
            "\(ReportFiles.title(query)) per \(trend.interval.rawValue), \(ReportFiles.periodTitle(query.range))\n\n"
        guard !trend.series.isEmpty else { return text + "No records.\n" }
        let rows = try trend.series.map { s in
            [s.key] + s.values.map { Money(minorUnits: $0, currency: s.currency).formatted } + [try s.total.formatted]
        }
        let header = ["Group"] + trend.periods + ["Total"]
        text += Listing.table(header: header, rows: rows, rightAligned: Set(1..<header.count))
        return text
    }
}
