import ArgumentParser
import Foundation
import TallyCore
import TallyFiles
import TallyJSON
import TallyStore

extension Tally {
    /// `tally export`: records as Tally CSV, the JSON of `tally list`, a Ledger journal or Beancount.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Export records as Tally CSV (import reads it back), JSON, a Ledger journal or Beancount.",
            discussion: """
                ledger is read by Ledger and hledger (hledger -f FILE bal); beancount by bean-check and \
                bean-query. Records come oldest first; docs/export.md says how accounts are named.
                """
        )

        @Option(help: "csv, json, ledger or beancount.") var format: RecordsExport.Format = .csv
        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
        @OptionGroup var filter: FilterOptions
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let query = try filter.query()
                let out = ExportOutput(path: output)
                let format = format
                try await store.withBackend(who) { backend in try await backend.export(query, format: format, to: out) }
                try out.close()
            }
        }
    }
}

/// A file's bytes, or standard input's for "-".
func readInput(_ path: String) throws -> [UInt8] {
    if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
    guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("cannot read \(path)") }
    return Array(data)
}

extension RecordsExport.Format: ExpressibleByArgument {}
