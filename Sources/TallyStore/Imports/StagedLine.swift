import Foundation
import TallyCore

/// A staged row's split line as `statement_import_rows.lines` keeps it: JSON, "" for none.
struct StagedLine: Codable {
    let category: String
    let subcategory: String
    let amount: Int64
    let note: String

    /// The lines as stored ("" for a row without lines, the common case, so most rows cost nothing).
    static func encode(_ lines: [ImportLine]) throws -> String {
        guard !lines.isEmpty else { return "" }
        let staged = lines.map {
            StagedLine(category: $0.category, subcategory: $0.subcategory, amount: $0.amount.minorUnits, note: $0.note)
        }
        return String(decoding: try JSONEncoder().encode(staged), as: UTF8.self)
    }

    /// Read back, in the row's currency.
    static func decode(_ text: String, currency: Currency) throws -> [ImportLine] {
        guard !text.isEmpty else { return [] }
        return try JSONDecoder().decode([StagedLine].self, from: Data(text.utf8)).map {
            ImportLine(
                category: $0.category,
                subcategory: $0.subcategory,
                amount: Money(minorUnits: $0.amount, currency: currency),
                note: $0.note
            )
        }
    }

    /// The tags as stored: a JSON array, "" for none.
    static func encodeTags(_ tags: [String]) throws -> String {
        tags.isEmpty ? "" : String(decoding: try JSONEncoder().encode(tags), as: UTF8.self)
    }

    /// Read back.
    static func decodeTags(_ text: String) throws -> [String] {
        text.isEmpty ? [] : try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}
