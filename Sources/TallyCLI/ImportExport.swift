import ArgumentParser
import Foundation
import TallyCore
import TallyFiles
import TallyStore

extension Tally {
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
                    var csv = TallyCSV.Writer(
                        time: shape.hasTimes,
                        toAccount: shape.hasTransfers,
                        split: shape.hasSplits
                    )
                    out.write(Data(csv.header.utf8))
                    try await store.imports.forEachRecord(in: scope, filter: filter) { records in
                        var text = ""
                        for r in records { text += csv.rows(r.exportRecord) }
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
