import ArgumentParser
import Foundation
import TallyCore
import TallyFiles

extension Tally.Import {
    /// A mapping's JSON, or the error naming its key as a bad file (exit 65).
    static func decode(_ json: [UInt8]) throws(CLIBadFile) -> CSVMapping {
        do { return try CSVMapping.decode(json: json) } catch { throw CLIBadFile(error.description) }
    }

    /// A statement, or the error naming its line or element as a bad file (exit 65).
    static func read(
        _ bytes: [UInt8],
        format: StatementFormat,
        currency: Currency,
        mapping: CSVMapping?,
        dateOrder: QIFDateOrder?
    ) throws(CLIBadFile) -> Statement {
        do {
            return try StatementReader.read(
                bytes,
                format: format,
                currency: currency,
                mapping: mapping,
                dateOrder: dateOrder
            )
        } catch {
            throw CLIBadFile(error.description)
        }
    }
}

extension Tally {
    /// The formats `tally import --format` takes.
    enum ImportFormat: String, ExpressibleByArgument, CaseIterable {
        case tally, csv, ofx, qif, camt

        init(_ detected: StatementReader.Detected) {
            switch detected {
            case .tally: self = .tally
            case .statement(let format): self = ImportFormat(rawValue: format.rawValue)!
            }
        }

        var statementFormat: StatementFormat? { StatementFormat(rawValue: rawValue) }
    }
}

/// A file that cannot be read: exits 65, the line or element named.
struct CLIBadFile: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
