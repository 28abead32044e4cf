import ArgumentParser
import Foundation
import TallyCore
import TallyFiles
import TallyStore

extension Tally {
    /// `tally import FILE.csv`: all rows or none.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a Tally CSV file (date,amount,kind,payee,category,subcategory,account,currency,note).",
            discussion: "Everything is imported or, when a line is wrong, nothing; the error names the line and column."
        )

        @Argument(help: "The CSV file ('-' for standard input).") var file: String
        @Flag(name: .customLong("dry-run"), help: "Check the file and show the first rows without importing.")
        var dryRun = false
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let bytes = try readInput(file)
                let output = try await store.withStore { store in
                    let scope = try await who.resolve(store)
                    let book = scope.book
                    let source = try TallyCSVImport(bytes: bytes, bookCurrency: book.currency, today: scope.today)
                    if dryRun {
                        let preview = try source.preview(limit: 5)
                        let rows = preview.rows.map { r in
                            [
                                String(r.line), r.draft.date.description, r.draft.kind.rawValue,
                                r.draft.amount.formatted, r.draft.payee,
                                [r.category, r.subcategory].filter { !$0.isEmpty }.joined(separator: ":"), r.account,
                            ]
                        }
                        return Listing.table(
                            header: ["Line", "Date", "Kind", "Amount", "Payee", "Category", "Account"],
                            rows: rows,
                            rightAligned: [0, 3]
                        )
                            + "\(preview.count) record\(preview.count == 1 ? "" : "s") ready to import; nothing was stored.\n"
                    }
                    let result = try await store.imports.importRecords(into: scope, from: source)
                    var text = "Imported \(result.count) record\(result.count == 1 ? "" : "s")"
                    if let first = result.firstDate, let last = result.lastDate { text += " from \(first) to \(last)" }
                    text += " into \(book.name)"
                    if result.createdCategories + result.createdAccounts > 0 {
                        text +=
                            "; created \(result.createdCategories) categor\(result.createdCategories == 1 ? "y" : "ies") and \(result.createdAccounts) account\(result.createdAccounts == 1 ? "" : "s")"
                    }
                    return text + ".\n"
                }
                print(output, terminator: "")
            }
        }
    }

    /// `tally export --format csv`: the same format the import reads.
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Export records as Tally CSV (import reads it back).")

        enum Format: String, ExpressibleByArgument, CaseIterable { case csv }

        @Option(help: "csv.") var format: Format = .csv
        @Option(name: .shortAndLong, help: "Write to this file instead of standard output.") var output: String?
        @OptionGroup var filter: FilterOptions
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let filter = try self.filter.filter()
                let out: FileHandle
                if let output {
                    guard FileManager.default.createFile(atPath: output, contents: nil),
                        let handle = FileHandle(forWritingAtPath: output)
                    else {
                        throw CLIError("cannot write \(output)")
                    }
                    out = handle
                } else {
                    out = FileHandle.standardOutput
                }
                try await store.withStore { store in
                    let scope = try await who.resolve(store)
                    let shape = try await store.imports.exportShape(of: scope, filter: filter)
                    out.write(Data(TallyCSV.header(time: shape.hasTimes, toAccount: shape.hasTransfers).utf8))
                    try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                        var text = ""
                        for r in records {
                            text += TallyCSV.line(r.exportRecord, time: shape.hasTimes, toAccount: shape.hasTransfers)
                        }
                        out.write(Data(text.utf8))
                    }
                }
                if output != nil { try out.close() }
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
