import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// `/books/{book}/rates`: the book's exchange rates, the currencies whose records no rate
/// converts (with a link that fills the form), and forms to set, delete and import rates.
struct RatePages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("rates", use: list)
        book.post("rates", use: create)
        book.post("rates/import", use: importFile)
        book.post("rates/:id/delete", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        let query = request.uri.queryParameters
        return try await page(
            context: context,
            filter: query.get("currency").flatMap { Currency(code: $0) },
            date: query.get("date").flatMap { LocalDate($0) }.map(\.description) ?? "",
            notice: query.get("done") == "1" ? "Saved; the reports now use it." : ""
        )
    }

    private func page(
        context: AppContext,
        filter: Currency? = nil,
        date: String = "",
        rate: String = "",
        notice: String = "",
        error: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let missing = try await store.rates.unconvertedCounts(in: scope)
        let latest = try await store.rates.latestRates(in: scope)
        let recent = try await store.rates.rates(in: scope, currency: filter, limit: filter == nil ? 50 : 500)
        let chosen = filter ?? missing.first?.currency ?? latest.first?.currency
        func view(_ r: StoredRate) -> RateRowView {
            RateRowView(
                id: r.id.rawValue,
                currency: r.currency.code,
                date: r.date.description,
                rate: r.rate.description
            )
        }
        let model = RatesPage(
            base: book.currency.code,
            missing: missing.map {
                MissingRateRow(
                    currency: $0.currency.code,
                    count: $0.count,
                    firstDate: $0.firstDate.description,
                    addLink: "/books/\(book.id)/rates?currency=\($0.currency.code)&date=\($0.firstDate)#rate-form"
                )
            },
            hasMissing: !missing.isEmpty,
            latest: latest.map(view),
            hasLatest: !latest.isEmpty,
            recent: recent.map(view),
            hasRecent: !recent.isEmpty,
            filter: filter?.code ?? "",
            currencies: Currency.all.filter { $0 != book.currency }.map {
                ValueOption(value: $0.code, label: $0.code, selected: $0 == chosen)
            },
            date: date,
            rate: rate,
            notice: notice,
            error: error
        )
        return pages.page("rates", title: "Exchange rates", context: context, book: book, model: model, status: status)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        return try await PageRenderer.post(request, context: context, as: RateForm.self) { form in
            let input = try RateInput(date: form.date, currency: form.currency, rate: form.rate)
            _ = try await store.rates.setRate(in: scope, currency: input.currency, date: input.date, rate: input.rate)
            return "/books/\(scope.bookID)/rates?currency=\(input.currency.code)&done=1"
        } refused: { form, error in
            try await page(
                context: context,
                filter: form.currency.flatMap { Currency(code: $0) },
                date: form.date ?? "",
                rate: form.rate ?? "",
                error: error.description,
                status: .unprocessableContent
            )
        }
    }

    func importFile(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        let form = try await request.form(ImportUploadForm.self, context: context)
        guard let file = form.file, file.isChosen else {
            return try await page(context: context, error: "Choose a CSV file of rates.", status: .unprocessableContent)
        }
        do {
            let parsed = try RateCSV.parse(file.bytes, base: book.currency)
            let change = try await store.rates.importRates(in: scope, parsed.rows)
            let skipped = parsed.skipped.isEmpty ? "" : " Left out: \(parsed.skipped.joined(separator: ", "))."
            return try await page(
                context: context,
                notice: "Imported \(change.written) rates; \(change.reconverted) records converted anew.\(skipped)"
            )
        } catch let error as FieldError {
            return try await page(context: context, error: error.description, status: .unprocessableContent)
        }
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try await store.rates.deleteRate(try context.parameters.id("id"), in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/rates")
    }
}

/// The set-a-rate form.
struct RateForm: PageForm {
    var date: String?
    var currency: String?
    var rate: String?
}
