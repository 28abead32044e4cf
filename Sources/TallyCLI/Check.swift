import ArgumentParser
import Foundation
import Logging
import TallyCore
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

        @Option(help: "Check only this book (default: every book).") var book: BookID?
        @Flag(help: "Rebuild what can be rebuilt (kept totals from the records, receipt rows), then check again.")
        var repair = false
        @Option(help: "Lines to print per book and table (0: every finding); the summary counts them all.") var limit =
            50
        @OptionGroup var store: StoreOptions

        func run() async throws {
            var clean = false
            try await reportingErrors {
                guard limit >= 0 else { throw CLIError("--limit must be 0 or more") }
                let (book, repair, limit) = (self.book, self.repair, self.limit)
                let (text, isClean) = try await withUnmigratedStore { store in
                    if repair {
                        let outcome = try await store.checks.repair(book: book, migrating: true)
                        return (Self.render(outcome, limit: limit), outcome.after.isClean)
                    }
                    let report = try await store.checks.check(book: book, migrating: true)
                    return (Self.render(report, limit: limit), report.isClean)
                }
                print(text, terminator: "")
                clean = isClean
            }
            if !clean { throw ExitCode(2) }
        }

        /// Like `StoreOptions.withStore`, but the migration is left to the check: a damaged file
        /// that cannot be migrated must still get its integrity checked and reported.
        func withUnmigratedStore<T: Sendable>(_ body: @Sendable (Store) async throws -> T) async throws -> T {
            var logger = Logger(label: "tally")
            logger.logLevel = .warning
            let opened = try await Store.open(try store.location(), logger: logger)
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await opened.database.run() }
                defer { group.cancelAll() }
                do {
                    let result = try await body(opened)
                    await opened.database.close()
                    return result
                } catch {
                    await opened.database.close()
                    throw error
                }
            }
        }

        /// The findings, one a line, then the summary.
        static func render(_ report: CheckReport, limit: Int = 0) -> String {
            var text = lines(report.findings, limit: limit)
            if report.isClean {
                text += "OK: \(scope(report)); nothing is wrong.\n"
            } else {
                let fixable = report.findings.filter(\.repairable).count
                text += "\(plural(report.findings.count, "finding")) (\(scope(report))); "
                text +=
                    fixable == report.findings.count
                    ? "all can be repaired with --repair.\n"
                    : fixable == 0
                        ? "none can be repaired here: restore the data from a backup.\n"
                        : "\(fixable) can be repaired with --repair, the others need a backup.\n"
            }
            return text
        }

        /// What was found, what was done, and the check after.
        static func render(_ outcome: CheckRepair, limit: Int = 0) -> String {
            if outcome.before.isClean { return render(outcome.before) }
            var text = lines(outcome.before.findings, limit: limit)
            text += outcome.actions.map { "repair: \($0)\n" }.joined()
            text += lines(outcome.after.findings, limit: limit, prefix: "still wrong: ")
            text +=
                "\(plural(outcome.before.findings.count, "finding")), \(plural(outcome.actions.count, "repair")); then \(scope(outcome.after)): "
            let left = outcome.after.findings.count
            text +=
                left == 0
                ? "nothing is wrong.\n"
                : "\(plural(left, "finding")) \(left == 1 ? "remains" : "remain"); restore the data from a backup.\n"
            return text
        }

        /// One line per finding, at most `limit` per book and table (0: no limit), then how many
        /// more there were: a book whose every cell is wrong would otherwise print thousands.
        private static func lines(_ findings: [CheckFinding], limit: Int, prefix: String = "") -> String {
            var text = ""
            var shown: [String: Int] = [:]
            var hidden: [String] = []
            for finding in findings {
                let place = (finding.book.map { "book \($0)" } ?? "database") + ": " + finding.table
                let n = shown[place, default: 0] + 1
                shown[place] = n
                if limit == 0 || n <= limit {
                    text += "\(prefix)\(finding)\n"
                } else if n == limit + 1 {
                    hidden.append(place)
                }
            }
            for place in hidden {
                text +=
                    "\(prefix)\(place): \(plural(shown[place]! - limit, "more finding")) like these (--limit 0 lists them all)\n"
            }
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
