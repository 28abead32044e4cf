import Foundation
import TallyCore
import TallyStore

/// Builds the record form's model (`TransactionFormPage`) from the book: the category tiles in
/// order of use, the accounts with the last used one chosen, and the payees with their usual
/// category. One builder for the add page, the edit page and the quick add on Today.
struct RecordFormModel {
    let store: Store

    /// The form for `input` (a new record when `recordID` is nil), showing `error` if given.
    /// `clientID` is the form's own id when it is shown again after an error; a new form gets one.
    func make(
        scope: BookScope,
        input: TransactionInput,
        recordID: TransactionID?,
        clientID: String? = nil,
        error: FieldError? = nil,
        quick: QuickLineForm? = nil,
        receipt: ReceiptReadForm? = nil
    ) async throws -> TransactionFormPage {
        let book = try scope.writable()
        let categories = try await store.books.categories(in: scope)
        let isEdit = recordID != nil
        var input = input
        let defaults = try await store.records.quickAddDefaults(in: scope)
        let all = try await store.books.accountList(in: scope)
        // A new record starts on the account of the last one (the card in everyday use), or the
        // first account while the book has no record with one.
        if !isEdit, (input.account ?? "").isEmpty,
            let account = defaults.lastAccountID ?? all.first(where: { !$0.archived })?.id
        {
            input.account = String(account)
        }
        let accounts = all.filter { !$0.archived || String($0.id) == input.account }
        var receipts: [Receipt] = []
        if let recordID { receipts = try await store.records.receipts(of: recordID, in: scope) }
        let payees = try await store.records.payeeSuggestions(in: scope, prefix: "", limit: 50)
        let tags = try await store.records.tags(in: scope, limit: 100)
        let chosen = Self.chosenCategory(input.category, in: categories)
        func accountOptions(_ selected: String?) -> [AccountOption] {
            accounts.map {
                AccountOption(id: $0.id, name: $0.name, selected: String($0.id) == selected || $0.name == selected)
            }
        }
        let kind = input.kind ?? "expense"
        let date = input.date ?? scope.today.description
        let options = accountOptions(input.account)
        let moreFields: Set<String> = ["date", "time", "currency", "account", "note", "receipts", "tags"]
        return TransactionFormPage(
            recordID: recordID ?? 0,
            isEdit: isEdit,
            clientID: isEdit
                ? "" : (clientID.flatMap { (try? IdempotencyKey($0))?.text } ?? UUID().uuidString.lowercased()),
            action: recordID.map { "/books/\(book.id)/transactions/\($0)" } ?? "/books/\(book.id)/transactions",
            isExpense: kind == "expense",
            isIncome: kind == "income",
            isTransfer: kind == "transfer",
            amount: input.amount ?? "",
            currency: input.currency ?? book.currency.code,
            date: date,
            dateLabel: date == scope.today.description ? "Today" : date,
            time: input.time ?? "",
            payee: input.payee ?? "",
            note: input.note ?? "",
            expenseTiles: Self.tiles(.expense, categories: categories, use: defaults.categoryUse, chosen: chosen),
            incomeTiles: Self.tiles(.income, categories: categories, use: defaults.categoryUse, chosen: chosen),
            noCategory: chosen == nil,
            accounts: options,
            toAccounts: accountOptions(input.toAccount),
            accountName: options.first(where: \.selected)?.name ?? "",
            payees: payees.map {
                PayeeOption(
                    name: $0.name,
                    categoryID: $0.lastCategoryID.map { String($0) } ?? "",
                    accountID: $0.lastAccountID.map { String($0) } ?? ""
                )
            },
            receipts: receipts.map { ReceiptThumb(id: $0.id, url: "/books/\(book.id)/receipts/\($0.id)") },
            hasReceipts: !receipts.isEmpty,
            moreOpen: isEdit || moreFields.contains(error?.field ?? ""),
            error: error?.description ?? "",
            errorField: error?.field ?? "",
            isSplit: !(input.lines ?? []).isEmpty,
            lines: Self.splitRows(input.lines ?? [], categories: categories),
            tags: (input.tags ?? []).joined(separator: " "),
            tagOptions: tags.map(\.name),
            quick: isEdit ? nil : quick ?? QuickLineForm(book: book.id),
            receiptRead: isEdit ? nil : receipt
        )
    }

    /// The split editor's rows: the given lines, then blank rows up to two and one spare (the
    /// form works without JavaScript; with it, rows are added and removed in place).
    static func splitRows(_ lines: [LineInput], categories: [Category]) -> [SplitLineRow] {
        let rows = lines + Array(repeating: LineInput(), count: max(Split.minLines - lines.count, 0) + 1)
        let paths = categories.map { ($0, $0.path(in: categories)) }.sorted { $0.1 < $1.1 }
        return rows.enumerated().map { index, line in
            let chosen = chosenCategory(line.category, in: categories)
            func options(_ kind: CategoryKind) -> [CategoryOption] {
                paths.filter { $0.0.kind == kind }.map {
                    CategoryOption(id: $0.0.id, path: $0.1, selected: $0.0.id == chosen)
                }
            }
            return SplitLineRow(
                number: index + 1,
                expenseOptions: options(.expense),
                incomeOptions: options(.income),
                amount: line.amount ?? "",
                note: line.note ?? ""
            )
        }
    }

    /// The category the input names, by id or by "Parent:Child" path.
    static func chosenCategory(_ text: String?, in categories: [Category]) -> CategoryID? {
        guard let text, !text.isEmpty else { return nil }
        return categories.first {
            String($0.id) == text || $0.path(in: categories).lowercased() == text.lowercased()
        }?.id
    }

    /// The top-level categories of `kind` as tiles, the most used first (a parent counts its
    /// sub-categories' use), then by name; each with its sub-categories in the same order.
    static func tiles(
        _ kind: CategoryKind,
        categories: [Category],
        use: [CategoryID: Int],
        chosen: CategoryID?
    ) -> [CategoryTile] {
        let ofKind = categories.filter { $0.kind == kind }
        let children = Dictionary(grouping: ofKind.filter { $0.parentID != nil }, by: { $0.parentID! })
        func total(_ category: Category) -> Int {
            (use[category.id] ?? 0) + (children[category.id] ?? []).reduce(0) { $0 + (use[$1.id] ?? 0) }
        }
        func ordered(_ list: [Category]) -> [Category] {
            list.map { ($0, total($0)) }.sorted { ($0.1, $1.0.name) > ($1.1, $0.0.name) }.map(\.0)
        }
        return ordered(ofKind.filter { $0.parentID == nil }).map { parent in
            let subs = ordered(children[parent.id] ?? []).map { child in
                CategoryTile(
                    id: child.id,
                    icon: child.icon.isEmpty ? parent.icon : child.icon,
                    name: child.name,
                    path: parent.name + ":" + child.name,
                    selected: child.id == chosen,
                    children: [],
                    hasChildren: false,
                    open: false
                )
            }
            return CategoryTile(
                id: parent.id,
                icon: parent.icon,
                name: parent.name,
                path: parent.name,
                selected: parent.id == chosen,
                children: subs,
                hasChildren: !subs.isEmpty,
                open: parent.id == chosen || subs.contains(where: \.selected)
            )
        }
    }
}
