import SQLKit
import TallyCore

extension Books {
    /// The books the user is a member of, oldest first (archived ones too: see `Book.archived`).
    public func all(for user: User) async throws -> [Book] {
        try await database.read { db in
            try await db.raw(
                """
                SELECT b.id, b.name, b.currency, b.archived_at, m.role FROM books b
                JOIN book_members m ON m.book_id = b.id
                WHERE m.user_id = \(bind: user.id) ORDER BY b.id
                """
            ).all()
        }.map { try $0.decode(model: BookRow.self).book }
    }

    /// Makes another book owned by the user, with the default accounts and bills, and either the
    /// default categories or a copy of the categories of `copyCategoriesFrom` (the id, as sent, of
    /// a book the user is a member of; checked here for the API, the pages and the CLI alike).
    public func createBook(
        for user: User,
        name rawName: String?,
        currency rawCurrency: String?,
        copyCategoriesFrom rawSource: String? = nil,
        names catalog: Catalog = .english
    ) async throws -> Book {
        let name = try Validate.name(rawName, field: "name")
        let currency = try (rawCurrency?.isEmpty ?? true) ? Currency.usd : Validate.currency(rawCurrency)
        let source = try Self.bookID(rawSource, field: "copy_categories_from")
        let id = try await database.write { db in
            if let source,
                try await db.raw(
                    "SELECT user_id FROM book_members WHERE book_id = \(bind: source) AND user_id = \(bind: user.id)"
                ).first() == nil
            {
                throw FieldError("copy_categories_from", "is not a book of yours")
            }
            return try await Self.createBook(
                db,
                name: name,
                currency: currency,
                owner: user.id,
                categoriesFrom: source,
                names: catalog
            )
        }
        return Book(id: id, name: name, currency: currency, role: .owner)
    }

    /// A book id as sent (nil when absent or blank), or a `FieldError` naming `field`.
    static func bookID(_ raw: String?, field: String) throws(FieldError) -> BookID? {
        guard let text = raw?.trimmingSpaces(), !text.isEmpty else { return nil }
        guard let id = Int64(text), id > 0 else { throw FieldError(field, "must be a book id") }
        return BookID(rawValue: id)
    }

    /// Inserts a book, its owner and the defaults inside the caller's transaction, the defaults
    /// named in `catalog`'s language (`Defaults.categories(in:)`); once made they are the
    /// person's names, never translated again.
    static func createBook(
        _ db: any SQLDatabase,
        name: String,
        currency: Currency,
        owner: UserID,
        categoriesFrom source: BookID? = nil,
        names catalog: Catalog = .english
    ) async throws -> BookID {
        let bookID = try await db.raw(
            """
            INSERT INTO books (name, currency, created_at) VALUES (\(bind: name), \(bind: currency.code), \(bind: Clock.timestamp()))
            RETURNING id
            """
        ).first()!.decode(column: "id", as: BookID.self)
        try await db.raw(
            "INSERT INTO book_members (book_id, user_id, role) VALUES (\(bind: bookID), \(bind: owner), \(bind: Role.owner.rawValue))"
        ).run()
        for (position, seed) in Defaults.accounts(in: catalog).enumerated() {
            try await db.raw(
                """
                INSERT INTO accounts (book_id, name, kind, currency, opening_minor, archived, position)
                VALUES (\(bind: bookID), \(bind: seed.name), \(bind: seed.kind.rawValue), \(bind: currency.code), 0, 0, \(bind: position))
                """
            ).run()
        }
        if let source {
            try await copyCategories(db, from: source, to: bookID)
            try await Plans.seedBills(db, book: bookID, currency: currency, names: catalog)
            return bookID
        }
        for (kind, seeds) in Defaults.categories(in: catalog) {
            for (position, seed) in seeds.enumerated() {
                let parentID = try await insertCategory(
                    db,
                    book: bookID,
                    parent: nil,
                    kind: kind,
                    name: seed.name,
                    icon: seed.icon,
                    color: seed.color,
                    position: position
                )
                for (childPosition, child) in seed.children.enumerated() {
                    _ = try await insertCategory(
                        db,
                        book: bookID,
                        parent: parentID,
                        kind: kind,
                        name: child,
                        icon: seed.icon,
                        color: seed.color,
                        position: childPosition
                    )
                }
            }
        }
        try await Plans.seedBills(db, book: bookID, currency: currency, names: catalog)
        return bookID
    }

    static func insertCategory(
        _ db: any SQLDatabase,
        book: BookID,
        parent: CategoryID?,
        kind: CategoryKind,
        name: String,
        icon: String,
        color: String,
        position: Int
    ) async throws -> CategoryID {
        try await db.raw(
            """
            INSERT INTO categories (book_id, parent_id, kind, name, icon, color, position)
            VALUES (\(bind: book), \(bind: parent), \(bind: kind.rawValue), \(bind: name), \(bind: icon), \(bind: color), \(bind: position))
            RETURNING id
            """
        ).first()!.decode(column: "id", as: CategoryID.self)
    }
}
