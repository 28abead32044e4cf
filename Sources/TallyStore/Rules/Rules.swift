import Foundation
import SQLKit
import TallyCore

/// The book's rules: ordered, each a set of conditions and actions (see `RuleBook`), kept as
/// JSON so that new kinds of condition need no migration.
public struct Rules: StoreService {
    let core: StoreCore

    /// The rules in order.
    public func rules(in scope: BookScope) async throws -> [Rule] {
        let bookID = scope.bookID
        return try await database.read { db in try await Self.load(db, book: bookID) }
    }

    /// Adds a rule at `position` (1-based; at the end when nil or past it), checked as `RuleInput`
    /// says, with categories and accounts named as anywhere else.
    public func addRule(in scope: BookScope, _ input: RuleInput, position: Int? = nil) async throws -> Rule {
        let book = try scope.writable()
        return try await database.write { db in
            var all = try await Self.load(db, book: book.id)
            try RuleLimits.checkRoom(existing: all.count)
            let (conditions, actions) = try await Self.validate(db, input, book: book)
            var rule = Rule(position: 0, conditions: conditions, actions: actions)
            let at = min(max((position ?? all.count + 1) - 1, 0), all.count)
            let id = try await db.raw(
                """
                INSERT INTO rules (book_id, position, definition, created_at)
                VALUES (\(bind: book.id), \(bind: at + 1), \(bind: try Self.json(rule)), \(bind: Clock.timestamp()))
                RETURNING id
                """
            ).first()!.decode(column: "id", as: Int64.self)
            rule.id = id
            all.insert(rule, at: at)
            try await Self.renumber(db, all, book: book.id)
            rule.position = at + 1
            return rule
        }
    }

    /// Deletes a rule; the others keep their order.
    public func deleteRule(_ id: Int64, in scope: BookScope) async throws {
        let book = try scope.writable()
        try await database.write { db in
            guard
                try await db.raw(
                    "DELETE FROM rules WHERE id = \(bind: id) AND book_id = \(bind: book.id) RETURNING id"
                ).first() != nil
            else { throw StoreError.notFound("rule") }
            try await Self.renumber(db, try await Self.load(db, book: book.id), book: book.id)
        }
    }

    /// The book's rules, in order, with their ids and 1-based positions.
    static func load(_ db: any SQLDatabase, book: BookID) async throws -> [Rule] {
        try await db.raw(
            "SELECT id, position, definition FROM rules WHERE book_id = \(bind: book) ORDER BY position, id"
        ).all().enumerated().map { index, row in
            var rule = try JSONDecoder().decode(
                Rule.self,
                from: Data(try row.decode(column: "definition", as: String.self).utf8)
            )
            rule.id = try row.decode(column: "id", as: Int64.self)
            rule.position = index + 1
            return rule
        }
    }

    private static func renumber(_ db: any SQLDatabase, _ rules: [Rule], book: BookID) async throws {
        for (i, rule) in rules.enumerated() {
            guard let id = rule.id else { continue }
            try await db.raw(
                "UPDATE rules SET position = \(bind: i + 1) WHERE id = \(bind: id) AND book_id = \(bind: book)"
            ).run()
        }
    }

    static func json(_ rule: Rule) throws -> String {
        var stored = rule
        stored.id = nil
        return String(decoding: try JSONEncoder().encode(stored), as: UTF8.self)
    }

    /// `RuleInput.validate` with the book's categories and accounts.
    static func validate(
        _ db: any SQLDatabase,
        _ input: RuleInput,
        book: Book
    ) async throws -> (
        RuleConditions, RuleActions
    ) {
        let categories = try await Books.categories(db, book: book.id)
        let accounts = try await Books.accounts(db, book: book.id)
        return try RuleInput.validate(
            input,
            bookCurrency: book.currency,
            resolveCategory: { text in
                guard let reference = Reference(text) else { return nil }
                return try Books.resolve(reference, in: categories, kind: nil, field: "set_category").id.rawValue
            },
            resolveAccount: { text in
                guard let reference = Reference(text) else { return nil }
                return try Books.resolve(reference, in: accounts, field: "account").id.rawValue
            }
        )
    }
}
