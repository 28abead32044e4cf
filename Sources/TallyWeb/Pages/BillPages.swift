import Hummingbird
import TallyCore
import TallyStore

/// Bills: a month of them with their status and totals, the spending-limit summary, paying
/// (through a confirmation page that works without JavaScript) and undoing; add, edit, delete.
struct BillPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("bills", use: list)
        book.get("bills/new", use: newForm)
        book.post("bills", use: create)
        book.get("bills/:id", use: editForm)
        book.post("bills/:id", use: update)
        book.post("bills/:id/delete", use: delete)
        book.get("bills/:id/occurrences/:date/pay", use: confirmPay)
        book.post("bills/:id/occurrences/:date/pay", use: pay)
        book.post("bills/:id/occurrences/:date/undo", use: undo)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let today = scope.today
        var month = YearMonth(today)
        if let text = request.uri.queryParameters["month"] {
            month = try YearMonth.input(text, field: "month")
        }
        let summary = try await store.plans.billsMonth(month, in: scope)
        let bills = try await store.plans.bills(in: scope)
        let model = BillsPage(
            month: month.title,
            prev: month.previous.description,
            next: month.next.description,
            isCurrentMonth: month == YearMonth(today),
            thisMonth: YearMonth(today).description,
            occurrences: summary.occurrences.map { PlanText.occurrence($0, book: book.id, today: today) },
            hasOccurrences: !summary.occurrences.isEmpty,
            totalDue: summary.totalDue.formatted,
            paid: summary.paid.formatted,
            left: summary.left.formatted,
            lastMonthSavings: summary.lastMonthSavings.formatted,
            spending: summary.spending.formatted,
            balanceLeft: summary.balanceLeft.formatted,
            balanceNegative: summary.balanceLeft.isNegative,
            lastMonth: month.previous.title,
            bills: bills.map { b in
                BillSummary(
                    title: b.title,
                    amount: b.amount?.formatted ?? "varies",
                    cycle: b.schedule.cycle.title(everyMonths: b.schedule.everyMonths),
                    link: "/books/\(book.id)/bills/\(b.id)"
                )
            }
        )
        return pages.page("bills", title: "Bills · \(month.title)", context: context, book: book, model: model)
    }

    func newForm(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try scope.requireWrite()
        return try await form(scope: scope, context: context, input: BillForm.defaults(today: scope.today), billID: nil)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try scope.requireWrite()
        return try await PageRenderer.post(request, context: context, as: BillPostForm.self) { form in
            let bill = try await store.plans.createBill(in: scope, BillForm.input(form))
            return "/books/\(scope.bookID)/bills?month=\(YearMonth(bill.schedule.firstDue))"
        } refused: { form, error in
            try await self.form(scope: scope, context: context, input: BillForm.input(form), billID: nil, error: error)
        }
    }

    func editForm(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bill = try await store.plans.bill(try context.parameters.id("id"), in: scope)
        return try await form(scope: scope, context: context, input: BillForm.input(bill), billID: bill.id)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let id = try context.parameters.id("id", as: BillID.self)
        _ = try await store.plans.bill(id, in: scope)
        return try await PageRenderer.post(request, context: context, as: BillPostForm.self) { form in
            _ = try await store.plans.updateBill(id, in: scope, BillForm.input(form))
            return "/books/\(scope.bookID)/bills"
        } refused: { form, error in
            try await self.form(scope: scope, context: context, input: BillForm.input(form), billID: id, error: error)
        }
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        try await store.plans.deleteBill(try context.parameters.id("id"), in: scope)
        return PageRenderer.redirect("/books/\(bookID)/bills")
    }

    /// The add/edit form, filled with `input`, showing `error` when given.
    private func form(
        scope: BookScope,
        context: AppContext,
        input: BillInput,
        billID: BillID?,
        error: FieldError? = nil
    ) async throws -> Response {
        // A viewer sees the bill read-only (the template disables the form); saving is refused.
        let book = scope.book
        let model = BillForm.page(
            input,
            categories: try await store.books.categories(in: scope),
            accounts: try await store.books.accounts(in: scope),
            isEdit: billID != nil,
            action: billID.map { "/books/\(book.id)/bills/\($0)" } ?? "/books/\(book.id)/bills",
            error: error?.description ?? ""
        )
        return pages.page(
            "bill_form",
            title: billID == nil ? "New bill" : "Edit bill",
            context: context,
            book: book,
            model: model,
            status: error == nil ? .ok : .unprocessableContent
        )
    }

    // MARK: Paying

    func confirmPay(_ request: Request, context: AppContext) async throws -> Response {
        let query = request.uri.queryParameters
        return try await payPage(
            context: context,
            amount: query["amount"].map(String.init),
            paidOn: query["paid_on"].map(String.init)
        )
    }

    func pay(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: BillID.self)
        let due = try Self.dueDate(context)
        _ = try await store.plans.bill(id, in: scope)
        return try await PageRenderer.post(request, context: context, as: PaymentForm.self) { form in
            _ = try await store.plans.payBill(id, due: due, in: scope, amount: form.amount, paidOn: form.paidOn)
            return "/books/\(scope.bookID)/bills?month=\(YearMonth(due))"
        } refused: { form, error in
            try await payPage(context: context, amount: form.amount, paidOn: form.paidOn, error: error)
        }
    }

    func undo(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let due = try Self.dueDate(context)
        try await store.plans.undoBillPayment(try context.parameters.id("id"), due: due, in: scope)
        return PageRenderer.redirect("/books/\(bookID)/bills?month=\(YearMonth(due))")
    }

    /// What paying will record (the expense: amount, payee, category, account, date), or why it
    /// cannot yet; the form to confirm it, or the payment already made with its undo.
    private func payPage(
        context: AppContext,
        amount: String?,
        paidOn: String?,
        error: FieldError? = nil
    ) async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        let bill = try await store.plans.bill(try context.parameters.id("id"), in: scope)
        let due = try Self.dueDate(context)
        guard let occurrence = try await store.plans.billOccurrences(bill.id, in: scope, from: due, through: due).first,
            occurrence.dueDate == due
        else { throw StoreError.notFound("occurrence \(due)") }
        let today = scope.today
        var problem = error
        var money: Money?
        var date = today
        if problem == nil {
            do {
                if let text = amount, !text.trimmingSpaces().isEmpty {
                    money = try PlanValidate.amount(text, field: "amount", currency: bill.currency)
                } else if let usual = bill.amount, usual.minorUnits > 0 {
                    money = usual
                } else {
                    throw FieldError("amount", "this bill has no set amount; give the amount paid")
                }
                if let text = paidOn, !text.trimmingSpaces().isEmpty {
                    date = try PlanValidate.date(text, field: "paid_on")
                }
            } catch let error as FieldError {
                problem = error
            }
        }
        let categories = try await store.books.categories(in: scope)
        let accounts = try await store.books.accounts(in: scope)
        let row = PlanText.occurrence(occurrence, book: book.id, today: today)
        let model = BillPayPage(
            bill: row,
            isPaid: occurrence.status == .paid,
            amountField: amount ?? row.prefill,
            paidOnField: paidOn ?? today.description,
            willRecord: problem == nil && occurrence.status != .paid,
            recordAmount: money?.formatted ?? "",
            recordDate: PlanText.date(date),
            category: bill.categoryID.flatMap { id in categories.first { $0.id == id }.map { $0.path(in: categories) } }
                ?? "Uncategorised",
            account: bill.accountID.flatMap { id in accounts.first { $0.account.id == id }?.account.name }.map {
                "paid from \($0)"
            }
                ?? "with no account",
            error: problem?.description ?? "",
            back: "/books/\(book.id)/bills?month=\(YearMonth(due))"
        )
        return pages.page(
            "bill_pay",
            title: "Pay \(bill.title)?",
            context: context,
            book: book,
            model: model,
            status: problem == nil ? .ok : .unprocessableContent
        )
    }

    /// The `:date` of an occurrence route, or 404.
    static func dueDate(_ context: AppContext) throws -> LocalDate {
        guard let text = context.parameters.get("date"), let date = LocalDate(text), LocalDate.supported.contains(date)
        else {
            throw StoreError.notFound("occurrence")
        }
        return date
    }
}
