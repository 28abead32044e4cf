import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// Import a file from the browser. A Tally CSV: upload, check the preview (first rows and the
/// count), then confirm; nothing is stored until the confirmation, and then all rows or none.
/// Bank files go through `StatementImportPages` to a review.
struct ImportPages {
    let store: Store
    let pages: PageRenderer

    /// Bank files: everything but Tally's own CSV.
    var statements: StatementImportPages { StatementImportPages(store: store, pages: pages) }

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("import", use: form)
        book.post("import", use: upload)
        book.post("import/confirm", use: confirm)
        return routes
    }

    func form(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        return try await statements.uploadPage(scope: scope, context: context)
    }

    /// A Tally CSV keeps its preview and confirmation; any other file (OFX/QFX, QIF, CAMT.053 or a
    /// bank's CSV) goes to the statement import (`StatementImportPages`).
    func upload(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        let form = try await request.form(StatementUploadForm.self, context: context)
        guard let file = form.file, file.isChosen else {
            return try await statements.uploadPage(
                scope: scope,
                context: context,
                form: form,
                error: "Choose a file to import.",
                status: .unprocessableContent
            )
        }
        let bytes = file.bytes
        if case .statement(let format) = StatementReader.detect(bytes) {
            do {
                return try await statements.upload(
                    bytes,
                    format: format,
                    form: form,
                    fileName: file.filename,
                    scope: scope,
                    context: context
                )
            } catch let error as FieldError {
                return try await statements.uploadPage(
                    scope: scope,
                    context: context,
                    form: form,
                    error: "\(error.description). Nothing was imported.",
                    status: .unprocessableContent
                )
            }
        }
        do {
            let preview = try TallyFile.open(bytes: bytes, bookCurrency: book.currency, today: scope.today).preview(
                limit: 10
            )
            let token = try await store.imports.stageImport(into: scope, fileName: file.filename, data: bytes)
            let model = ImportPreviewPage(
                fileName: file.filename,
                count: preview.count,
                token: token,
                more: max(0, preview.count - preview.rows.count),
                rows: preview.rows.map { r in
                    ImportPreviewRow(
                        line: r.line,
                        date: r.draft.date.description,
                        kind: r.draft.kind.rawValue,
                        amount: r.draft.amount.formatted,
                        payee: r.draft.payee,
                        category: [r.category, r.subcategory].filter { !$0.isEmpty }.joined(separator: ":"),
                        account: r.account,
                        note: r.draft.note
                    )
                }
            )
            return pages.page("import_preview", title: "Check the import", context: context, book: book, model: model)
        } catch let error as FieldError {
            return try await statements.uploadPage(
                scope: scope,
                context: context,
                form: form,
                error: "\(file.filename): \(error.description). Nothing was imported.",
                status: .unprocessableContent
            )
        }
    }

    func confirm(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let book = try scope.writable()
        let form = try await request.form(ImportConfirmForm.self, context: context)
        let token = form.token ?? ""
        if form.cancel != nil {
            try await store.imports.dropStagedImport(token, in: scope)
            return PageRenderer.redirect("/books/\(bookID)/import")
        }
        let staged = try await store.imports.stagedImport(token, in: scope)
        let source = try TallyFile.open(bytes: staged.data, bookCurrency: book.currency, today: scope.today)
        let result = try await store.imports.importRecords(into: scope, from: source, claiming: token)
        var query: [(String, String)] = []
        if let first = result.firstDate, let last = result.lastDate {
            query = [("from", first.description), ("to", last.description)]
        }
        return PageRenderer.redirect("/books/\(bookID)/search?" + Links.query(query) + "&order=newest")
    }
}
