import ArgumentParser
import Foundation
import TallyCore
import TallyStore

extension Tally {
    /// `tally search TEXT`: matching records, newest first, with their count and totals.
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Find records by payee, note or category, with filters; shows the count and totals of every match."
        )

        @Argument(help: "Words to find (each must start a word of the payee or note, or be part of the category).")
        var text: String?
        @Option(help: "Show at most this many records (the count and totals cover every match).") var limit = 50
        @Option(help: "table, csv or json.") var format: List.Format = .table
        @OptionGroup var filter: FilterOptions
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let query = try filter.query(text: text, newestFirst: true)
                let limit = limit
                let page = try await store.withBackend(who) { backend in try await backend.search(query, limit: limit) }
                print(Listing.render(page.records, format: format), terminator: "")
                if format == .table, let s = page.summary {
                    var line = "\(s.count) record\(s.count == 1 ? "" : "s")"
                    if s.count > page.records.count { line += " (\(page.records.count) shown)" }
                    line +=
                        ": spent \(s.total(.expense).formatted), received \(s.total(.income).formatted), net \(s.net.formatted)"
                    for t in s.totals where t.total.currency != s.currency {
                        line += "; \(t.kind.rawValue) \(t.total.formatted)"
                    }
                    print(line)
                }
            }
        }
    }
}
