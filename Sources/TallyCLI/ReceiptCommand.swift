import ArgumentParser
import Foundation
import TallyCore
import TallyStore

extension Tally {
    /// `tally receipt read FILE [--format json|text]`: what a receipt photo proposes, read by
    /// Tesseract here or on the server; nothing is saved (`tally add --receipt FILE` saves).
    struct ReceiptCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "receipt",
            abstract: "Read receipt photos (needs Tesseract: apt-get install tesseract-ocr).",
            subcommands: [Read.self]
        )

        /// `tally receipt read FILE`.
        struct Read: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Show the total, date, shop and currency a receipt photo proposes; nothing is saved."
            )

            @Argument(help: "The photo: JPEG, PNG, WebP or HEIC, at most 10 MB.") var file: String
            @Option(help: "text or json (the API's answer).") var format: Tally.Add.DraftFormat = .text
            @OptionGroup var who: UserOptions
            @OptionGroup var store: StoreOptions

            func run() async throws {
                try await reportingErrors {
                    let bytes = try ReceiptFile.read(file)
                    let proposal = try await store.withBackend(who) { try await $0.readReceipt(bytes) }
                    print(
                        format == .json
                            ? try ReceiptFile.json(proposal) : ReceiptFile.table(proposal, heading: "Receipt:")
                    )
                }
            }
        }
    }
}

/// The photo given on the command line and how its proposal is shown.
enum ReceiptFile {
    /// The bytes of `path` once they pass the server's own check of every image (at most 10 MB,
    /// a JPEG, PNG, WebP or HEIC, within the pixel and metadata limits), or an error naming it:
    /// read here or sent to a server, a photo over the limits is refused before anything runs.
    static func read(_ path: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: path)
        let size = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? nil
        guard let size else { throw CLIError("\(path): no such file") }
        guard size <= ReceiptImageType.maxBytes else { throw CLIError("\(path): images are limited to 10 MB") }
        let bytes = Array(try Data(contentsOf: url))
        do { _ = try ReceiptImageType.checked(bytes, field: path) } catch { throw CLIError(error.description) }
        return bytes
    }

    /// The proposal as `POST …/receipts/read` answers it.
    static func json(_ proposal: ReceiptProposal) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(proposal), as: UTF8.self)
    }

    /// Each proposed field, its value and where it came from; `-` for what could not be read.
    static func table(_ proposal: ReceiptProposal, heading: String) -> String {
        let rows: [(String, String?)] = [
            ("amount", proposal.amount?.decimalString), ("currency", proposal.currency.code),
            ("date", proposal.date?.description), ("payee", proposal.payee),
        ]
        var out = [heading]
        for (field, value) in rows {
            let source = value == nil ? "" : proposal.sources[field].map { "  (\($0.rawValue))" } ?? ""
            out.append("  " + field.padding(toLength: 10, withPad: " ", startingAt: 0) + (value ?? "-") + source)
        }
        return out.joined(separator: "\n")
    }
}
