import Foundation
import SQLKit
import TallyCore

/// A named CSV mapping of a book ("My bank – checking"), with the header it was made from so
/// that a file with the same header is offered it.
public struct ImportPreset: Sendable, Equatable {
    /// Its id.
    public var id: Int64
    /// Its name, unique in the book.
    public var name: String
    /// The mapping, as the contract's JSON object.
    public var mapping: String
    /// The header line of the file it was made from ("" for a file without one).
    public var header: String
}

extension Imports {
    /// The book's presets, by name.
    public func presets(in scope: BookScope) async throws -> [ImportPreset] {
        let bookID = scope.bookID
        return try await database.read { db in
            try await db.raw(
                "SELECT id, name, mapping, header FROM import_presets WHERE book_id = \(bind: bookID) ORDER BY name"
            ).all().map { try $0.decode(model: StoredPreset.self).preset }
        }
    }

    /// Saves a mapping under a name, replacing the preset of that name.
    public func savePreset(
        in scope: BookScope,
        name rawName: String,
        mapping: String,
        header: String
    ) async throws
        -> ImportPreset
    {
        let book = try scope.writable()
        let name = try Validate.name(rawName, field: "name")
        try Validate.text(mapping, field: "mapping", maxLength: 10_000)
        // The header line comes from a bank's file: cleaned, not refused, like the rows' text.
        let head = String(TextRules.cleaned(header, lines: .one).prefix(2_000))
        return try await database.write { db in
            let count = try await db.raw(
                "SELECT COUNT(*) AS n FROM import_presets WHERE book_id = \(bind: book.id)"
            ).first()!.decode(column: "n", as: Int.self)
            guard count < 100 else { throw FieldError("name", "a book has at most 100 presets") }
            let id = try await db.raw(
                """
                INSERT INTO import_presets (book_id, name, mapping, header, created_at)
                VALUES (\(bind: book.id), \(bind: name), \(bind: mapping), \(bind: head), \(bind: Clock.timestamp()))
                ON CONFLICT (book_id, name) DO UPDATE SET mapping = excluded.mapping, header = excluded.header
                RETURNING id
                """
            ).first()!.decode(column: "id", as: Int64.self)
            return ImportPreset(id: id, name: name, mapping: mapping, header: head)
        }
    }

    /// Deletes a preset.
    public func deletePreset(_ id: Int64, in scope: BookScope) async throws {
        let book = try scope.writable()
        try await database.write { db in
            guard
                try await db.raw(
                    "DELETE FROM import_presets WHERE id = \(bind: id) AND book_id = \(bind: book.id) RETURNING id"
                ).first() != nil
            else { throw StoreError.notFound("preset") }
        }
    }

    private struct StoredPreset: Decodable {
        let id: Int64
        let name: String
        let mapping: String
        let header: String
        var preset: ImportPreset { ImportPreset(id: id, name: name, mapping: mapping, header: header) }
    }
}
