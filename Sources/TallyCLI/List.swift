import ArgumentParser
import Foundation
import TallyCore
import TallyFiles
import TallyStore

extension Tally {
    /// `tally list`: records in (date, time) order as a table, CSV or JSON.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List records.")

        enum Format: String, ExpressibleByArgument, CaseIterable { case table, csv, json }

        @OptionGroup var filter: FilterOptions
        @Option(help: "table, csv or json.") var format: Format = .table
        @OptionGroup var who: UserOptions
        @OptionGroup var store: StoreOptions

        func run() async throws {
            try await reportingErrors {
                let query = try filter.query()
                let records = try await store.withBackend(who) { backend in
                    var all: [TransactionRecord] = []
                    try await backend.forEachPage(query) { all += $0 }
                    return all
                }
                print(Listing.render(records, format: format), terminator: "")
            }
        }
    }
}

/// Text renderings of records for the terminal.
enum Listing {
    /// "2026-11-21 Starbucks $4.50 Food:Coffee · Cash".
    static func summary(_ record: TransactionRecord) -> String {
        let t = record.transaction
        var parts = [
            t.date.description,
            t.kind == .transfer ? "\(record.accountName ?? "?") → \(record.toAccountName ?? "?")" : t.payee,
            t.amount.formatted,
        ]
        if let category = record.categoryPath { parts.append(category) }
        if !record.lines.isEmpty { parts.append(splitText(record)) }
        if !t.tags.isEmpty { parts.append(t.tags.map { "#" + $0 }.joined(separator: " ")) }
        if t.kind != .transfer, let account = record.accountName { parts.append("· \(account)") }
        return parts.joined(separator: " ")
    }

    /// "Food:Groceries 40.00 + Household 12.50": a split's lines in one cell.
    static func splitText(_ record: TransactionRecord) -> String {
        record.lines.map { "\($0.categoryPath ?? "Uncategorized") \($0.line.amount.decimalString)" }.joined(
            separator: " + "
        )
    }

    static let columns = [
        "id", "date", "time", "kind", "amount", "currency", "payee", "category", "account", "to_account", "note",
    ]

    static func fields(_ record: TransactionRecord) -> [String] {
        let t = record.transaction
        return [
            String(t.id), t.date.description, t.time?.description ?? "", t.kind.rawValue, t.amount.decimalString,
            t.amount.currency.code,
            t.payee, record.lines.isEmpty ? record.categoryPath ?? "" : splitText(record), record.accountName ?? "",
            record.toAccountName ?? "", t.note,
        ]
    }

    static func render(_ records: [TransactionRecord], format: Tally.List.Format) -> String {
        switch format {
        case .csv:
            return ([columns] + records.map(fields)).map(CSVWriter.row).joined()
        case .json:
            return json(records.map(jsonObject)) + "\n"
        case .table:
            guard !records.isEmpty else { return "No records.\n" }
            let rows = records.map { r -> [String] in
                let t = r.transaction
                let signed = t.kind == .expense ? "-" + t.amount.formatted : t.amount.formatted
                let who = t.kind == .transfer ? "\(r.accountName ?? "?") → \(r.toAccountName ?? "?")" : t.payee
                return [
                    t.date.description, who, r.lines.isEmpty ? r.categoryPath ?? "" : splitText(r),
                    t.kind == .transfer ? "" : r.accountName ?? "",
                    signed,
                ]
            }
            return table(header: ["Date", "Payee", "Category", "Account", "Amount"], rows: rows, rightAligned: [4])
        }
    }

    /// A record as `--format json` gives it: the columns, and for imported records where they came
    /// from, the file's id and the import's.
    static func jsonObject(_ r: TransactionRecord) -> [String: Any] {
        var object: [String: Any] = Dictionary(uniqueKeysWithValues: zip(columns, fields(r)))
        if let importID = r.importID { object["import_id"] = importID }
        if let importedID = r.importedID { object["imported_id"] = importedID }
        object["tags"] = r.transaction.tags
        if !r.lines.isEmpty {
            // A split's categories are its lines'; the record itself has none.
            object["category"] = ""
            object["lines"] = r.lines.map { line -> [String: Any] in
                var out: [String: Any] = ["amount": line.line.amount.decimalString, "note": line.line.note]
                out["category"] = line.categoryPath ?? NSNull()
                return out
            }
        }
        return object
    }

    /// A record as `export --format json` writes it: `jsonObject` without the ids that belong to
    /// this server (`id`, `import_id`, `imported_id`), so that an export imported into another
    /// book exports to the same text.
    static func portableObject(_ r: TransactionRecord) -> [String: Any] {
        var object = jsonObject(r)
        for key in ["id", "import_id", "imported_id"] { object[key] = nil }
        return object
    }

    private static func json(_ objects: [[String: Any]]) -> String {
        let data =
            (try? JSONSerialization.data(
                withJSONObject: objects,
                options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            )) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// A plain text table with a header rule; `rightAligned` columns are padded on the left.
    static func table(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            row.enumerated().map { index, cell in
                let pad = String(repeating: " ", count: widths[index] - cell.count)
                return rightAligned.contains(index) ? pad + cell : cell + pad
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }
}
