import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// Add, edit and delete records from the mobile-first form, with receipt photos.
struct TransactionPages {
    let store: Store
    let pages: PageRenderer
    /// Reads receipt photos for "Or read a receipt photo" (`TransactionPages+Receipt.swift`).
    let reader: ReceiptOCR

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("transactions/new", use: newForm)
        book.post("transactions/new/receipt", use: readReceipt)
        book.post("transactions", use: create)
        book.get("transactions/:id/edit", use: editForm)
        book.post("transactions/:id", use: update)
        book.get("transactions/:id/delete", use: confirmDelete)
        book.post("transactions/:id/delete", use: delete)
        book.post("transactions/:id/receipts", use: addReceipts)
        book.get("receipts/:id", use: receipt)
        book.post("receipts/:id/delete", use: deleteReceipt)
        return routes
    }

    func newForm(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        var input = TransactionInput(
            kind: query["kind"].map(String.init) ?? "expense",
            date: query["date"].map(String.init).flatMap { $0.isEmpty ? nil : $0 } ?? scope.today.description
        )
        // `?line=coffee 4.50 starbucks`: the quick-add field's second step without JavaScript,
        // the form filled from the draft, which is shown above it with where each field came from.
        var quick: QuickLineForm?
        if let line = query["line"].map(String.init), !line.trimmingSpaces().isEmpty {
            do {
                // `3/4` in the order of the browser's own language, else as the book's currency has it.
                let order = request.headers[.acceptLanguage].flatMap(DateOrder.init(locales:))
                let draft = try await store.records.quickAddDraft(line, in: scope, order: order)
                _ = try draft.requireAmount()
                input = draft.transactionInput
                quick = QuickLineForm(book: scope.bookID, line: line, draft: draft, error: nil)
            } catch let error as FieldError {
                // An over-long or control-laden line is not shown back; a readable one is.
                let shown = line.count <= QuickAddDraft.maxLength ? line : ""
                quick = QuickLineForm(book: scope.bookID, line: shown, draft: nil, error: error)
            }
        }
        return try await form(scope: scope, context: context, input: input, recordID: nil, quick: quick)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        return try await PageRenderer.post(request, context: context, as: RecordForm.self) { form in
            let images = try Self.checkedImages(form.receipts)
            // Saved twice with its form id (Save pressed again, a resend): one record, and the
            // second answer goes to the same day. With photos the record and its photos are saved
            // in one transaction instead (a bad photo saves nothing), without the id.
            if images.isEmpty, let id = form.clientID, let key = try? IdempotencyKey(id) {
                do {
                    let add = try await store.records.addTransaction(to: scope, Self.input(form), key: key)
                    return "/books/\(scope.bookID)/days/\(add.record.transaction.date)"
                } catch StoreError.conflict {
                    // The first press is still being saved, or its record was deleted since:
                    // either way this press adds nothing; the day shows what there is.
                    let day = LocalDate(form.date?.trimmingCharacters(in: .whitespaces) ?? "") ?? scope.today
                    return "/books/\(scope.bookID)/days/\(day)"
                } catch let error as FieldError where error.field == "Idempotency-Key" {
                    // The same form sent again with other values (an old page brought back):
                    // that is a new record, not a repeat.
                }
            }
            let record = try await store.records.addTransaction(to: scope, Self.input(form), receipts: images)
            return "/books/\(scope.bookID)/days/\(record.transaction.date)"
        } refused: { form, error in
            try await self.form(
                scope: scope,
                context: context,
                input: Self.input(form),
                recordID: nil,
                clientID: form.clientID,
                error: error
            )
        }
    }

    func editForm(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let record = try await store.records.transaction(try context.parameters.id("id"), in: scope)
        let t = record.transaction
        let input = TransactionInput(
            kind: t.kind.rawValue,
            amount: t.amount.decimalString,
            currency: t.amount.currency.code,
            date: t.date.description,
            time: t.time?.description ?? "",
            payee: t.payee,
            category: t.categoryID.map(String.init) ?? "",
            account: t.accountID.map(String.init) ?? "",
            toAccount: t.toAccountID.map(String.init) ?? "",
            note: t.note,
            lines: t.lines.map {
                LineInput(
                    category: $0.categoryID.map(String.init) ?? "",
                    amount: $0.amount.decimalString,
                    note: $0.note
                )
            },
            tags: [t.tags.joined(separator: " ")]
        )
        return try await form(scope: scope, context: context, input: input, recordID: t.id)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: TransactionID.self)
        _ = try await store.records.transaction(id, in: scope)
        return try await PageRenderer.post(request, context: context, as: RecordForm.self) { form in
            let record = try await store.records.updateTransaction(
                id,
                in: scope,
                Self.input(form),
                receipts: try Self.checkedImages(form.receipts)
            )
            return "/books/\(scope.bookID)/days/\(record.transaction.date)"
        } refused: { form, error in
            try await self.form(scope: scope, context: context, input: Self.input(form), recordID: id, error: error)
        }
    }

    func confirmDelete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        let record = try await store.records.transaction(try context.parameters.id("id"), in: scope)
        return pages.page(
            "confirm_delete",
            title: "Delete record?",
            context: context,
            book: book,
            model: ConfirmDeletePage(record: RecordRow(record))
        )
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let record = try await store.records.transaction(try context.parameters.id("id"), in: scope)
        try await store.records.deleteTransaction(record.transaction.id, in: scope)
        return PageRenderer.redirect("/books/\(bookID)/days/\(record.transaction.date)")
    }

    func addReceipts(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: TransactionID.self)
        _ = try await store.records.transaction(id, in: scope)
        for image in try Self.checkedImages(try await request.form(ReceiptsForm.self, context: context).receipts) {
            _ = try await store.records.addReceipt(to: id, in: scope, bytes: image)
        }
        return PageRenderer.redirect("/books/\(scope.bookID)/transactions/\(id)/edit")
    }

    func receipt(_ request: Request, context: AppContext) async throws -> Response {
        try await ReceiptsAPI.image(store: store, request: request, context: context)
    }

    func deleteReceipt(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let id = try context.parameters.id("id", as: ReceiptID.self)
        let receipt = try await store.records.deleteReceipt(id, in: scope)
        return PageRenderer.redirect("/books/\(bookID)/transactions/\(receipt.transactionID)/edit")
    }

    static func input(_ form: RecordForm) -> TransactionInput {
        TransactionInput(
            kind: form.kind,
            amount: form.amount,
            currency: form.currency,
            date: form.date,
            time: form.time,
            payee: form.payee,
            category: form.split == "1" ? nil : form.category,
            account: form.account,
            toAccount: form.toAccount,
            note: form.note,
            lines: form.lines,
            tags: form.tags.map { [$0] }
        )
    }

    /// Checks every uploaded photo before anything is stored, so a bad file saves nothing.
    static func checkedImages(_ uploads: [Upload]?) throws -> [[UInt8]] {
        try (uploads ?? []).filter(\.isChosen).map { try $0.checkedImage(field: "receipts") }
    }

    /// The add/edit form, filled with `input`, showing `error` when given.
    func form(
        scope: BookScope,
        context: AppContext,
        input: TransactionInput,
        recordID: TransactionID?,
        clientID: String? = nil,
        error: FieldError? = nil,
        quick: QuickLineForm? = nil,
        receipt: ReceiptReadForm? = nil,
        status: HTTPResponse.Status? = nil
    ) async throws -> Response {
        let model = try await RecordFormModel(store: store).make(
            scope: scope,
            input: input,
            recordID: recordID,
            clientID: clientID,
            error: error,
            quick: quick,
            receipt: receipt ?? ReceiptReadForm(book: scope.bookID)
        )
        return pages.page(
            "transaction_form",
            title: recordID == nil ? "Add" : "Edit record",
            context: context,
            book: scope.book,
            model: model,
            status: status ?? (error == nil ? .ok : .unprocessableContent)
        )
    }
}
