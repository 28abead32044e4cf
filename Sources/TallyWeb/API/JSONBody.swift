import Foundation
import Hummingbird
import Tagged
import TallyCore

/// A JSON value read without ever going through floating point: numbers must be integers
/// (ids), amounts must be strings.
enum JSONValue: Decodable, Equatable {
    case string(String)
    case integer(Int64)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .other
        }
    }
}

/// A JSON object body checked against the fields an endpoint accepts.
struct JSONBody {
    let values: [String: JSONValue]

    /// Reads the request body (JSON, at most 1 MB: `JSONRequestBody`) as a JSON object with only
    /// `allowed` keys.
    static func read(_ request: Request, allowed: Set<String>) async throws -> JSONBody {
        let buffer = try await JSONRequestBody.read(request)
        let values: [String: JSONValue]
        do {
            values = try JSONDecoder().decode([String: JSONValue].self, from: Data(buffer: buffer))
        } catch {
            throw BadRequest(detail: "the body is not a valid JSON object")
        }
        if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw BadRequest(detail: "unknown field '\(unknown)'; allowed: \(allowed.sorted().joined(separator: ", "))")
        }
        return JSONBody(values: values)
    }

    /// A text field: absent → nil, null → "" (clears), a string as is; ids may be integers.
    func string(_ key: String, allowInteger: Bool = false) throws -> String? {
        switch values[key] {
        case nil: return nil
        case .string(let value): return value
        case .null: return ""
        case .integer(let value) where allowInteger: return String(value)
        default:
            throw FieldError(
                key,
                Self.moneyFields.contains(key)
                    ? "must be a decimal string such as \"4.50\"" : "must be a string"
            )
        }
    }

    /// A list of ids or names: `[3, "Food"]`; absent → nil, null → [] (clears).
    func list(_ key: String) throws -> [String]? {
        switch values[key] {
        case nil: return nil
        case .null: return []
        case .array(let items):
            return try items.map { item in
                switch item {
                case .string(let value): return value
                case .integer(let value): return String(value)
                default: throw FieldError(key, "must be a list of ids or names")
                }
            }
        default: throw FieldError(key, "must be a list of ids or names, such as [12, \"Food:Coffee\"]")
        }
    }

    /// A split's lines: `[{"category": "Food:Groceries", "amount": "40.00", "note": ""}, …]`;
    /// absent → nil (kept), null or [] → [] (one category again). Errors name the line and field.
    func lines(_ key: String) throws -> [LineInput]? {
        switch values[key] {
        case nil: return nil
        case .null: return []
        case .array(let items):
            return try items.enumerated().map { index, item in
                guard case .object(let fields) = item else {
                    throw FieldError(
                        "\(key)[\(index + 1)]",
                        "must be an object with category, subcategory, amount and note"
                    )
                }
                let line = JSONBody(values: fields)
                if let unknown = fields.keys.sorted().first(where: { !Self.lineFields.contains($0) }) {
                    throw FieldError("\(key)[\(index + 1)].\(unknown)", "is not a field of a line")
                }
                func text(_ name: String, allowInteger: Bool = false) throws -> String? {
                    do {
                        return try line.string(name, allowInteger: allowInteger)
                    } catch let error as FieldError {
                        throw FieldError("\(key)[\(index + 1)].\(name)", error.message)
                    }
                }
                return LineInput(
                    category: try text("category", allowInteger: true),
                    subcategory: try text("subcategory"),
                    amount: try text("amount"),
                    note: try text("note")
                )
            }
        default:
            throw FieldError(key, "must be a list of lines, such as [{\"category\": \"Food\", \"amount\": \"40.00\"}]")
        }
    }

    /// The fields of one split line.
    static let lineFields: Set<String> = ["category", "subcategory", "amount", "note"]

    /// A whole-number field given as a JSON integer (or a numeric string, as forms send it).
    func number(_ key: String) throws -> String? {
        switch values[key] {
        case nil: return nil
        case .null: return ""
        case .integer(let value): return String(value)
        case .string(let value): return value
        default: throw FieldError(key, "must be a whole number")
        }
    }

    /// A field that must be a JSON integer within `range`; absent or null → nil. Unlike `number`,
    /// a string ("7") is refused: no form sends this field, so a string is a client's mistake.
    func integer(_ key: String, in range: ClosedRange<Int>, unit: String) throws -> Int? {
        switch values[key] {
        case nil, .null: return nil
        case .integer(let value) where range.contains(Int(value)): return Int(value)
        default:
            throw FieldError(
                key,
                "must be a JSON integer from \(range.lowerBound) to \(range.upperBound) (\(unit)), not a string or a fraction"
            )
        }
    }

    /// A field whose null means something of its own (back to a default): absent → nil, null →
    /// `.some(nil)`, else what `read` gives.
    func nullable<T>(_ key: String, _ read: () throws -> T?) throws -> T?? {
        switch values[key] {
        case nil: return nil
        case .null: return .some(nil)
        default: return .some(try read())
        }
    }

    /// A boolean field.
    func bool(_ key: String) throws -> Bool? {
        switch values[key] {
        case nil, .null: return nil
        case .bool(let value): return value
        default: throw FieldError(key, "must be true or false")
        }
    }

    /// Fields holding money: decimal strings, never JSON numbers (which would pass through floating point).
    static let moneyFields: Set<String> = ["amount", "opening_balance", "limit", "price", "saved", "income"]
}

extension Parameters {
    /// A path id, typed by where it is used, or 404 when it is not a positive integer.
    func id<Tag>(
        _ name: String,
        as type: Tagged<Tag, Int64>.Type = Tagged<Tag, Int64>.self
    ) throws -> Tagged<Tag, Int64> {
        guard let text = get(name), let id = Int64(text), id > 0 else { throw HTTPError(.notFound) }
        return Tagged(rawValue: id)
    }
}
