import Foundation
import SQLKit
import TallyCore

/// Changes to a category; `nil` leaves a field as it is.
public struct CategoryChanges: Sendable {
    /// New name.
    public var name: String?
    /// New icon.
    public var icon: String?
    /// New colour "#RRGGBB".
    public var color: String?
    /// Makes a change set.
    public init(name: String? = nil, icon: String? = nil, color: String? = nil) {
        self.name = name
        self.icon = icon
        self.color = color
    }
}

extension Category {
    /// "Food:Coffee" for a sub-category, "Food" for a top-level one, given all the book's categories.
    public func path(in all: [Category]) -> String {
        Self.path(name: name, parent: parentID.flatMap { id in all.first { $0.id == id } }?.name)
    }

    /// "Parent:Child", or the name alone for a top-level category: how records and files name one.
    static func path(name: String, parent: String?) -> String {
        parent.map { "\($0):\(name)" } ?? name
    }
}

extension Books {
    /// The book's categories: each kind's top-level categories in order, each followed by its children.
    public func categories(in scope: BookScope) async throws -> [Category] {
        if let held = core.catalogs.catalog(book: scope.bookID, version: scope.catalogVersion) {
            return held.categories
        }
        return try await database.read { db in try await self.catalog(db, scope).categories }
    }

    /// The book's accounts in their order, archived ones last, without balances: from the
    /// catalogue, so usually no read at all (a form's account list needs no sums).
    public func accountList(in scope: BookScope) async throws -> [Account] {
        if let held = core.catalogs.catalog(book: scope.bookID, version: scope.catalogVersion) {
            return held.accounts
        }
        return try await database.read { db in try await self.catalog(db, scope).accounts }
    }

    static func categories(_ db: any SQLDatabase, book: BookID) async throws -> [Category] {
        let rows = try await db.raw(
            """
            SELECT c.id, c.parent_id, c.kind, c.name, c.icon, c.color FROM categories c
            LEFT JOIN categories p ON p.id = c.parent_id
            WHERE c.book_id = \(bind: book)
            ORDER BY c.kind, COALESCE(p.position, c.position), COALESCE(p.id, c.id), CASE WHEN c.parent_id IS NULL THEN 0 ELSE 1 END, c.position, c.id
            """
        ).all()
        return try rows.map { try $0.decode(model: CategoryRow.self).category(book: book) }
    }

    /// Adds a category, or a sub-category when `parent` is given (it takes the parent's kind).
    public func createCategory(
        in scope: BookScope,
        name rawName: String?,
        kind rawKind: String?,
        parent: String?,
        icon rawIcon: String?,
        color rawColor: String?
    ) async throws -> Category {
        let bookID = scope.bookID
        try scope.requireWrite()
        let name = try Validate.name(rawName, field: "name", maxLength: 60)
        guard !name.contains(":") else { throw FieldError("name", "cannot contain ':'") }
        let icon = try rawIcon.flatMap { $0.isEmpty ? nil : $0 }.map { try Validate.icon($0) }
        let color = try rawColor.flatMap { $0.isEmpty ? nil : $0 }.map { try Validate.color($0) }
        return try await database.write { db in
            let all = try await Self.categories(db, book: bookID)
            var kind = CategoryKind.expense
            if let rawKind, !rawKind.isEmpty {
                guard let parsed = CategoryKind(rawValue: rawKind.lowercased()) else {
                    throw FieldError("kind", "must be expense or income")
                }
                kind = parsed
            }
            var parentCategory: Category?
            if let reference = Reference(parent) {
                let found = try Self.resolve(reference, in: all, kind: nil, field: "parent")
                guard found.parentID == nil else {
                    throw FieldError("parent", "sub-categories cannot have sub-categories")
                }
                parentCategory = found
                kind = found.kind
            }
            let siblings = all.filter { $0.parentID == parentCategory?.id && $0.kind == kind }
            if siblings.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                throw FieldError("name", "'\(name)' already exists here")
            }
            let finalIcon = icon ?? parentCategory?.icon ?? "🏷️"
            let finalColor = color ?? parentCategory?.color ?? "#8E8E93"
            let id = try await Self.insertCategory(
                db,
                book: bookID,
                parent: parentCategory?.id,
                kind: kind,
                name: name,
                icon: finalIcon,
                color: finalColor,
                position: siblings.count
            )
            return Category(
                id: id,
                bookID: bookID,
                parentID: parentCategory?.id,
                kind: kind,
                name: name,
                icon: finalIcon,
                color: finalColor
            )
        }
    }

    /// Renames a category or changes its icon or colour.
    public func updateCategory(_ id: CategoryID, in scope: BookScope, changes: CategoryChanges) async throws -> Category
    {
        let bookID = scope.bookID
        try scope.requireWrite()
        return try await database.write { db in
            let all = try await Self.categories(db, book: bookID)
            guard var category = all.first(where: { $0.id == id }) else { throw StoreError.notFound("category") }
            if let raw = changes.name {
                let name = try Validate.name(raw, field: "name", maxLength: 60)
                guard !name.contains(":") else { throw FieldError("name", "cannot contain ':'") }
                if all.contains(where: {
                    $0.id != id && $0.parentID == category.parentID && $0.kind == category.kind
                        && $0.name.lowercased() == name.lowercased()
                }) {
                    throw FieldError("name", "'\(name)' already exists here")
                }
                category.name = name
            }
            if let raw = changes.icon { category.icon = try Validate.icon(raw) }
            if let raw = changes.color { category.color = try Validate.color(raw) }
            try await db.raw(
                """
                UPDATE categories SET name = \(bind: category.name), icon = \(bind: category.icon), color = \(bind: category.color)
                WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                """
            ).run()
            return category
        }
    }

    /// Deletes a category and its sub-categories. Their records move to `moveTo` (required when
    /// there are any; it must be of the same kind and not inside the deleted category).
    public func deleteCategory(_ id: CategoryID, in scope: BookScope, moveTo: String?) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            // Its records move to another category: a change of rates re-converting them at the
            // same time would move the converted sums of cells that no longer exist.
            try await Conversion.lockForRecords(db, book: bookID)
            let all = try await Self.categories(db, book: bookID)
            guard let category = all.first(where: { $0.id == id }) else { throw StoreError.notFound("category") }
            let doomed = [id] + all.filter { $0.parentID == id }.map(\.id)
            let count = try await Totals.recordCount(db, book: bookID, categories: doomed)
            var target: CategoryID?
            if let reference = Reference(moveTo) {
                let found = try Self.resolve(reference, in: all, kind: category.kind, field: "move_to")
                guard !doomed.contains(found.id) else {
                    throw FieldError("move_to", "cannot be the category being deleted")
                }
                target = found.id
            } else if count > 0 {
                throw FieldError(
                    "move_to",
                    "'\(category.name)' has \(count) record\(count == 1 ? "" : "s"); choose the category they move to"
                )
            }
            if let target, count > 0 {
                try await RecordMoney.moveCategories(db, book: bookID, from: doomed, to: target)
            }
            if let target {
                // Budgets and bills follow the records to their new category.
                try await db.raw(
                    """
                    INSERT INTO budget_categories (budget_id, category_id)
                    SELECT DISTINCT s.budget_id, \(bind: target) FROM budget_categories s JOIN budgets b ON b.id = s.budget_id
                    WHERE b.book_id = \(bind: bookID) AND s.category_id IN (\(binds: doomed))
                    ON CONFLICT (budget_id, category_id) DO NOTHING
                    """
                ).run()
                try await db.raw(
                    """
                    UPDATE bills SET category_id = \(bind: target) WHERE book_id = \(bind: bookID) AND category_id IN (\(binds: doomed))
                    """
                ).run()
            }
            try await db.raw(
                """
                UPDATE payees SET last_category_id = \(bind: target) WHERE book_id = \(bind: bookID) AND last_category_id IN (\(binds: doomed))
                """
            ).run()
            try await db.raw("DELETE FROM categories WHERE book_id = \(bind: bookID) AND parent_id = \(bind: id)").run()
            try await db.raw("DELETE FROM categories WHERE book_id = \(bind: bookID) AND id = \(bind: id)").run()
        }
    }

    /// Finds a category by id or by "Name" / "Parent:Child" (case-insensitive). A bare name
    /// matches a top-level category first, then a sub-category if exactly one has that name.
    static func resolve(
        _ reference: Reference,
        in all: [Category],
        kind: CategoryKind?,
        field: String
    ) throws -> Category {
        let candidates = all.filter { kind == nil || $0.kind == kind }
        switch reference {
        case .id(let id):
            if let found = candidates.first(where: { $0.id.rawValue == id }) { return found }
            throw FieldError(field, "no category with id \(id)")
        case .name(let text):
            let parts = text.split(separator: ":", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            if parts.count == 2 {
                if let parent = candidates.first(where: { $0.parentID == nil && $0.name.lowercased() == parts[0] }),
                    let child = candidates.first(where: { $0.parentID == parent.id && $0.name.lowercased() == parts[1] }
                    )
                {
                    return child
                }
            } else if let top = candidates.first(where: { $0.parentID == nil && $0.name.lowercased() == parts[0] }) {
                return top
            } else {
                let children = candidates.filter { $0.parentID != nil && $0.name.lowercased() == parts[0] }
                if children.count == 1 { return children[0] }
                if children.count > 1 {
                    throw FieldError(field, "'\(text)' is ambiguous; write it as Parent:\(text)")
                }
            }
            throw FieldError(field, "unknown \(kind.map { "\($0.rawValue) " } ?? "")category '\(text)'")
        }
    }
}
