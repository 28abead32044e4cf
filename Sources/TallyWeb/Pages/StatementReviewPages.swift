import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// `/books/{book}/imports`: the review of a staged statement import (balances, counts, every row
/// with what the review found and what to do with it), its commit and discard, and the history of
/// imports with an undo of a committed one.
struct StatementReviewPages {
    let store: Store
    let pages: PageRenderer

    /// Rows on one page of the review: enough to see a month of a busy account, few enough that
    /// each row's category select keeps the page light on a phone.
    static let pageSize = 100

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("imports", use: history)
        book.get("imports/:id", use: review)
        book.post("imports/:id/rows", use: saveRows)
        book.post("imports/:id/commit", use: commit)
        book.post("imports/:id/discard", use: discard)
        book.get("imports/:id/undo", use: confirmUndo)
        book.post("imports/:id/undo", use: undo)
        return routes
    }

    /// The import id in the path; anything else is not found.
    static func importID(_ context: AppContext) throws -> Int64 {
        guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
            throw HTTPError(.notFound)
        }
        return id
    }

    // MARK: - Review

    /// `GET imports/{id}`: the review page (a page of rows at a time).
    func review(_ request: Request, context: AppContext) async throws -> Response {
        let query = request.uri.queryParameters
        let page = max(1, query.get("page").flatMap { Int($0) } ?? 1)
        let notice =
            switch query.get("done") {
            case "saved": "Changes saved."
            case "committed": "Imported. The records are in the book."
            default: ""
            }
        return try await reviewPage(context: context, page: page, notice: notice)
    }

    /// The review page of the import in the path.
    func reviewPage(
        context: AppContext,
        page: Int,
        notice: String = "",
        error: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let imported = try await store.imports.statementImport(try Self.importID(context), in: scope)
        let categories = try await store.books.categories(in: scope)
        let model = Self.model(imported, book: book, categories: categories, page: page, notice: notice, error: error)
        return pages.page(
            "import-review",
            title: "Review the import",
            context: context,
            book: book,
            model: model,
            status: status
        )
    }

    /// The review's view model.
    static func model(
        _ imported: StatementImport,
        book: Book,
        categories: [TallyCore.Category],
        page: Int,
        notice: String,
        error: String
    ) -> ImportReviewPage {
        let pageCount = max(1, (imported.rows.count + pageSize - 1) / pageSize)
        let page = min(page, pageCount)
        let shown = imported.rows.dropFirst((page - 1) * pageSize).prefix(pageSize)
        let names = CategoryNames(categories)
        let base = "/books/\(book.id)/imports/\(imported.id)"
        let counts = imported.counts
        let isStaged = imported.status == .staged
        let accountRows = imported.accounts.enumerated().map { i, account in
            let balance = imported.balances.first { $0.account == i }
            let difference = balance?.difference
            return ImportAccountRow(
                name: account.name,
                last4: account.last4,
                showLast4: !account.last4.isEmpty && !account.name.hasSuffix(account.last4),
                isNew: account.accountID == nil,
                hasBalance: balance != nil,
                statementBalance: balance?.statement.formatted ?? "",
                bookBalance: balance?.book?.formatted ?? "not in the book yet",
                difference: difference?.formatted ?? "",
                balanced: difference?.minorUnits == 0,
                balanceDate: balance?.date.description ?? ""
            )
        }
        let dates = imported.rows.map(\.date)
        var recordsLink = ""
        if let first = dates.min(), let last = dates.max(), imported.status == .committed {
            recordsLink =
                "/books/\(book.id)/search?"
                + Links.query([("from", first.description), ("to", last.description), ("order", "newest")])
        }
        return ImportReviewPage(
            id: imported.id,
            fileName: imported.fileName,
            format: imported.format.uppercased(),
            status: imported.status.rawValue,
            isStaged: isStaged,
            isCommitted: imported.status == .committed,
            isUndone: imported.status == .undone,
            created: Self.when(imported.createdAt),
            expires: Self.when(imported.expiresAt),
            accountRows: accountRows,
            counts: ImportRowStatus.allCases.map {
                ImportCountRow(label: Self.label($0), count: counts[$0] ?? 0, status: $0.rawValue)
            },
            rows: shown.map { row in
                Self.row(row, book: book, names: names, categories: categories, staged: isStaged)
            },
            total: imported.rows.count,
            importCount: imported.recordCount,
            pageText: pageCount > 1 ? "Rows \((page - 1) * pageSize + 1)–\((page - 1) * pageSize + shown.count)" : "",
            previousLink: page > 1 ? "\(base)?page=\(page - 1)" : "",
            nextLink: page < pageCount ? "\(base)?page=\(page + 1)" : "",
            page: page,
            notice: notice,
            error: error,
            recordsLink: recordsLink
        )
    }

    /// One row of the review.
    static func row(
        _ row: ImportRow,
        book: Book,
        names: CategoryNames,
        categories: [TallyCore.Category],
        staged: Bool
    ) -> ImportReviewRow {
        let current = Self.categoryValue(row)
        let kind: CategoryKind = row.kind == .income ? .income : .expense
        var options = [ValueOption(value: "", label: "Uncategorised", selected: current.isEmpty)]
        if staged {
            if !row.categoryName.isEmpty {
                options.append(ValueOption(value: row.categoryName, label: "New: \(row.categoryName)", selected: true))
            }
            for c in categories where c.kind == kind {
                options.append(
                    ValueOption(value: String(c.id), label: names.path(c.id), selected: current == String(c.id))
                )
            }
        }
        let canTransfer = row.matchID != nil || row.pairRow != nil || !row.transferAccount.isEmpty
        var actions = [
            ValueOption(value: "import", label: "Import", selected: row.action == .import),
            ValueOption(value: "skip", label: "Skip", selected: row.action == .skip),
        ]
        if canTransfer || row.action == .transfer {
            actions.append(ValueOption(value: "transfer", label: "Transfer", selected: row.action == .transfer))
        }
        let proposed = row.proposed.keys.sorted()
        return ImportReviewRow(
            row: row.row,
            location: row.location,
            date: row.date.description,
            payee: row.payee,
            note: row.note,
            amount: row.amount.formatted,
            negative: row.amount.minorUnits < 0,
            categoryLabel: row.categoryID.map { names.path($0) }
                ?? (row.categoryName.isEmpty ? "" : "\(row.categoryName) (new)"),
            status: row.status.rawValue,
            statusLabel: Self.label(row.status),
            reason: row.reason,
            matchLink: row.matchID.map { "/books/\(book.id)/transactions/\($0)/edit" } ?? "",
            recordLink: row.transactionID.map { "/books/\(book.id)/transactions/\($0)/edit" } ?? "",
            actions: actions,
            categoryOptions: options,
            splitLines: row.lines.map { line in
                let path = [line.category, line.subcategory].filter { !$0.isEmpty }.joined(separator: ":")
                return "\(path.isEmpty ? "Uncategorised" : path) \(line.amount.formatted)"
                    + (line.note.isEmpty ? "" : " (\(line.note))")
            },
            isSplit: !row.lines.isEmpty,
            tagsLabel: row.tags.map { "#\($0)" }.joined(separator: " "),
            skipped: row.action == .skip,
            proposedNote: proposed.isEmpty ? "" : "A rule filled in: \(proposed.joined(separator: ", "))."
        )
    }

    /// What the category select posts for a row as it is.
    static func categoryValue(_ row: ImportRow) -> String {
        row.categoryID.map { String($0) } ?? row.categoryName
    }

    /// "New", "Already imported", "Possible duplicate", "Transfer".
    static func label(_ status: ImportRowStatus) -> String {
        switch status {
        case .new: "New"
        case .imported: "Already imported"
        case .duplicate: "Possible duplicate"
        case .transfer: "Transfer"
        }
    }

    /// "2026-03-14 09:30" from an ISO 8601 timestamp.
    static func when(_ timestamp: String) -> String {
        String(timestamp.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    // MARK: - Changes

    /// `POST imports/{id}/rows`: saves what changed on the page's rows (each row's action,
    /// category, payee and note are posted; only those that differ are written), then commits
    /// when "Import" was pressed.
    func saveRows(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        let id = try Self.importID(context)
        let form = try await request.form(ImportRowsForm.self, context: context)
        let page = max(1, form.page.flatMap { Int($0) } ?? 1)
        let imported = try await store.imports.statementImport(id, in: scope)
        let rows = Dictionary(imported.rows.map { ($0.row, $0) }, uniquingKeysWith: { first, _ in first })
        let numbers = form.row ?? []
        func value(_ list: [String]?, _ i: Int) -> String? {
            guard let list, i < list.count else { return nil }
            return list[i]
        }
        do {
            for (i, text) in numbers.enumerated() {
                guard let number = Int(text), let row = rows[number] else { continue }
                var change = ImportRowChange()
                if let action = value(form.action, i), action != row.action.rawValue { change.action = action }
                if let category = value(form.category, i), category != Self.categoryValue(row) {
                    change.category = category
                }
                if let payee = value(form.payee, i), payee.trimmingSpaces() != row.payee { change.payee = payee }
                if let note = value(form.note, i), note.trimmingSpaces() != row.note { change.note = note }
                guard change != ImportRowChange() else { continue }
                do {
                    _ = try await store.imports.updateImportRow(id, row: number, in: scope, change)
                } catch let error as FieldError {
                    throw FieldError(error.field, "row \(number): \(error.message)")
                }
            }
            if form.commit != nil {
                _ = try await store.imports.commitStatementImport(id, in: scope)
                return PageRenderer.redirect("/books/\(scope.bookID)/imports/\(id)?done=committed")
            }
        } catch let error as FieldError {
            return try await reviewPage(
                context: context,
                page: page,
                error: "\(error.description). Nothing else was changed after it.",
                status: .unprocessableContent
            )
        } catch let error as StoreError {
            return try await refused(error, context: context, page: page)
        }
        return PageRenderer.redirect("/books/\(scope.bookID)/imports/\(id)?page=\(page)&done=saved")
    }

    /// `POST imports/{id}/commit`: stores the import as it is, all or nothing.
    func commit(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        let id = try Self.importID(context)
        do {
            _ = try await store.imports.commitStatementImport(id, in: scope)
        } catch let error as FieldError {
            return try await reviewPage(
                context: context,
                page: 1,
                error: "Nothing was imported: \(error.description).",
                status: .unprocessableContent
            )
        } catch let error as StoreError {
            return try await refused(error, context: context, page: 1)
        }
        return PageRenderer.redirect("/books/\(scope.bookID)/imports/\(id)?done=committed")
    }

    /// A conflict or an expired import, shown on the review (a missing one is the 404 page).
    private func refused(_ error: StoreError, context: AppContext, page: Int) async throws -> Response {
        switch error {
        case .conflict(let why), .gone(let why):
            return try await reviewPage(
                context: context,
                page: page,
                error: "Nothing was imported: \(why).",
                status: .conflict
            )
        default: throw error
        }
    }

    /// `POST imports/{id}/discard`: drops a staged import.
    func discard(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        let id = try Self.importID(context)
        let imported = try await store.imports.statementImport(id, in: scope)
        guard imported.status == .staged else {
            return try await reviewPage(
                context: context,
                page: 1,
                error: "Only an import waiting for review can be discarded; undo a committed one from the history.",
                status: .conflict
            )
        }
        _ = try await store.imports.undoStatementImport(id, in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/import")
    }
}
