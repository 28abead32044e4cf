import SQLKit
import Testing

@testable import TallyStore

/// A migration that adds a table or column must decide whether backups carry it: this fails until
/// `BackupTables` either holds it or names it as left out or derived.
@Suite("Backup coverage")
struct BackupCoverageTests {
    @Test("every table and column of the schema is backed up, left out or derived")
    func everyTableDecided() async throws {
        try await withStore(.sqlite) { store in
            let schema = try await store.database.read { db in
                let tables = try await db.raw(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE '%VIRTUAL TABLE%'"
                ).all().map { try $0.decode(column: "name", as: String.self) }
                var columns: [String: [String]] = [:]
                for table in tables {
                    columns[table] = try await db.raw("SELECT name FROM pragma_table_info(\(bind: table))").all().map {
                        try $0.decode(column: "name", as: String.self)
                    }
                }
                return columns
            }
            let backed = Dictionary(uniqueKeysWithValues: BackupTables.all.map { ($0.name, $0) })
            for (table, columns) in schema.sorted(by: { $0.key < $1.key }) {
                if BackupTables.leftOut[table] != nil { continue }
                // Full-text shadow tables belong to their virtual table.
                if table.contains("_fts") { continue }
                guard let kept = backed[table] else {
                    Issue.record("table \(table) is neither backed up nor left out")
                    continue
                }
                let keys = Set(kept.columns.map(\.sql))
                for column in columns where !keys.contains(column) {
                    #expect(BackupTables.derivedColumns.contains("\(table).\(column)"), "column \(table).\(column)")
                }
            }
            for name in backed.keys { #expect(schema[name] != nil, "backed-up table \(name) is not in the schema") }
            for name in BackupTables.leftOut.keys {
                #expect(schema[name] != nil, "left-out table \(name) is not in the schema")
            }
        }
    }
}
