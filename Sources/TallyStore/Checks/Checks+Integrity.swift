import Foundation
import SQLKit
import TallyCore

/// The database's own integrity and foreign keys, and the receipts and goal photos of a book.
///
/// Receipts and goal photos live in the database (`receipts.data`, `goals.photo`), so there are
/// no loose files to lose: an orphan is a receipt whose record is gone or sits in another book,
/// or a row whose image bytes are missing or disagree with the size it records.
extension Checks {
    /// How many rows of each kind of damage are listed before the rest are summed up.
    private static let listed = 50

    /// SQLite: `PRAGMA integrity_check` and `PRAGMA foreign_key_check`. PostgreSQL keeps its own
    /// pages and enforces foreign keys, but a key can still be broken by hand (triggers disabled,
    /// a restore without constraints): every foreign key in the schema is checked with a query.
    static func checkIntegrity(_ db: any SQLDatabase, engine: SQLEngine) async throws -> [CheckFinding] {
        var findings: [CheckFinding] = []
        switch engine {
        case .sqlite:
            // integrity_check can itself stop on a badly damaged file ("malformed"); quick_check,
            // which skips comparing indexes with their tables, then still lists the damage.
            for pragma in ["integrity_check", "quick_check"] {
                do {
                    // SQLite may put several problems in one row, one a line, under a "*** in database main ***" heading.
                    let lines = try await db.raw("PRAGMA \(unsafeRaw: pragma)(\(unsafeRaw: String(listed)))").all()
                        .flatMap {
                            try $0.decode(column: pragma, as: String.self).split(separator: "\n").map(String.init)
                        }
                    for line in lines where line != "ok" && !line.hasPrefix("*** ") {
                        findings.append(CheckFinding(book: nil, table: pragma, cell: "", problem: line, fix: nil))
                    }
                    break
                } catch {
                    findings.append(
                        CheckFinding(book: nil, table: pragma, cell: "", problem: "stopped: \(error)", fix: nil)
                    )
                }
            }
            let keys: [any SQLRow]
            do {
                keys = try await db.raw("PRAGMA foreign_key_check").all()
            } catch {
                // A damaged page can stop the key check; what integrity_check found still stands.
                return findings + [
                    CheckFinding(
                        book: nil,
                        table: "foreign_key_check",
                        cell: "",
                        problem: "could not be read: \(error)",
                        fix: nil
                    )
                ]
            }
            for row in keys {
                let key = try row.decode(model: ForeignKeyCheckRow.self)
                // A receipt without its record is reported (and repaired) with its book.
                if key.table == "receipts" && key.parent == "transactions" { continue }
                findings.append(
                    CheckFinding(
                        book: nil,
                        table: key.table,
                        cell: key.rowid.map { "row \($0)" } ?? "",
                        problem: "refers to a row of \(key.parent) that does not exist",
                        fix: nil
                    )
                )
            }
        case .postgres:
            let keys = try await db.raw(
                """
                SELECT cl.relname AS child, a.attname AS col, pl.relname AS parent, pa.attname AS pcol
                FROM pg_constraint c
                JOIN pg_class cl ON cl.oid = c.conrelid
                JOIN pg_class pl ON pl.oid = c.confrelid
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
                JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
                WHERE c.contype = 'f' AND cardinality(c.conkey) = 1
                  AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
                ORDER BY cl.relname, a.attname
                """
            ).all().map { try $0.decode(model: ForeignKeyRow.self) }
            for key in keys {
                let (child, column, parent, parentColumn) = (key.child, key.column, key.parent, key.parentColumn)
                if child == "receipts" && parent == "transactions" { continue }
                let orphans = try await db.raw(
                    """
                    SELECT CAST(x.\(ident: column) AS TEXT) AS missing, CAST(COUNT(*) OVER () AS BIGINT) AS total FROM \(ident: child) x
                    WHERE x.\(ident: column) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \(ident: parent) p WHERE p.\(ident: parentColumn) = x.\(ident: column))
                    LIMIT \(unsafeRaw: String(listed))
                    """
                ).all().map { try $0.decode(model: OrphanRow.self) }
                for orphan in orphans {
                    findings.append(
                        CheckFinding(
                            book: nil,
                            table: child,
                            cell: "\(column) \(orphan.missing)",
                            problem: "refers to a row of \(parent) that does not exist",
                            fix: nil
                        )
                    )
                }
                if let total = orphans.first?.total, total > orphans.count {
                    findings.append(
                        CheckFinding(
                            book: nil,
                            table: child,
                            cell: "",
                            problem: "\(total - orphans.count) more rows refer to rows of \(parent) that do not exist",
                            fix: nil
                        )
                    )
                }
            }
        }
        return findings
    }

    /// A book's receipts whose record is missing or in another book, or whose bytes are missing
    /// or not the size recorded; and goal photos stored without their type or type without photo.
    static func checkReceipts(
        _ db: any SQLDatabase,
        book: BookID
    ) async throws -> (findings: [CheckFinding], receipts: Int) {
        let count =
            try await db.raw("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM receipts WHERE book_id = \(bind: book)")
            .first()?
            .decode(column: "n", as: Int.self) ?? 0
        var findings: [CheckFinding] = []
        let receipts = try await db.raw(
            """
            SELECT r.id, r.transaction_id, t.book_id AS owner, CAST(r.byte_size AS BIGINT) AS byte_size,
              CAST(COALESCE(LENGTH(r.data), 0) AS BIGINT) AS stored
            FROM receipts r LEFT JOIN transactions t ON t.id = r.transaction_id
            WHERE r.book_id = \(bind: book)
              AND (t.id IS NULL OR t.book_id <> r.book_id OR r.data IS NULL OR LENGTH(r.data) = 0 OR LENGTH(r.data) <> r.byte_size)
            ORDER BY r.id
            """
        ).all()
        for row in receipts {
            let receipt = try row.decode(model: DamagedReceiptRow.self)
            let (id, record) = (receipt.id, receipt.record)
            let (problem, fix): (String, CheckFix) =
                if receipt.owner == nil {
                    ("its record \(record) does not exist", .deleteReceipt(id))
                } else if let owner = receipt.owner, owner != book {
                    ("its record \(record) is in book \(owner)", .moveReceipt(id, toBook: owner))
                } else if receipt.stored == 0 {
                    ("no image bytes are stored (it says \(receipt.size) bytes)", .deleteReceipt(id))
                } else {
                    ("\(receipt.stored) bytes are stored but it says \(receipt.size)", .resizeReceipt(id))
                }
            findings.append(
                CheckFinding(book: book, table: "receipts", cell: "receipt \(id)", problem: problem, fix: fix)
            )
        }
        let photos = try await db.raw(
            """
            SELECT id, photo_type, CAST(COALESCE(LENGTH(photo), 0) AS BIGINT) AS stored FROM goals
            WHERE book_id = \(bind: book) AND (photo_type IS NULL OR photo IS NULL OR LENGTH(photo) = 0)
              AND NOT (photo_type IS NULL AND photo IS NULL)
            ORDER BY id
            """
        ).all()
        for row in photos {
            let photo = try row.decode(model: DamagedPhotoRow.self)
            let (problem, fix): (String, CheckFix) =
                photo.stored == 0
                ? ("its photo is marked \(photo.type ?? "?") but no image bytes are stored", .clearGoalPhoto(photo.id))
                : ("\(photo.stored) bytes of photo are stored without their type", .typeGoalPhoto(photo.id))
            findings.append(
                CheckFinding(book: book, table: "goals", cell: "goal \(photo.id) photo", problem: problem, fix: fix)
            )
        }
        return (findings, count)
    }

    /// Applies one row fix inside the repair's transaction; returns what it did.
    static func apply(_ fix: CheckFix, _ db: any SQLDatabase) async throws -> String {
        switch fix {
        case .rebuildTotals(let book):
            try await Totals.rebuild(db, book: book)
            return "book \(book): kept totals rebuilt from the records"
        case .reconvert(let book):
            let changed = try await Checks.reconvertAll(db, book: book)
            return "book \(book): \(changed) record\(changed == 1 ? "" : "s") converted again from its rates"
        case .deleteReceipt(let id):
            try await db.raw("DELETE FROM receipts WHERE id = \(bind: id)").run()
            return "receipt \(id): removed"
        case .moveReceipt(let id, let book):
            try await db.raw("UPDATE receipts SET book_id = \(bind: book) WHERE id = \(bind: id)").run()
            return "receipt \(id): moved to book \(book), where its record is"
        case .resizeReceipt(let id):
            try await db.raw("UPDATE receipts SET byte_size = LENGTH(data) WHERE id = \(bind: id)").run()
            return "receipt \(id): its size set to the bytes stored"
        case .clearGoalPhoto(let id):
            try await db.raw("UPDATE goals SET photo_type = NULL, photo = NULL WHERE id = \(bind: id)").run()
            return "goal \(id): photo mark removed"
        case .typeGoalPhoto(let id):
            let data = try await db.raw("SELECT photo FROM goals WHERE id = \(bind: id)").first()?.decode(
                column: "photo",
                as: Data?.self
            )
            if let data, let type = ReceiptImageType(sniffing: data) {
                try await db.raw("UPDATE goals SET photo_type = \(bind: type.rawValue) WHERE id = \(bind: id)").run()
                return "goal \(id): photo typed \(type.rawValue) from its bytes"
            }
            try await db.raw("UPDATE goals SET photo_type = NULL, photo = NULL WHERE id = \(bind: id)").run()
            return "goal \(id): photo removed (its bytes are not an image Tally accepts)"
        }
    }
}
