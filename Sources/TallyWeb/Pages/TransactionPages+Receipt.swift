import Hummingbird
import TallyCore
import TallyStore

/// The photo posted by "Or read a receipt photo" without JavaScript: `photo`.
struct ReceiptPhotoForm: PageForm {
    var photo: Upload?
}

extension TransactionPages {
    /// `POST /books/{book}/transactions/new/receipt`: the second step of reading a receipt without
    /// JavaScript. The photo is read here (Tesseract on this server; nothing is stored) and the
    /// add page comes back with the form filled from the proposal, the payee's usual category and
    /// account put in as the form does when a payee is chosen, and each field marked with where it
    /// came from. The person checks and presses Save: nothing is saved unseen. A photo that cannot
    /// be read leaves the form empty and says why (503 when Tesseract is not installed).
    func readReceipt(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        _ = try scope.writable()
        let form = try await request.form(ReceiptPhotoForm.self, context: context)
        var input = TransactionInput(kind: TransactionKind.expense.rawValue, date: scope.today.description)
        do {
            guard let photo = form.photo, photo.isChosen else {
                throw FieldError("photo", "choose a photo of the receipt")
            }
            let text = try await reader.text(of: try photo.checkedImage(field: "photo"))
            let order = request.headers[.acceptLanguage].flatMap(DateOrder.init(locales:))
            let proposal = ReceiptReading.propose(
                text,
                book: try await store.records.receiptBook(in: scope, order: order)
            )
            input.amount = proposal.amount?.decimalString
            input.currency = proposal.currency.code
            input.date = proposal.date?.description ?? input.date
            input.payee = proposal.payee
            let extra = try await usualOfPayee(proposal.payee, in: scope, input: &input)
            let box = ReceiptReadForm(book: scope.bookID, proposal: proposal, extra: extra, error: nil)
            return try await self.form(scope: scope, context: context, input: input, recordID: nil, receipt: box)
        } catch {
            // Refused: the form stays empty and the box says why, with the status the API gives
            // (and its Retry-After when the readings are busy).
            let (why, status, retryAfter): (String, HTTPResponse.Status, Int?)
            switch error {
            case let error as FieldError: (why, status, retryAfter) = (error.description, .unprocessableContent, nil)
            case let error as ReceiptOCRError:
                let refusal = ReceiptReadAPI.appError(error)
                (why, status, retryAfter) = (error.description, refusal.status, refusal.retryAfter)
            default: throw error
            }
            let box = ReceiptReadForm(book: scope.bookID, proposal: nil, extra: [], error: why)
            var response = try await self.form(
                scope: scope,
                context: context,
                input: input,
                recordID: nil,
                receipt: box,
                status: status
            )
            if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
    }

    /// The category and account last used with `payee`, put into `input` as choosing the payee
    /// in the form does, and the rows that mark them.
    private func usualOfPayee(
        _ payee: String?,
        in scope: BookScope,
        input: inout TransactionInput
    ) async throws
        -> [QuickDraftRow]
    {
        guard let payee, !payee.isEmpty else { return [] }
        let known = try await store.records.payeeSuggestions(in: scope, prefix: payee, limit: 8)
        guard let usual = known.first(where: { $0.name.lowercased() == payee.lowercased() }) else { return [] }
        var rows: [QuickDraftRow] = []
        let words = QuickDraftRow.words[.payee] ?? ""
        if let id = usual.lastCategoryID {
            let categories = try await store.books.categories(in: scope)
            if let category = categories.first(where: { $0.id == id }) {
                input.category = String(id)
                rows.append(
                    QuickDraftRow(
                        label: "Category",
                        value: category.path(in: categories),
                        source: "payee",
                        sourceText: words
                    )
                )
            }
        }
        if let id = usual.lastAccountID {
            let accounts = try await store.books.accountList(in: scope)
            if let account = accounts.first(where: { $0.id == id && !$0.archived }) {
                input.account = String(id)
                rows.append(QuickDraftRow(label: "Account", value: account.name, source: "payee", sourceText: words))
            }
        }
        return rows
    }
}
