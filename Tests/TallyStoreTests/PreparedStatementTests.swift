import SQLKit
import TallyCore
import Testing

@testable import TallyStore

/// Frequent statements run on PostgreSQL as named prepared statements (`PreparingSQLDatabase`):
/// the server holds each text under its own name, the answers are those of an unnamed run, and a
/// failed preparation does not spoil the text for the connection.
@Suite("Named prepared statements on PostgreSQL")
struct PreparedStatementTests {
    @Test("a text is named once it has run often enough, and at most `capacity` texts are")
    func registryNamesFrequentTexts() {
        let statements = PreparedStatements(threshold: 3, capacity: 2)
        let a = PreparedStatements.Key(sql: "SELECT $1", types: "i")
        #expect(statements.name(for: a, connection: 1) == nil)
        #expect(statements.name(for: a, connection: 2) == nil)
        #expect(statements.name(for: a, connection: 1) == "tally_1")
        #expect(statements.name(for: a, connection: 2) == "tally_1")
        // The same text bound with a NULL is another statement.
        let aNull = PreparedStatements.Key(sql: "SELECT $1", types: "n")
        for _ in 0..<3 { _ = statements.name(for: aNull, connection: 1) }
        #expect(statements.name(for: aNull, connection: 1) == "tally_2")
        // Full: a third text stays unnamed however often it runs.
        let b = PreparedStatements.Key(sql: "SELECT 2", types: "")
        for _ in 0..<10 { #expect(statements.name(for: b, connection: 1) == nil) }
        #expect(statements.namedCount == 2)
        // A statement marked for a plan of its own (a word search, a long range of kept totals)
        // is never named, whatever room is left, wherever the mark is.
        let roomy = PreparedStatements(threshold: 1)
        let marked = [
            "SELECT 1 WHERE \(PreparedStatements.unnamed)t.search @@ $1", PreparedStatements.unnamed + "SELECT 1",
        ]
        for sql in marked {
            for _ in 0..<5 {
                #expect(roomy.name(for: PreparedStatements.Key(sql: sql, types: "t"), connection: 1) == nil)
            }
        }
    }

    @Test("a failure moves the text to a new name on that connection only, and after three it runs unnamed there")
    func failuresRename() {
        let statements = PreparedStatements(threshold: 1)
        let key = PreparedStatements.Key(sql: "SELECT 1", types: "")
        #expect(statements.name(for: key, connection: 7) == "tally_1")
        statements.failed(key, connection: 7)
        #expect(statements.name(for: key, connection: 7) == "tally_1_1")
        #expect(statements.name(for: key, connection: 8) == "tally_1")
        statements.failed(key, connection: 7)
        statements.failed(key, connection: 7)
        #expect(statements.name(for: key, connection: 7) == nil)
    }

    @Test(
        "the server holds the statement by name, and named and unnamed runs answer the same",
        .enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped")
    )
    func serverHoldsNamedStatements() async throws {
        try await onePooledConnection { database in
            let text = "SELECT CAST($1 AS BIGINT) * 2 AS twice, COALESCE(CAST($2 AS TEXT), 'none') AS label"
            let answers = try await database.snapshot {
                var answers: [String] = []
                for value in 1...5 {
                    // Values, then a NULL where the text had one: a second statement.
                    let label: String? = value.isMultiple(of: 2) ? nil : "odd"
                    answers.append(try await database.read { db in try await twice(db, value, label) })
                }
                return answers
            }
            #expect(answers == ["2 odd", "4 none", "6 odd", "8 none", "10 odd"])
            let held = try await database.read { db in
                try await db.raw("SELECT name, statement FROM pg_prepared_statements ORDER BY name").all()
                    .map {
                        try
                            "\($0.decode(column: "name", as: String.self)): \($0.decode(column: "statement", as: String.self))"
                    }
            }
            #expect(held.contains("tally_1: " + text), "\(held)")
            #expect(database.prepared?.namedCount ?? 0 >= 1)
        }
    }

    @Test(
        "a statement first named inside a failed transaction still runs on that connection afterwards",
        .enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped")
    )
    func failedPreparationIsNotKept() async throws {
        try await onePooledConnection { database in
            for value in 0..<2 { _ = try await database.read { db in try await next(db, value) } }
            // Its third run would name it; inside a failed transaction the server refuses the
            // Parse, and PostgresNIO remembers that refusal for the life of the connection.
            await #expect(throws: (any Error).self) {
                try await database.write { db in
                    _ = try? await db.raw("SELECT 1 / 0").run()
                    _ = try await next(db, 2)
                }
            }
            #expect(try await database.read { db in try await next(db, 41) } == 42)
            #expect(try await database.read { db in try await next(db, 1) } == 2)
        }
    }

    @Test(
        "a word search and a long report stay unnamed, and the month's totals are named",
        .enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped")
    )
    func plansThatDependOnTheirBindsStayUnnamed() async throws {
        try await withStore(.postgres) { store in
            let (user, book) = try await owner(store)
            let scope = try await store.scope(user, book: book.id)
            for (i, payee) in ["Lyft", "Coffee Corner", "Lyft"].enumerated() {
                _ = try await store.records.addTransaction(
                    to: scope,
                    TransactionInput(amount: "4.50", date: "2026-03-1\(i)", payee: payee, category: "Food")
                )
            }
            // In one snapshot: one connection, whose named statements the server lists.
            let held = try await store.database.snapshot {
                for _ in 0..<6 {
                    let page = try await store.records.transactions(
                        in: scope,
                        filter: TransactionFilter(text: "lyf"),
                        summarize: true
                    )
                    #expect(page.records.count == 2 && page.summary?.count == 2)
                    for (from, to) in [("2026-03-01", "2026-03-31"), ("2016-01-01", "2026-12-31")] {
                        let range = try DateRange(from: LocalDate(from)!, to: LocalDate(to)!)
                        let rows = try await store.database.read { db in
                            try await TotalsQuery(book: book.id, range: range, kinds: ["expense"]).run(db)
                        }
                        #expect(rows.map(\.total) == [1_350])
                    }
                }
                return try await store.database.read { db in
                    try await db.raw("SELECT statement FROM pg_prepared_statements").all()
                        .map { try $0.decode(column: "statement", as: String.self) }
                }
            }
            #expect(!held.isEmpty)
            #expect(!held.contains { $0.contains("@@") }, "\(held)")
            #expect(!held.contains { $0.contains(PreparedStatements.unnamed) }, "\(held)")
            #expect(held.contains { $0.contains("month_category_totals") }, "\(held)")
        }
    }

    @Test(
        "a batch's kept totals and balances are one statement, held by name",
        .enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped")
    )
    func keptTotalsAreOneNamedStatement() async throws {
        try await withStore(.postgres) { store in
            let (_, book) = try await owner(store)
            // One transaction: one connection, whose named statements the server lists.
            let held = try await store.database.write { db in
                for (day, cents) in [(2, Int64(450)), (3, 1_000), (4, 125), (5, 2_500)] {
                    let draft = TransactionDraft(
                        kind: .expense,
                        amount: Money(minorUnits: cents, currency: book.currency),
                        date: LocalDate("2026-03-0\(day)")!,
                        time: nil,
                        payee: "Cafe \(day % 2)",
                        category: .name("Food"),
                        account: .name("Cash"),
                        toAccount: nil,
                        note: ""
                    )
                    _ = try await AddQueue.insert(db, [(book.id, book.currency, draft)])[0].get()
                }
                return try await db.raw("SELECT statement FROM pg_prepared_statements").all()
                    .map { try $0.decode(column: "statement", as: String.self) }
            }
            let upserts = held.filter { $0.contains("unnest(") }
            #expect(upserts.count == 1, "\(held)")
            for table in TotalsTable.all.map(\.name) + ["account_balances"] {
                #expect(upserts.first?.contains("INSERT INTO \(table) ") == true, "\(table)")
            }
            let range = try DateRange(from: LocalDate("2026-03-01")!, to: LocalDate("2026-03-31")!)
            for table in [TotalsTable.day, .month, .monthCategory, .monthPayee] {
                let sum = try await store.database.read { db in
                    try await db.raw(
                        "SELECT CAST(SUM(total_minor) AS BIGINT) AS s FROM \(unsafeRaw: table.name) WHERE book_id = \(bind: book.id)"
                    ).first()?.decode(column: "s", as: Int64.self)
                }
                #expect(sum == 4_075, "\(table.name)")
            }
            let rows = try await store.database.read { db in
                try await TotalsQuery(book: book.id, range: range, kinds: ["expense"]).run(db)
            }
            #expect(rows.map(\.total) == [4_075])
            let balance = try await store.database.read { db in
                try await db.raw(
                    "SELECT CAST(SUM(balance_minor) AS BIGINT) AS s FROM account_balances WHERE book_id = \(bind: book.id)"
                ).first()?.decode(column: "s", as: Int64.self)
            }
            #expect(balance == -4_075)
        }
    }

    @Test(
        "PostgreSQL runs WITH parts that nothing reads last part first, as the kept totals' lock order needs",
        .enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped")
    )
    func withPartsRunLastFirst() async throws {
        try await onePooledConnection { database in
            let order = try await database.write { db in
                try await db.raw("CREATE TEMPORARY TABLE with_order (n BIGSERIAL, part TEXT) ON COMMIT DROP").run()
                try await db.raw(
                    """
                    WITH a AS (INSERT INTO with_order (part) SELECT * FROM unnest(\(bind: ["a1", "a2"])::text[])),
                    b AS (INSERT INTO with_order (part) VALUES ('b')) SELECT 1
                    """
                ).run()
                return try await db.raw("SELECT part FROM with_order ORDER BY n").all()
                    .map { try $0.decode(column: "part", as: String.self) }
            }
            #expect(order == ["b", "a1", "a2"])
        }
    }

    @Test(
        "prepared_statements=off names nothing",
        .enabled(if: Backend.postgresURL != nil, "TEST_DATABASE_URL is not set: PostgreSQL skipped")
    )
    func turnedOff() async throws {
        try await onePooledConnection(extra: "&prepared_statements=off") { database in
            #expect(database.prepared == nil)
            for value in 0..<5 {
                #expect(try await database.read { db in try await next(db, value) } == value + 1)
            }
            let held = try await database.read { db in
                try await db.raw("SELECT count(*) AS n FROM pg_prepared_statements").first()?.decode(
                    column: "n",
                    as: Int.self
                )
            }
            #expect(held == 0)
        }
    }
}

/// A database on one pooled connection, so that every statement of the test meets the same
/// server session.
private func onePooledConnection(extra: String = "", _ body: (Database) async throws -> Void) async throws {
    let url = try #require(Backend.postgresURL)
    let database = try await Database(.postgres(url + (url.contains("?") ? "&" : "?") + "pool_size=1" + extra))
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await database.run() }
        defer { group.cancelAll() }
        try await body(database)
    }
}

private func twice(_ db: any SQLDatabase, _ value: Int, _ label: String?) async throws -> String {
    let row = try await db.raw(
        "SELECT CAST(\(bind: value) AS BIGINT) * 2 AS twice, COALESCE(CAST(\(bind: label) AS TEXT), 'none') AS label"
    ).first()
    return
        "\(try row?.decode(column: "twice", as: Int.self) ?? -1) \(try row?.decode(column: "label", as: String.self) ?? "")"
}

private func next(_ db: any SQLDatabase, _ value: Int) async throws -> Int {
    try await db.raw("SELECT CAST(\(bind: value) AS BIGINT) + 1 AS next").first()?.decode(column: "next", as: Int.self)
        ?? -1
}
