import Foundation
import TallyCore
import TallyStore
import Testing

@Suite("Migrations and persistence")
struct MigrationTests {
    @Test("migrations run once on an empty database", arguments: Backend.available)
    func migrateEmpty(backend: Backend) async throws {
        try await withStore(backend) { store in
            // withStore already migrated: a second run applies nothing.
            let applied = try await store.migrate()
            let users = try await store.userCount()
            #expect(applied.isEmpty)
            #expect(users == 0)
        }
    }

    @Test("a fresh SQLite file gets every migration")
    func freshFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-mig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try await Store.open(.sqliteFile(folder.path + "/t.sqlite"), bcryptCost: 4)
        #expect(try await store.migrate() == [1, 2, 3, 4, 5, 6])
        #expect(try await store.migrate() == [])
        await store.database.close()
    }

    @Test("records survive closing and reopening the data file")
    func restartPersistence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tally-restart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/tally.sqlite"

        let first = try await Store.open(.sqliteFile(path), bcryptCost: 4)
        try await first.migrate()
        let (user, book) = try await owner(first)
        _ = try await first.addTransaction(
            to: try await first.scope(user, book: book.id),
            TransactionInput(
                amount: "4.50",
                date: "2026-03-02",
                payee: "Starbucks",
                category: "Food:Coffee",
                account: "Cash"
            )
        )
        let (_, token) = try await first.createToken(for: user, name: "cli")
        try await first.putSession(key: "abc", value: "{\"userID\":1}", expiresAt: nil)
        await first.database.close()

        let second = try await Store.open(.sqliteFile(path), bcryptCost: 4)
        #expect(try await second.migrate() == [])
        let again = try #require(try await second.user(email: "owner@example.com"))
        let page = try await second.transactions(in: try await second.scope(again, book: book.id))
        #expect(page.records.map(\.transaction.amount.decimalString) == ["4.50"])
        #expect(page.records.first?.categoryPath == "Food:Coffee")
        #expect(try await second.user(forToken: token) == again)
        #expect(try await second.session(key: "abc")?.value == "{\"userID\":1}")
        _ = try await second.authenticate(email: "owner@example.com", password: "correct horse")
        await second.database.close()
    }
}
