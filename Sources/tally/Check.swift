import ArgumentParser
import Foundation
import TallyStore

extension Tally {
    /// `tally check [--repair]`: verifies the data file (integrity, kept totals, receipts).
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the data: database integrity, kept totals against the records, orphan receipts.",
            discussion: """
                Prints one line per finding and a summary line. Exit status: 0 when the data is clean \
                (or clean after --repair), 2 when findings remain, 1 when the check could not run.
                """
        )

        @Option(help: "Check only this book (default: every book).") var book: Int64?
        @Flag(help: "Rebuild what can be rebuilt (kept totals from the records, receipt rows), then check again.") var repair = false
        @OptionGroup var store: StoreOptions

        func run() async throws {
            var clean = false
            try await reportingErrors {
                let (book, repair) = (self.book, self.repair)
                let (text, isClean) = try await store.withStore { store in
                    if repair {
                        let outcome = try await store.repair(book: book)
                        return (Self.render(outcome), outcome.after.isClean)
                    }
                    let report = try await store.check(book: book)
                    return (Self.render(report), report.isClean)
                }
                print(text, terminator: "")
                clean = isClean
            }
            if !clean { throw ExitCode(2) }
        }

        /// The findings, one a line, then the summary.
        static func render(_ report: CheckReport) -> String {
            var text = report.findings.map { "\($0)\n" }.joined()
            if report.isClean {
                text += "OK: \(scope(report)); nothing is wrong.\n"
            } else {
                let fixable = report.findings.filter(\.repairable).count
                text += "\(plural(report.findings.count, "finding")) (\(scope(report))); "
                text += fixable == report.findings.count ? "all can be repaired with --repair.\n"
                    : fixable == 0 ? "none can be repaired here: restore the data from a backup.\n"
                    : "\(fixable) can be repaired with --repair, the others need a backup.\n"
            }
            return text
        }

        /// What was found, what was done, and the check after.
        static func render(_ outcome: CheckRepair) -> String {
            if outcome.before.isClean { return render(outcome.before) }
            var text = outcome.before.findings.map { "\($0)\n" }.joined()
            text += outcome.actions.map { "repair: \($0)\n" }.joined()
            text += outcome.after.findings.map { "still wrong: \($0)\n" }.joined()
            text += "\(plural(outcome.before.findings.count, "finding")), \(plural(outcome.actions.count, "repair")); then \(scope(outcome.after)): "
            let left = outcome.after.findings.count
            text += left == 0 ? "nothing is wrong.\n" : "\(plural(left, "finding")) \(left == 1 ? "remains" : "remain"); restore the data from a backup.\n"
            return text
        }

        private static func scope(_ report: CheckReport) -> String {
            "checked \(plural(report.books, "book")), \(plural(report.records, "record")), \(plural(report.cells, "kept total")) and \(plural(report.receipts, "receipt"))"
        }

        private static func plural(_ n: Int, _ word: String) -> String {
            "\(n) \(word)\(n == 1 ? "" : "s")"
        }
    }
}
