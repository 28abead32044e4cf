import Hummingbird
import TallyCore
import TallyStore

/// Add, edit and delete records from the mobile-first form, with receipt photos.
struct TransactionPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/transactions/new", use: newForm)
        routes.post("books/:book/transactions", use: create)
        routes.get("books/:book/transactions/:id/edit", use: editForm)
        routes.post("books/:book/transactions/:id", use: update)
        routes.get("books/:book/transactions/:id/delete", use: confirmDelete)
        routes.post("books/:book/transactions/:id/delete", use: delete)
        routes.post("books/:book/transactions/:id/receipts", use: addReceipts)
        routes.get("books/:book/receipts/:id", use: receipt)
        routes.post("books/:book/receipts/:id/delete", use: deleteReceipt)
        return routes
    }

    func newForm(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"), write: true)
        let query = request.uri.queryParameters
        let input = TransactionInput(
            kind: query["kind"].map(String.init) ?? "expense",
            date: query["date"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? store.today().description
        )
        return try await form(book: book, user: user, context: context, input: input, recordID: nil)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"), write: true)
        var request = request
        let form = try await request.form(context: context)
        let input = Self.input(form)
        do {
            let images = try Self.checkedImages(form)
            let record = try await store.addTransaction(to: book.id, for: user, input)
            for image in images { _ = try await store.addReceipt(to: record.transaction.id, in: book.id, for: user, bytes: image) }
            return PageRenderer.redirect("/books/\(book.id)/days/\(record.transaction.date)")
        } catch let error as ValidationError {
            return try await self.form(book: book, user: user, context: context, input: input, recordID: nil, error: error)
        }
    }

    func editForm(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"), write: true)
        let record = try await store.transaction(try context.parameters.id("id"), in: book.id, for: user)
        let t = record.transaction
        let input = TransactionInput(
            kind: t.kind.rawValue, amount: t.amount.decimalString, currency: t.amount.currency.code, date: t.date.description,
            time: t.time?.description ?? "", payee: t.payee, category: t.categoryID.map(String.init) ?? "",
            account: t.accountID.map(String.init) ?? "", toAccount: t.toAccountID.map(String.init) ?? "", note: t.note
        )
        return try await form(book: book, user: user, context: context, input: input, recordID: t.id)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"), write: true)
        let id = try context.parameters.id("id")
        _ = try await store.transaction(id, in: book.id, for: user)
        var request = request
        let form = try await request.form(context: context)
        let input = Self.input(form)
        do {
            let images = try Self.checkedImages(form)
            let record = try await store.updateTransaction(id, in: book.id, for: user, input)
            for image in images { _ = try await store.addReceipt(to: id, in: book.id, for: user, bytes: image) }
            return PageRenderer.redirect("/books/\(book.id)/days/\(record.transaction.date)")
        } catch let error as ValidationError {
            return try await self.form(book: book, user: user, context: context, input: input, recordID: id, error: error)
        }
    }

    func confirmDelete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"), write: true)
        let record = try await store.transaction(try context.parameters.id("id"), in: book.id, for: user)
        return pages.page("confirm_delete", title: "Delete record?", context: context, book: book, model: ConfirmDeletePage(record: RecordRow(record)))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        let record = try await store.transaction(try context.parameters.id("id"), in: bookID, for: user)
        try await store.deleteTransaction(record.transaction.id, in: bookID, for: user)
        return PageRenderer.redirect("/books/\(bookID)/days/\(record.transaction.date)")
    }

    func addReceipts(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book"), id = try context.parameters.id("id")
        _ = try await store.transaction(id, in: bookID, for: user)
        var request = request
        for image in try Self.checkedImages(try await request.form(context: context)) {
            _ = try await store.addReceipt(to: id, in: bookID, for: user, bytes: image)
        }
        return PageRenderer.redirect("/books/\(bookID)/transactions/\(id)/edit")
    }

    func receipt(_ request: Request, context: AppContext) async throws -> Response {
        try await ReceiptsAPI.image(store: store, request: request, context: context)
    }

    func deleteReceipt(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book"), id = try context.parameters.id("id")
        let receipt = try await store.deleteReceipt(id, in: bookID, for: user)
        return PageRenderer.redirect("/books/\(bookID)/transactions/\(receipt.transactionID)/edit")
    }

    static func input(_ form: FormBody) -> TransactionInput {
        TransactionInput(
            kind: form["kind"], amount: form["amount"], currency: form["currency"], date: form["date"], time: form["time"],
            payee: form["payee"], category: form["category"], account: form["account"], toAccount: form["to_account"], note: form["note"]
        )
    }

    /// Checks every uploaded photo before anything is stored, so a bad file saves nothing.
    static func checkedImages(_ form: FormBody) throws -> [[UInt8]] {
        let files = form.files["receipts"] ?? []
        for file in files {
            guard file.bytes.count <= ReceiptImageType.maxBytes else { throw ValidationError("receipts", "\(file.filename) is larger than 10 MB") }
            guard ReceiptImageType(sniffing: file.bytes) != nil else {
                throw ValidationError("receipts", "\(file.filename) is not a JPEG, PNG, HEIC or WebP image")
            }
        }
        return files.map(\.bytes)
    }

    /// The add/edit form, filled with `input`, showing `error` when given.
    func form(
        book: Book, user: User, context: AppContext, input: TransactionInput, recordID: RecordID?, error: ValidationError? = nil
    ) async throws -> Response {
        let categories = try await store.categories(in: book.id, for: user)
        let accounts = try await store.accounts(in: book.id, for: user).filter { !$0.account.archived || String($0.account.id) == input.account }
        var receipts: [Receipt] = []
        if let recordID { receipts = try await store.receipts(of: recordID, in: book.id, for: user) }
        let payees = try await store.payeeSuggestions(in: book.id, for: user, prefix: "", limit: 50)
        let selectedCategory = input.category ?? ""
        func categoryOptions(_ kind: CategoryKind) -> [IDOption] {
            categories.filter { $0.kind == kind }.map {
                IDOption(id: $0.id, label: $0.parentID == nil ? "\($0.icon) \($0.name)" : "\u{2003}\($0.name)",
                         selected: String($0.id) == selectedCategory || $0.path(in: categories).lowercased() == selectedCategory.lowercased())
            }
        }
        func accountOptions(_ selected: String?) -> [AccountOption] {
            accounts.map { AccountOption(id: $0.account.id, name: $0.account.name, selected: String($0.account.id) == selected || $0.account.name == selected) }
        }
        let kind = input.kind ?? "expense"
        let isEdit = recordID != nil
        let model = TransactionFormPage(
            recordID: recordID ?? 0, isEdit: isEdit,
            action: recordID.map { "/books/\(book.id)/transactions/\($0)" } ?? "/books/\(book.id)/transactions",
            isExpense: kind == "expense", isIncome: kind == "income", isTransfer: kind == "transfer",
            amount: input.amount ?? "", currency: input.currency ?? book.currency.code, date: input.date ?? store.today().description,
            time: input.time ?? "", payee: input.payee ?? "", note: input.note ?? "",
            expenseCategories: categoryOptions(.expense), incomeCategories: categoryOptions(.income),
            accounts: accountOptions(input.account), toAccounts: accountOptions(input.toAccount),
            payees: payees.map { PayeeOption(name: $0.name) },
            receipts: receipts.map { ReceiptThumb(id: $0.id, url: "/books/\(book.id)/receipts/\($0.id)") }, hasReceipts: !receipts.isEmpty,
            error: error?.description ?? "", errorField: error?.field ?? ""
        )
        return pages.page(
            "transaction_form", title: isEdit ? "Edit record" : "Add", context: context, book: book, model: model,
            status: error == nil ? .ok : .unprocessableContent
        )
    }
}
