import ArgumentParser
import Foundation
import TallyCore
import TallyFiles

extension Tally {
    /// `tally statement FILE`: what Tally reads from a bank file, as JSON, storing nothing.
    struct StatementCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "statement",
            abstract: "Show what Tally reads from a bank file (OFX/QFX, QIF, CAMT.053, bank CSV), as JSON.",
            discussion: """
                Nothing is stored. Amounts are signed (money in is positive) in minor-unit-exact decimal \
                text. A bad file exits 65 with the line or element named.
                """
        )

        @Argument(help: "The file ('-' for standard input).") var file: String
        @Option(help: "ofx, qif, camt or csv (detected when left out).") var format: StatementFormat?
        @Option(help: "The currency of amounts the file does not give one for (QIF, most CSVs).")
        var currency = "USD"
        @Option(help: "A CSV mapping, as a JSON file (see docs/import.md).") var mapping: String?
        @Option(name: .customLong("date-order"), help: "QIF dates: MDY or DMY (detected when left out).")
        var dateOrder: QIFDateOrder?

        func run() throws {
            let bytes = try readInput(file)
            guard let code = Currency(code: currency.uppercased()) else {
                throw ValidationError("--currency must be an ISO 4217 code such as USD")
            }
            var mapped: CSVMapping?
            if let mapping {
                guard let data = FileManager.default.contents(atPath: mapping) else {
                    throw ValidationError("cannot read the mapping \(mapping)")
                }
                do { mapped = try CSVMapping.decode(json: Array(data)) } catch {
                    FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                    throw ExitCode(65)
                }
            }
            let chosen: StatementFormat
            if let format {
                chosen = format
            } else if case .statement(let detected) = StatementReader.detect(bytes) {
                chosen = detected
            } else {
                FileHandle.standardError.write(Data("error: file: this is Tally's own CSV; use tally import\n".utf8))
                throw ExitCode(65)
            }
            let statement: Statement
            do {
                statement = try StatementReader.read(
                    bytes,
                    format: chosen,
                    currency: code,
                    mapping: mapped,
                    dateOrder: dateOrder
                )
            } catch {
                FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
                throw ExitCode(65)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            FileHandle.standardOutput.write(try encoder.encode(statement) + Data("\n".utf8))
        }
    }
}

extension StatementFormat: ExpressibleByArgument {}
extension QIFDateOrder: ExpressibleByArgument {}
