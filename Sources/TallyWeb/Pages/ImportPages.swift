import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// Import a Tally CSV from the browser: upload, check the preview (first rows and the count),
/// then confirm. Nothing is stored until the confirmation, and then all rows or none.
struct ImportPages {
    let store: Store
    let pages: PageRenderer

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
        let book = try scope.writable()
        return pages.page(
            "import",
            title: "Import",
            context: context,
            book: book,
            model: ImportPage(columns: TallyCSV.columns.joined(separator: ","))
        )
    }

    func upload(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        let form = try await request.form(ImportUploadForm.self, context: context)
        guard let file = form.file, file.isChosen else {
            let model = ImportPage(
                columns: TallyCSV.columns.joined(separator: ","),
                error: "Choose a CSV file to import."
            )
            return pages.page(
                "import",
                title: "Import",
                context: context,
                book: book,
                model: model,
                status: .unprocessableContent
            )
        }
        let bytes = file.bytes
        do {
            let preview = try TallyCSVImport(bytes: bytes, bookCurrency: book.currency, today: scope.today).preview(
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
            let model = ImportPage(
                columns: TallyCSV.columns.joined(separator: ","),
                error: "\(file.filename): \(error.description). Nothing was imported."
            )
            return pages.page(
                "import",
                title: "Import",
                context: context,
                book: book,
                model: model,
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
        let source = try TallyCSVImport(bytes: staged.data, bookCurrency: book.currency, today: scope.today)
        let result = try await store.imports.importRecords(into: scope, from: source, claiming: token)
        var query: [(String, String)] = []
        if let first = result.firstDate, let last = result.lastDate {
            query = [("from", first.description), ("to", last.description)]
        }
        return PageRenderer.redirect("/books/\(bookID)/search?" + Links.query(query) + "&order=newest")
    }
}
