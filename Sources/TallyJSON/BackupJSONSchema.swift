import Foundation
import TallyStore

/// The JSON Schema of `backup.json`, made from `BackupTables` so that it cannot drift from what
/// backup writes and restore reads; `docs/backup.schema.json` is its output (`tally backup
/// --schema`), and a test keeps the two the same.
public enum BackupJSONSchema {
    /// The schema as pretty JSON text with sorted keys.
    public static func text() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(schema()), as: UTF8.self) + "\n"
    }

    static func schema() -> JSONValue {
        var properties: [String: JSONValue] = [
            "format": .object(["const": .string("tally-backup")]),
            "version": .object(["const": .int(Int64(BackupTables.version))]),
            "created_at": .object([
                "type": .string("string"), "description": .string("When the backup was taken (ISO 8601)."),
            ]),
            "scope": .object([
                "enum": .array([.string("server"), .string("books")]),
                "description": .string(
                    "server: every user, book and file; books: some books, their members without passwords."
                ),
            ]),
        ]
        for table in BackupTables.all {
            properties[table.name] = .object([
                "type": .string("array"),
                "description": .string(
                    table.serverOnly
                        ? "Only in a server backup." : "Rows ordered by \(table.order.joined(separator: ", "))."
                ),
                "items": row(table),
            ])
        }
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "$id": .string("https://tally.example/backup.schema.json"),
            "title": .string("Tally backup document (backup.json), version \(BackupTables.version)"),
            "type": .string("object"),
            "additionalProperties": .bool(false),
            "required": .array(["format", "version", "created_at", "scope"].map(JSONValue.string)),
            "properties": .object(properties),
        ])
    }

    private static func row(_ table: BackupTable) -> JSONValue {
        var properties: [String: JSONValue] = [:]
        var required: [JSONValue] = []
        for column in table.columns {
            var schema = kind(column.kind)
            if column.optional || column.serverOnly {
                if case .string(let type)? = schema["type"] {
                    schema["type"] = .array([.string(type), .string("null")])
                }
            } else {
                required.append(.string(column.key))
            }
            properties[column.key] = .object(schema)
        }
        return .object([
            "type": .string("object"),
            "additionalProperties": .bool(false),
            "required": .array(required),
            "properties": .object(properties),
        ])
    }

    private static func kind(_ kind: BackupColumnKind) -> [String: JSONValue] {
        switch kind {
        case .id:
            [
                "type": .string("integer"), "minimum": .int(1),
                "description": .string("1, 2, 3… in the order of the rows."),
            ]
        case .ref(let table):
            ["type": .string("integer"), "minimum": .int(1), "description": .string("The id of a row of \(table).")]
        case .int(let range):
            ["type": .string("integer"), "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)]
        case .money:
            [
                "type": .string("integer"), "minimum": .int(-999_999_999_999), "maximum": .int(999_999_999_999),
                "description": .string("Minor units of the row's currency (cents)."),
            ]
        case .bool: ["type": .string("boolean")]
        case .text(let limit): ["type": .string("string"), "maxLength": .int(Int64(limit))]
        case .choice(let words): ["type": .string("string"), "enum": .array(words.map(JSONValue.string))]
        case .date: ["type": .string("string"), "pattern": .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
        case .time: ["type": .string("string"), "pattern": .string("^([0-9]{2}:[0-9]{2})?$")]
        case .timestamp: ["type": .string("string"), "minLength": .int(1), "maxLength": .int(40)]
        case .currency:
            ["type": .string("string"), "pattern": .string("^[A-Z]{3}$"), "description": .string("ISO 4217.")]
        case .file:
            [
                "type": .string("string"), "pattern": .string("^files/"),
                "description": .string("The path of the file (an image) in the zip."),
            ]
        case .rule:
            [
                "type": .string("object"),
                "description": .string(
                    "The rule's conditions and actions; account and category ids in this document's numbering."
                ),
            ]
        case .object: ["type": .string("object")]
        }
    }
}
