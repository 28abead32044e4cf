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

        enum Format: String, ExpressibleByArgument, CaseIterable { case csv, json, ledger, beancount }

        @Option(help: "csv, json, ledger or beancount.") var format: Format = .csv
        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
        @OptionGroup var filter: FilterOptions
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let filter = try self.filter.filter()
                try await store.withStore { store in
                    let scope = try await who.resolve(store)
                    switch format {
                    case .csv:
                        let shape = try await store.imports.exportShape(of: scope, filter: filter)
                        let out = try openOutput()
                        var csv = TallyCSV.Writer(
                            time: shape.hasTimes,
                            toAccount: shape.hasTransfers,
                            split: shape.hasSplits,
                            tags: shape.hasTags
                        )
                        out.write(Data(csv.header.utf8))
                        try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                            var text = ""
                            for r in records { text += csv.rows(r.exportRecord) }
                            out.write(Data(text.utf8))
                        }
                        try close(out)
                    case .json:
                        try await store.imports.check(filter, in: scope)
                        let out = try openOutput()
                        var first = true
                        try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                            guard !records.isEmpty else { return }
                            out.write(Data(((first ? "[\n" : ",\n") + Listing.jsonElements(records)).utf8))
                            first = false
                        }
                        out.write(Data((first ? Listing.render([], format: .json) : "\n]\n").utf8))
                        try close(out)
                    case .ledger, .beancount:
                        let export = try await JournalExport(store: store, scope: scope, filter: filter)
                        let out = try openOutput()
                        try await export.write(format == .ledger ? .ledger : .beancount) { text in
                            out.write(Data(text.utf8))
                        }
                        try close(out)
                    }
                }
            }
        }

        /// The output file, made only once the filter has been accepted so a refused export leaves none.
        private func openOutput() throws -> FileHandle {
            guard let output else { return FileHandle.standardOutput }
            guard FileManager.default.createFile(atPath: output, contents: nil),
                let handle = FileHandle(forWritingAtPath: output)
            else {
                throw CLIError("cannot write \(output)")
            }
            return handle
        }

        private func close(_ out: FileHandle) throws {
            if output != nil { try out.close() }
        }
    }
}

/// A file's bytes, or standard input's for "-".
func readInput(_ path: String) throws -> [UInt8] {
    if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
    guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("cannot read \(path)") }
    return Array(data)
}
