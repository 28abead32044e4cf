import Foundation
import NIOCore
import SQLKit
import TallyCore
import TallyFiles
import Testing

@testable import TallyStore

@Suite("Import through COPY")
struct ImportCopyTests {
    static let header =
        "date,amount,kind,payee,category,subcategory,account,currency,note,to_account,split,line_note,tags\n"

    /// Text that COPY's text format must escape or could misread, and text around it. (A carriage
    /// return, which COPY must escape too, is refused by the import's checks, and spaces around a
    /// value are trimmed; `escaping` has those.)
    static let hostile = [
        "tab\there", "two\nlines", "a\n\tb\t c", "\\n\\t\\r", #"back\slash"#, #"\N"#, #"\."#, #"\\"#,
        #"ends in \"#, "\\t is not a tab", "Café Zoë – 東京", "🍣🧾👩‍👩‍👧", "", "\"quoted\"", "a,b;c|d",
    ]

    /// The hostile text a one-line field (payee, category, account, tag) may hold: no control
    /// characters, which the import refuses there.
    static let hostileLine = hostile.filter { !$0.contains(where: { $0.isNewline || $0 == "\t" }) }

    /// One CSV field, quoted.
    static func field(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// `count` records of every kind an import writes: plain ones, split (two lines), tagged,
    /// transfers, in a currency without a rate (no base amount), under categories and accounts the
    /// book lacks, with hostile payees and notes. The first 4,000 are plain, so a whole batch goes
    /// the plain way and the next ones the way of records with lines and tags. `payee` replaces the
    /// payee of record `at` (a plain one when `at` is 8,000 or more).
    static func file(count: Int, payee replaced: (at: Int, payee: String)? = nil) -> String {
        var csv = header
        for i in 0..<count {
            let day = String(format: "2024-%02d-%02d", i % 12 + 1, i % 28 + 1)
            let amount = "\(i % 500 + 1).\(String(format: "%02d", i % 100))"
            var payee = field(i % 7 == 0 ? hostileLine[i % hostileLine.count] + " \(i % 50)" : "Payee \(i % 300)")
            if let replaced, replaced.at == i { payee = field(replaced.payee) }
            let note = field(i % 5 == 0 ? hostile[(i / 5) % hostile.count] : "")
            let mixed = i >= 4_000 && i < 8_000
            switch mixed ? i % 10 : -1 {
            case 0:
                let first = "\(i % 9 + 1).25"
                csv += "\(day),\(first),expense,\(payee),Food,Snacks,Cash,USD,\(note),,s\(i),\(field("line\t\(i)")),\n"
                csv +=
                    "\(day),2.50,expense,\(payee),\(field("Home\\Tab")),\(field("Sub\\N \(i % 3)")),Cash,USD,\(note),,s\(i),,\n"
            case 1:
                csv +=
                    "\(day),\(amount),expense,\(payee),Food,,Card,USD,\(note),,,,\(field("tag\(i % 40) café über/ß a.b_c-d"))\n"
            case 2:
                csv += "\(day),\(amount),transfer,,,,Cash,USD,\(note),Savings,,,\n"
            case 3:
                csv += "\(day),\(amount),income,\(payee),Salary,,\(field("Bank \\t\(i % 3)")),EUR,\(note),,,,pay\n"
            default:
                let category = ["Food", "Rent", "Travel", "Health"][i % 4]
                csv += "\(day),\(amount),expense,\(payee),\(category),\(field("Sub \(i % 6)")),Cash,USD,\(note),,,,\n"
            }
        }
        return csv
    }

    /// Imports `csv` into the user's first book.
    @discardableResult
    static func importCSV(_ store: Store, _ user: User, _ book: Book, _ csv: String) async throws -> ImportResult {
        let source = try TallyCSVImport(
            bytes: Array(csv.utf8),
            bookCurrency: book.currency,
            today: LocalDate(year: 2024, month: 12, day: 31)!
        )
        return try await store.imports.importRecords(into: try await store.scope(user, book: book.id), from: source)
    }

    @Test("COPY stores exactly what the INSERTs stored", .enabled(if: Backend.postgresURL != nil))
    func sameAsInserts() async throws {
        try await withStore(.postgres) { store in
            let (oldUser, oldBook) = try await owner(store, email: "old@example.com")
            let (newUser, newBook) = try await owner(store, email: "new@example.com")
            let csv = Self.file(count: 9_000)
            // The second file lands on kept totals the first made: their upserts add to them.
            let again = Self.file(count: 500)
            store.database.copiesImports.withLock { $0 = false }
            let old = try await Self.importCSV(store, oldUser, oldBook, csv)
            try await Self.importCSV(store, oldUser, oldBook, again)
            store.database.copiesImports.withLock { $0 = true }
            let new = try await Self.importCSV(store, newUser, newBook, csv)
            try await Self.importCSV(store, newUser, newBook, again)
            #expect(old.count == 9_000 && new.count == 9_000)
            #expect(old.createdCategories == new.createdCategories && old.createdAccounts == new.createdAccounts)
            let before = try await Self.rows(store, book: oldBook.id)
            let after = try await Self.rows(store, book: newBook.id)
            #expect(before.keys.sorted() == after.keys.sorted())
            for (table, rows) in before.sorted(by: { $0.key < $1.key }) {
                #expect(!rows.isEmpty, "\(table) is empty")
                #expect(rows == after[table], "\(table) differs")
            }
            #expect(before["transactions"]?.count == 9_500)
            #expect(before["transaction_lines"]?.count == 800)
            #expect(before["transaction_tags"]?.count == 400 * 4 + 400)
        }
    }

    /// Every row the import writes for `book`, table by table: as JSON with sorted keys, without
    /// ids, the book and timestamps, and with every reference to a category, account, record or
    /// tag given as that row's place among the book's rows of its table (so two books that got the
    /// same rows in the same order compare equal), sorted.
    static func rows(_ store: Store, book: BookID) async throws -> [String: [String]] {
        try await store.database.read { db in
            func ids(_ table: String) async throws -> [Int64: Int] {
                let all = try await db.raw(
                    "SELECT id FROM \(unsafeRaw: table) WHERE book_id = \(bind: book) ORDER BY id"
                )
                .all().map { try $0.decode(column: "id", as: Int64.self) }
                return Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, $0) })
            }
            let places = [
                "category": try await ids("categories"), "parent": try await ids("categories"),
                "account": try await ids("accounts"), "transaction": try await ids("transactions"),
                "tag": try await ids("tags"),
            ]
            func place(_ key: String, _ value: Any) -> Any {
                guard key.hasSuffix("_id"), let id = (value as? NSNumber)?.int64Value else { return value }
                let kind = places.keys.first { key == "\($0)_id" || key.hasSuffix("_\($0)_id") }
                guard let kind, id != 0 else { return value }
                return places[kind]?[id].map { "#\($0)" } ?? "unknown \(id)"
            }
            let tables = [
                "transactions", "transaction_lines", "tags", "categories", "accounts", "payees", "account_balances",
                "day_totals", "month_totals", "month_category_totals", "month_payee_totals", "year_payee_totals",
            ]
            var out: [String: [String]] = [:]
            for table in tables + ["transaction_tags", "books"] {
                let from: SQLQueryString =
                    switch table {
                    case "transaction_tags":
                        "transaction_tags t JOIN transactions r ON r.id = t.transaction_id WHERE r.book_id = \(bind: book)"
                    case "books": "books t WHERE t.id = \(bind: book)"
                    default: "\(unsafeRaw: table) t WHERE t.book_id = \(bind: book)"
                    }
                let json = try await db.raw("SELECT to_jsonb(t)::text AS j FROM \(from)").all()
                    .map { try $0.decode(column: "j", as: String.self) }
                out[table] = try json.map { text in
                    let object = try #require(
                        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                    )
                    var kept: [String: Any] = [:]
                    for (key, value) in object where !["id", "book_id", "created_at", "updated_at"].contains(key) {
                        kept[key] = place(key, value)
                    }
                    let data = try JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys])
                    return String(decoding: data, as: UTF8.self)
                }.sorted()
            }
            return out
        }
    }

    @Test("hostile text lands byte for byte", arguments: Backend.available)
    func hostileText(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            var csv = Self.header
            for (i, text) in Self.hostile.enumerated() {
                let day = String(format: "2024-03-%02d", i + 1)
                let payee = Self.hostileLine[i % Self.hostileLine.count]
                csv += "\(day),1.0\(i % 10),expense,\(Self.field(payee)),Food,,Cash,USD,\(Self.field(text)),,,,\n"
            }
            // A split record and a tagged one: their lines and tags go their own way.
            csv +=
                "2024-04-01,3.00,expense,\(Self.field("split \\N")),Food,,Cash,USD,,,s1,\(Self.field("a\\b\tc\nd")),\n"
            csv += "2024-04-01,4.00,expense,\(Self.field("split \\N")),Home,\(Self.field("\\.")),Cash,USD,,,s1,,\n"
            csv += "2024-04-02,5.00,expense,tagged,Food,,Cash,USD,,,,,\(Self.field("N café東京 a/b.c"))\n"
            try await Self.importCSV(store, user, book, csv)
            let page = try await store.records.transactions(
                in: try await store.scope(user, book: book.id),
                filter: TransactionFilter(),
                limit: 50
            )
            let records = page.records.map(\.transaction).sorted { $0.date < $1.date }
            #expect(
                records.prefix(Self.hostile.count).map(\.payee)
                    == Self.hostile.indices.map { Self.hostileLine[$0 % Self.hostileLine.count] }
            )
            #expect(records.prefix(Self.hostile.count).map(\.note) == Self.hostile)
            #expect(records.contains { $0.payee == "split \\N" && $0.amount.minorUnits == 700 })
            let (lines, tags) = try await store.database.read { db in
                let lines = try await db.raw("SELECT note FROM transaction_lines ORDER BY transaction_id, position")
                    .all().map { try $0.decode(column: "note", as: String.self) }
                let tags = try await db.raw(
                    "SELECT g.name FROM transaction_tags t JOIN tags g ON g.id = t.tag_id ORDER BY t.position"
                ).all().map { try $0.decode(column: "name", as: String.self) }
                return (lines, tags)
            }
            #expect(lines == ["a\\b\tc\nd", ""])
            #expect(tags == ["N", "café東京", "a/b.c"])
            let (nulls, empty) = try await store.database.read { db in
                let row = try await db.raw(
                    """
                    SELECT count(*) FILTER (WHERE imported_id IS NULL) AS nulls,
                      count(*) FILTER (WHERE note = '') AS empty FROM transactions
                    """
                ).first()
                return (try row?.decode(column: "nulls", as: Int.self), try row?.decode(column: "empty", as: Int.self))
            }
            // NULL stays NULL (the file gives no ids) and empty text stays empty, not NULL.
            #expect(nulls == Self.hostile.count + 2)
            #expect(empty == 3)
            let subcategory = try await store.database.read { db in
                try await db.raw("SELECT count(*) AS n FROM categories WHERE name = \(bind: "\\.")").first()?
                    .decode(column: "n", as: Int.self)
            }
            #expect(subcategory == 1)
        }
    }

    @Test("a bad row after whole batches leaves nothing stored", arguments: Backend.available)
    func badRowStoresNothing(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let before = try await Self.counts(store)
            var csv = Self.file(count: 9_000)
            // The file's line, counting the new lines inside quoted notes.
            let line = csv.filter { $0 == "\n" }.count + 1
            csv += "2024-05-01,12.345,expense,Late,Brand New Category,,New Account,USD,,,,,\n"
            do {
                try await Self.importCSV(store, user, book, csv)
                Issue.record("the import was not refused")
            } catch let error as FieldError {
                #expect("\(error)".contains("line \(line),"), "\(error)")
                #expect("\(error)".contains("amount"), "\(error)")
            }
            #expect(try await Self.counts(store) == before)
        }
    }

    @Test("a failure inside a COPY rolls back every batch before it", arguments: Backend.available)
    func failureMidCopy(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let before = try await Self.counts(store)
            // A trigger refuses one payee (record 8,599, in the third batch), as a constraint of the
            // server would: the file itself is good, so the refusal comes from inside the write.
            let (create, drop) =
                backend == .postgres
                ? (
                    [
                        """
                        CREATE FUNCTION copy_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN RAISE EXCEPTION 'refused %', NEW.payee; END $$
                        """,
                        """
                        CREATE TRIGGER copy_test_refuse BEFORE INSERT ON transactions FOR EACH ROW
                        WHEN (NEW.payee = 'Refuse me') EXECUTE FUNCTION copy_test_refuse()
                        """,
                    ],
                    ["DROP TRIGGER copy_test_refuse ON transactions", "DROP FUNCTION copy_test_refuse()"]
                )
                : (
                    [
                        """
                        CREATE TEMP TRIGGER copy_test_refuse BEFORE INSERT ON transactions
                        WHEN NEW.payee = 'Refuse me' BEGIN SELECT RAISE(ABORT, 'refused'); END
                        """
                    ],
                    ["DROP TRIGGER copy_test_refuse"]
                )
            try await store.database.write { db in for sql in create { try await db.raw("\(unsafeRaw: sql)").run() } }
            let refused: (any Error)?
            do {
                try await Self.importCSV(store, user, book, Self.file(count: 9_000, payee: (8_599, "Refuse me")))
                refused = nil
            } catch {
                refused = error
            }
            let after = try? await Self.counts(store)
            try await store.database.write { db in for sql in drop { try await db.raw("\(unsafeRaw: sql)").run() } }
            let error = try #require(refused, "the import was not refused")
            #expect(String(reflecting: error).contains("refused"), "\(String(reflecting: error))")
            #expect(after == before)
            // The connection is usable again, and the same file without the refused row imports whole.
            #expect(try await Self.importCSV(store, user, book, Self.file(count: 9_000)).count == 9_000)
        }
    }

    /// How many rows each table an import writes holds.
    static func counts(_ store: Store) async throws -> [String: Int] {
        try await store.database.read { db in
            var counts: [String: Int] = [:]
            for table in [
                "transactions", "transaction_lines", "transaction_tags", "tags", "categories", "accounts", "payees",
                "account_balances", "day_totals", "month_totals", "month_category_totals", "month_payee_totals",
                "year_payee_totals",
            ] {
                counts[table] = try await db.raw("SELECT count(*) AS n FROM \(unsafeRaw: table)").first()?
                    .decode(column: "n", as: Int.self)
            }
            return counts
        }
    }

    @Test("the text format escapes what it must and nothing else")
    func escaping() {
        let values: [BulkValue] = [
            .text("a\tb\nc\rd\\e"), .text(#"\N"#), .null, .text(""), .int(-42), .text(" Zoë 🍣\r\n"),
            .text(#"\."#),
        ]
        var buffer = ByteBufferAllocator().buffer(capacity: 64)
        CopyText.append(values[...], width: 7, columns: ["a", "b", "c", "d", "e", "f", "g"], shared: [:], to: &buffer)
        #expect(
            buffer.readString(length: buffer.readableBytes)
                == #"a\tb\nc\rd\\e"# + "\t" + #"\\N"# + "\t" + #"\N"# + "\t\t-42\t Zoë 🍣\\r\\n\t" + #"\\."# + "\n"
        )
        var shared = ByteBufferAllocator().buffer(capacity: 64)
        CopyText.append(
            [.int(1), .int(2), .text("x")],
            width: 1,
            columns: ["book", "v", "at"],
            shared: ["book": .int(7), "at": .null],
            to: &shared
        )
        #expect(shared.readString(length: shared.readableBytes) == "7\t1\t\\N\n7\t2\t\\N\n7\tx\t\\N\n")
    }
}
