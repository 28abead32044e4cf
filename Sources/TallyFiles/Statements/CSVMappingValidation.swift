import Foundation
import TallyCore

extension CSVMapping {
    /// Reads a mapping from JSON and validates it; errors name the key ("mapping.date_format").
    public static func decode(json: [UInt8]) throws(StatementError) -> CSVMapping {
        // Held to strict JSON first: a key given twice would otherwise map the column last named.
        do { try StrictJSON.check(json) } catch { throw StatementError("mapping", "is not valid JSON: \(error)") }
        let mapping: CSVMapping
        do {
            mapping = try JSONDecoder().decode(CSVMapping.self, from: Data(json))
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw StatementError("mapping", "is not valid JSON")
        }
        try mapping.validate()
        return mapping
    }

    /// A DecodingError as "mapping.<key>: <what is wrong>".
    private static func describe(_ error: DecodingError) -> StatementError {
        func key(_ path: [any CodingKey]) -> String {
            let names = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return "mapping" + names.replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let k, let context):
            return StatementError(key(context.codingPath + [k]), "is missing")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return StatementError("mapping", "is not a JSON object")
        case .typeMismatch(let type, let context):
            let wanted =
                type == Bool.self ? "true or false" : type == Int.self ? "a whole number" : "a column name or number"
            return StatementError(key(context.codingPath), "must be \(wanted)")
        case .valueNotFound(_, let context):
            return StatementError(key(context.codingPath), "must not be null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return StatementError("mapping", "is not valid JSON") }
            return StatementError(key(context.codingPath), context.debugDescription)
        @unknown default:
            return StatementError("mapping", "cannot be read")
        }
    }

    /// The delimiter as a byte, when one is given and valid.
    var delimiterByte: UInt8? {
        switch delimiter?.lowercased() {
        case ",": 0x2C
        case ";": 0x3B
        case "\t", "tab", "\\t": 0x09
        case "|": 0x7C
        default: nil
        }
    }

    /// Checks the mapping on its own (the file is checked when it is read). Every error names the
    /// key: "mapping.date_format: 'QQ' is not a date format; …".
    public func validate() throws(StatementError) {
        if let delimiter, delimiterByte == nil {
            throw StatementError("mapping.delimiter", "'\(delimiter)' is not one of ',' ';' tab '|'")
        }
        if let skipLines, !(0...1000).contains(skipLines) {
            throw StatementError("mapping.skip_lines", "must be between 0 and 1000")
        }
        if let dateFormat, BankCSVDateFormat(dateFormat) == nil {
            throw StatementError(
                "mapping.date_format",
                "'\(dateFormat)' is not a date format; build it from YYYY, YY, MMM, MM, M, DD and D with separators, "
                    + "each of year, month and day once (e.g. DD.MM.YYYY)"
            )
        }
        let hasPair = debit != nil && credit != nil
        guard (amount != nil) != (debit != nil || credit != nil), amount != nil || hasPair else {
            throw StatementError("mapping", "give either amount, or debit and credit")
        }
        if let decimalSeparator, decimalSeparator != ".", decimalSeparator != "," {
            throw StatementError("mapping.decimal_separator", "'\(decimalSeparator)' is neither '.' nor ','")
        }
        if let direction {
            if amount == nil {
                throw StatementError("mapping.direction", "goes with amount, not with debit and credit")
            }
            let out = direction.out.trimmingSpaces().lowercased()
            let into = direction.in.trimmingSpaces().lowercased()
            if out.isEmpty || into.isEmpty {
                throw StatementError("mapping.direction", "needs both 'out' and 'in' texts")
            }
            if out == into { throw StatementError("mapping.direction", "'out' and 'in' must differ") }
            for (key, text) in [("out", direction.out), ("in", direction.in)] {
                if let scalar = TextRules.refused(in: text, lines: .one) {
                    throw StatementError("mapping.direction.\(key)", TextRules.message(scalar, lines: .one))
                }
            }
        }
        for (key, column) in columns {
            // A column's name is a header cell as a person reads it: one line, nothing invisible.
            // The proposal names a column whose header breaks that rule by its number instead.
            if case .name(let name) = column, let scalar = TextRules.refused(in: name, lines: .one) {
                throw StatementError("mapping.\(key)", TextRules.message(scalar, lines: .one))
            }
            switch column {
            case .index(let n) where !(1...10_000).contains(n):
                throw StatementError("mapping.\(key)", "column \(n) does not exist; columns are numbered from 1")
            case .name(let name) where !header && Int(name.trimmingSpaces()) == nil:
                throw StatementError(
                    "mapping.\(key)",
                    "'\(name)' names a column by its header, but the mapping says the file has none "
                        + "(header: false); give the column's number"
                )
            default: break
            }
        }
    }

    /// Every mapped column with its key, in a fixed order.
    var columns: [(key: String, column: Column)] {
        var all: [(String, Column?)] = [
            ("date", date), ("amount", amount), ("debit", debit), ("credit", credit),
            ("direction.column", direction?.column), ("payee", payee),
        ]
        all += note.map { ("note", $0) }
        all += [("category", category), ("account", account), ("currency", currency), ("id", id), ("type", type)]
        return all.compactMap { key, column in column.map { (key, $0) } }
    }
}
