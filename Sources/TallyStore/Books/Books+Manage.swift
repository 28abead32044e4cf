import SQLKit
import TallyCore

extension Books {
    /// Renames the book (owners only).
    public func rename(in scope: BookScope, to rawName: String?) async throws -> Book {
        try scope.require(.owner)
        let name = try Validate.name(rawName, field: "name")
        try await database.write { db in
            try await db.raw("UPDATE books SET name = \(bind: name) WHERE id = \(bind: scope.bookID)").run()
        }
        var book = scope.book
        book.name = name
        return book
    }

    /// Archives the book, or brings it back (owners only). An archived book leaves the switcher
    /// and `/today`; its records, reports and members stay as they were.
    public func setArchived(_ archived: Bool, in scope: BookScope) async throws -> Book {
        try scope.require(.owner)
        let stamp: String? = archived ? Clock.timestamp() : nil
        try await database.write { db in
            try await db.raw("UPDATE books SET archived_at = \(bind: stamp) WHERE id = \(bind: scope.bookID)").run()
        }
        var book = scope.book
        book.archived = archived
        return book
    }

    /// Copies a book's categories (tree, icons, colours, order) into a new book, parents first.
    static func copyCategories(_ db: any SQLDatabase, from source: BookID, to target: BookID) async throws {
        let rows = try await db.raw(
            """
            SELECT id, parent_id, kind, name, icon, color, position FROM categories
            WHERE book_id = \(bind: source) ORDER BY id
            """
        ).all()
        struct Seed {
            let id: CategoryID, parent: CategoryID?, kind: CategoryKind, name: String, icon: String, color: String
            let position: Int
        }
        let seeds = try rows.map { row in
            Seed(
                id: try row.decode(column: "id", as: CategoryID.self),
                parent: try row.decode(column: "parent_id", as: CategoryID?.self),
                kind: CategoryKind(rawValue: try row.decode(column: "kind", as: String.self)) ?? .expense,
                name: try row.decode(column: "name", as: String.self),
                icon: try row.decode(column: "icon", as: String.self),
                color: try row.decode(column: "color", as: String.self),
                position: Int(try row.decode(column: "position", as: Int64.self))
            )
        }
        var copied: [CategoryID: CategoryID] = [:]
        // Parents first: a child's parent may have a larger id after a move.
        for seed in seeds.filter({ $0.parent == nil }) + seeds.filter({ $0.parent != nil }) {
            let parent = seed.parent.flatMap { copied[$0] }
            if seed.parent != nil && parent == nil { continue }
            copied[seed.id] = try await insertCategory(
                db,
                book: target,
                parent: parent,
                kind: seed.kind,
                name: seed.name,
                icon: seed.icon,
                color: seed.color,
                position: seed.position
            )
        }
    }
}
