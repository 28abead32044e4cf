import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// The import history, and undoing a committed import.
extension StatementReviewPages {
    // MARK: - History and undo

    /// `GET imports`: past imports, newest first; after an undo, what it removed and kept.
    func history(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let query = request.uri.queryParameters
        let all = try await store.imports.statementImports(in: scope, limit: 100)
        var notice = ""
        var kept: [ImportKeptLink] = []
        if let removed = query.get("removed").flatMap({ Int($0) }) {
            let ids = (query.get("kept") ?? "").split(separator: ",").compactMap { Int64($0) }.prefix(100)
            notice = "Undone: \(removed) record\(removed == 1 ? "" : "s") removed."
            if let restored = query.get("restored").flatMap({ Int($0) }), restored > 0 {
                notice +=
                    " \(restored) transfer\(restored == 1 ? " it" : "s it") made became the record\(restored == 1 ? "" : "s") they were."
            }
            if !ids.isEmpty {
                notice += " \(ids.count) record\(ids.count == 1 ? " was" : "s were") edited since the import and kept:"
            }
            kept = ids.map {
                ImportKeptLink(link: "/books/\(book.id)/transactions/\($0)/edit", label: "Record \($0)")
            }
        }
        let model = ImportHistoryPage(
            imports: all.map { ImportHistoryRow($0, book: book.id) },
            hasImports: !all.isEmpty,
            notice: notice,
            error: "",
            keptLinks: kept,
            hasKept: !kept.isEmpty
        )
        return pages.page("import-history", title: "Import history", context: context, book: book, model: model)
    }

    /// `GET imports/{id}/undo`: "Undo this import?".
    func confirmUndo(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let imported = try await store.imports.statementImport(try Self.importID(context), in: scope)
        let book = try scope.writable()
        guard imported.status == .committed else {
            return PageRenderer.redirect("/books/\(book.id)/imports/\(imported.id)")
        }
        let model = ImportUndoPage(
            id: imported.id,
            fileName: imported.fileName,
            created: Self.when(imported.committedAt ?? imported.createdAt),
            count: imported.rows.filter { $0.transactionID != nil }.count
        )
        return pages.page("import-undo", title: "Undo the import?", context: context, book: book, model: model)
    }

    /// `POST imports/{id}/undo`: takes a committed import's records out again (those edited
    /// since stay, and are listed).
    func undo(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        let id = try Self.importID(context)
        let result: ImportUndo
        do {
            result = try await store.imports.undoStatementImport(id, in: scope)
        } catch StoreError.conflict(let why) {
            return try await reviewPage(context: context, page: 1, error: why, status: .conflict)
        }
        let kept = result.kept.prefix(100).map { String($0) }.joined(separator: ",")
        return PageRenderer.redirect(
            "/books/\(scope.bookID)/imports?"
                + Links.query([
                    ("removed", String(result.removed)), ("restored", String(result.restored)), ("kept", kept),
                ])
        )
    }
}

extension ImportHistoryRow {
    /// A past import as the history lists it.
    init(_ i: StatementImport, book: BookID) {
        let label =
            switch i.status {
            case .staged: "Waiting for review"
            case .committed: "Imported"
            case .undone: i.committedAt == nil ? "Discarded" : "Undone"
            }
        self.init(
            id: i.id,
            fileName: i.fileName,
            format: i.format.uppercased(),
            created: StatementReviewPages.when(i.committedAt ?? i.createdAt),
            status: i.status.rawValue,
            statusLabel: label,
            accountsText: i.accounts.map { $0.last4.isEmpty ? $0.name : "\($0.name) ••\($0.last4)" }.joined(
                separator: ", "
            ),
            rowsText: Self.rowsText(i.counts),
            canUndo: i.status == .committed,
            isStaged: i.status == .staged,
            link: "/books/\(book)/imports/\(i.id)"
        )
    }

    /// "120 new, 3 already imported, 1 possible duplicate, 2 transfers".
    static func rowsText(_ counts: [ImportRowStatus: Int]) -> String {
        let words: [(ImportRowStatus, String, String)] = [
            (.new, "new", "new"), (.imported, "already imported", "already imported"),
            (.duplicate, "possible duplicate", "possible duplicates"), (.transfer, "transfer", "transfers"),
        ]
        let parts = words.compactMap { status, one, many -> String? in
            guard let n = counts[status], n > 0 else { return nil }
            return "\(n) \(n == 1 ? one : many)"
        }
        return parts.isEmpty ? "no rows" : parts.joined(separator: ", ")
    }
}
