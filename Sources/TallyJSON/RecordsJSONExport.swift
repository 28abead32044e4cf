import TallyCore
import TallyStore

/// Tally's JSON export (`tally export --format json`, `GET …/transactions?format=json`): one
/// array of records without this server's ids, which `tally import` and the API's import read
/// back. Every value is text, as in the CSV (amounts as decimal text, no floats).
///
/// Written by hand, byte for byte what `JSONSerialization` made of the same objects (sorted
/// keys, pretty printed, slashes left alone), which `RecordsJSONExportTests` checks over hostile
/// text: serializing each page's dictionaries took a million-record export 72 s.
public struct RecordsJSONExport: Sendable {
    private var first = true

    /// A writer at the start of the file.
    public init() {}

    /// The text of one page of records, oldest first as the export reads them.
    public mutating func page(_ records: [TransactionRecord]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(records.count * 280)
        for record in records {
            out.append(contentsOf: first ? "[\n  {\n".utf8 : ",\n  {\n".utf8)
            first = false
            Self.append(record, to: &out)
            out.append(contentsOf: "\n  }".utf8)
        }
        return out
    }

    /// The closing text: the whole file when there was no record.
    public func end() -> [UInt8] { Array((first ? "[\n\n]\n" : "\n]\n").utf8) }

    /// The record's fields in key order: account, amount, category, currency, date, kind, lines,
    /// note, payee, tags, time, to_account.
    private static func append(_ record: TransactionRecord, to out: inout [UInt8]) {
        let t = record.transaction
        field("account", record.accountName ?? "", to: &out, first: true)
        field("amount", t.amount.decimalString, to: &out)
        // A split's categories are its lines'.
        field("category", record.lines.isEmpty ? record.categoryPath ?? "" : "", to: &out)
        field("currency", t.amount.currency.code, to: &out)
        field("date", t.date.description, to: &out)
        field("kind", t.kind.rawValue, to: &out)
        if !record.lines.isEmpty {
            out.append(contentsOf: ",\n    \"lines\" : [\n".utf8)
            for (index, line) in record.lines.enumerated() {
                out.append(contentsOf: (index == 0 ? "      {\n" : ",\n      {\n").utf8)
                out.append(contentsOf: "        \"amount\" : ".utf8)
                JSONWriter.appendString(line.line.amount.decimalString, to: &out)
                out.append(contentsOf: ",\n        \"category\" : ".utf8)
                if let path = line.categoryPath {
                    JSONWriter.appendString(path, to: &out)
                } else {
                    out.append(contentsOf: "null".utf8)
                }
                out.append(contentsOf: ",\n        \"note\" : ".utf8)
                JSONWriter.appendString(line.line.note, to: &out)
                out.append(contentsOf: "\n      }".utf8)
            }
            out.append(contentsOf: "\n    ]".utf8)
        }
        field("note", t.note, to: &out)
        field("payee", t.payee, to: &out)
        out.append(contentsOf: ",\n    \"tags\" : [\n".utf8)
        for (index, tag) in t.tags.enumerated() {
            out.append(contentsOf: (index == 0 ? "      " : ",\n      ").utf8)
            JSONWriter.appendString(tag, to: &out)
        }
        out.append(contentsOf: "\n    ]".utf8)
        field("time", t.time?.description ?? "", to: &out)
        field("to_account", record.toAccountName ?? "", to: &out)
    }

    private static func field(_ key: StaticString, _ value: String, to out: inout [UInt8], first: Bool = false) {
        out.append(contentsOf: (first ? "    \"" : ",\n    \"").utf8)
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: "\" : ".utf8)
        JSONWriter.appendString(value, to: &out)
    }
}
