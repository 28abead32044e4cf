import TallyCore
import Testing

@Suite("TransactionDraft.validate")
struct TransactionDraftTests {
    let today = date("2026-11-21")

    func validate(
        _ input: TransactionInput,
        base: TransactionDraft? = nil,
        currency: Currency = .usd
    ) throws(FieldError) -> TransactionDraft {
        try TransactionDraft.validate(input, base: base, bookCurrency: currency, today: today)
    }

    /// The error's field (and message) for input that must be rejected; `nil` when it was accepted.
    func rejection(
        _ input: TransactionInput,
        base: TransactionDraft? = nil,
        currency: Currency = .usd
    ) -> FieldError? {
        do {
            _ = try validate(input, base: base, currency: currency)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Create

    @Test("a minimal expense: amount and payee, date defaults to today")
    func minimalExpense() throws {
        let draft = try validate(TransactionInput(amount: "4.50", payee: "Blue Bottle"))
        #expect(draft.kind == .expense)
        #expect(draft.amount == Money(minorUnits: 450, currency: .usd))
        #expect(draft.date == today)
        #expect(draft.time == nil)
        #expect(draft.payee == "Blue Bottle")
        #expect(draft.category == nil && draft.account == nil && draft.toAccount == nil)
        #expect(draft.note == "")
    }

    @Test("every field given, trimmed and parsed")
    func fullExpense() throws {
        let draft = try validate(
            TransactionInput(
                kind: " Income ",
                amount: "1.234,56",
                currency: "eur",
                date: " 2026-02-28 ",
                time: " 07:05 ",
                payee: "  ACME Corp ",
                category: "Salary",
                account: "3",
                note: " monthly "
            )
        )
        #expect(draft.kind == .income)
        #expect(draft.amount == Money(minorUnits: 123_456, currency: .eur))
        #expect(draft.date == date("2026-02-28"))
        #expect(draft.time == TimeOfDay("07:05"))
        #expect(draft.payee == "ACME Corp")
        #expect(draft.category == .name("Salary"))
        #expect(draft.account == .id(3))
        #expect(draft.note == "monthly")
    }

    @Test("the book's currency applies when none is given")
    func bookCurrency() throws {
        let draft = try validate(TransactionInput(amount: "300", payee: "Ramen"), currency: .jpy)
        #expect(draft.amount == Money(minorUnits: 300, currency: .jpy))
        #expect(rejection(TransactionInput(amount: "3.50", payee: "Ramen"), currency: .jpy)?.field == "amount")
        // A blank currency means "not given".
        #expect(try validate(TransactionInput(amount: "1", currency: "  ", payee: "x")).amount.currency == .usd)
    }

    @Test("amount is required on create")
    func amountRequired() {
        let error = rejection(TransactionInput(payee: "Cafe"))
        #expect(error == FieldError("amount", "is required"))
    }

    @Test(
        "amount must parse; the parser's reason is kept",
        arguments: [
            ("abc", "'abc' is not an amount"),
            ("", "is empty"),
            ("12.345", "USD amounts have at most 2 decimals"),
            ("1,23,4", "'1,23,4' has misplaced thousands separators"),
            ("99999999999999999999", "is too large: at most 9999999999.99 either way"),
            ("--5", "'--5' is not an amount"),
        ]
    )
    func amountUnparseable(text: String, message: String) {
        #expect(rejection(TransactionInput(amount: text, payee: "Cafe")) == FieldError("amount", message))
    }

    @Test("amount must be greater than zero", arguments: ["0", "0.00", "-3", "-$4.50"])
    func amountPositive(text: String) {
        #expect(
            rejection(TransactionInput(amount: text, payee: "Cafe"))
                == FieldError("amount", "must be greater than zero")
        )
    }

    @Test("payee is required for expenses and incomes without a category", arguments: ["expense", "income"])
    func payeeRequired(kind: String) {
        let required = FieldError("payee", "is required when no category is given")
        #expect(rejection(TransactionInput(kind: kind, amount: "1")) == required)
        #expect(rejection(TransactionInput(kind: kind, amount: "1", payee: "   ")) == required)
        #expect(rejection(TransactionInput(kind: kind, amount: "1", category: "")) == required)
        #expect(
            rejection(TransactionInput(kind: kind, amount: "1", category: "Food")) == nil,
            "quick add: amount and category"
        )
    }

    @Test("payee and note limits")
    func textLimits() {
        #expect(rejection(TransactionInput(amount: "1", payee: String(repeating: "a", count: 201)))?.field == "payee")
        #expect(rejection(TransactionInput(amount: "1", payee: String(repeating: "a", count: 200))) == nil)
        #expect(rejection(TransactionInput(amount: "1", payee: "a\u{0}b"))?.field == "payee")
        #expect(
            rejection(TransactionInput(amount: "1", payee: "x", note: String(repeating: "n", count: 2001)))?.field
                == "note"
        )
        #expect(rejection(TransactionInput(amount: "1", payee: "x", note: "line\u{7}bell"))?.field == "note")
        #expect(rejection(TransactionInput(amount: "1", payee: "x", note: "two\nlines\tok")) == nil)
    }

    @Test("kind must be expense, income or transfer", arguments: ["refund", "", "expenses", "1"])
    func badKind(kind: String) {
        #expect(rejection(TransactionInput(kind: kind, amount: "1", payee: "x"))?.field == "kind")
    }

    @Test("currency must be an ISO code")
    func badCurrency() {
        #expect(rejection(TransactionInput(amount: "1", currency: "XYZ", payee: "x"))?.field == "currency")
        #expect(rejection(TransactionInput(amount: "1", currency: "dollars", payee: "x"))?.field == "currency")
    }

    @Test(
        "date must be a real YYYY-MM-DD",
        arguments: ["2026-02-30", "2025-02-29", "2026-1-01", "tomorrow", "", "21/11/2026"]
    )
    func badDate(text: String) {
        let error = rejection(TransactionInput(amount: "1", date: text, payee: "x"))
        #expect(error?.field == "date")
        #expect(error?.message == "'\(text)' is not a valid date (YYYY-MM-DD)")
    }

    @Test("a leap day is a date")
    func leapDay() throws {
        #expect(try validate(TransactionInput(amount: "1", date: "2024-02-29", payee: "x")).date == date("2024-02-29"))
    }

    @Test("time must be HH:MM", arguments: ["24:00", "9:30", "noon", "12:60", "+9:30"])
    func badTime(text: String) {
        #expect(rejection(TransactionInput(amount: "1", time: text, payee: "x"))?.field == "time")
    }

    @Test("an empty time means no time")
    func emptyTime() throws {
        #expect(try validate(TransactionInput(amount: "1", time: "", payee: "x")).time == nil)
        #expect(try validate(TransactionInput(amount: "1", time: "  ", payee: "x")).time == nil)
    }

    @Test("references: ids, names and blanks")
    func references() {
        #expect(Reference("12") == .id(12))
        #expect(Reference(" 12 ") == .id(12))
        #expect(Reference("Food:Coffee") == .name("Food:Coffee"))
        #expect(Reference("0") == .name("0"))
        #expect(Reference("-3") == .name("-3"))
        #expect(Reference("") == nil)
        #expect(Reference("  ") == nil)
        #expect(Reference(nil) == nil)
    }

    // MARK: Transfers

    @Test("a transfer needs two different accounts and no payee")
    func transfer() throws {
        let draft = try validate(
            TransactionInput(kind: "transfer", amount: "100", account: "Checking", toAccount: "Savings")
        )
        #expect(draft.kind == .transfer)
        #expect(draft.payee == "")
        #expect(draft.account == .name("Checking"))
        #expect(draft.toAccount == .name("Savings"))
        #expect(draft.category == nil)
    }

    @Test("transfer errors name the field")
    func transferErrors() {
        #expect(rejection(TransactionInput(kind: "transfer", amount: "100", toAccount: "Savings"))?.field == "account")
        #expect(
            rejection(TransactionInput(kind: "transfer", amount: "100", account: "Checking"))?.field == "to_account"
        )
        #expect(
            rejection(TransactionInput(kind: "transfer", amount: "100", account: "Checking", toAccount: " "))?.field
                == "to_account"
        )
        #expect(
            rejection(TransactionInput(kind: "transfer", amount: "100", account: "2", toAccount: "2"))
                == FieldError("to_account", "must differ from account")
        )
        #expect(
            rejection(TransactionInput(kind: "transfer", amount: "100", account: "Cash", toAccount: " Cash "))?.field
                == "to_account"
        )
        #expect(
            rejection(TransactionInput(kind: "transfer", amount: "100", category: "Food", account: "1", toAccount: "2"))
                == FieldError("category", "a transfer has no category")
        )
        #expect(
            rejection(TransactionInput(kind: "transfer", amount: "0", account: "1", toAccount: "2"))?.field == "amount"
        )
    }

    @Test("a blank category on a transfer is the same as none")
    func transferBlankCategory() throws {
        let draft = try validate(
            TransactionInput(kind: "transfer", amount: "1", category: "", account: "1", toAccount: "2")
        )
        #expect(draft.category == nil)
    }

    @Test("only transfers have a destination account")
    func toAccountOnExpense() {
        #expect(rejection(TransactionInput(amount: "1", payee: "x", toAccount: "Savings"))?.field == "to_account")
        #expect(
            rejection(TransactionInput(kind: "income", amount: "1", payee: "x", toAccount: "2"))?.field == "to_account"
        )
    }

    // MARK: Edits

    func base() throws -> TransactionDraft {
        try validate(
            TransactionInput(
                amount: "4.50",
                date: "2026-03-01",
                time: "09:30",
                payee: "Cafe",
                category: "Food:Coffee",
                account: "Cash",
                note: "latte"
            )
        )
    }

    @Test("an edit keeps the fields it does not give")
    func editKeeps() throws {
        let base = try base()
        let edited = try validate(TransactionInput(payee: "Corner Cafe"), base: base)
        #expect(edited.payee == "Corner Cafe")
        #expect(edited.amount == base.amount)
        #expect(edited.date == date("2026-03-01"))  // not today
        #expect(edited.time == TimeOfDay("09:30"))
        #expect(edited.category == .name("Food:Coffee"))
        #expect(edited.account == .name("Cash"))
        #expect(edited.note == "latte")
        #expect(edited.kind == .expense)
        #expect(try validate(TransactionInput(), base: base) == base)
    }

    @Test("an edit changes what it gives")
    func editChanges() throws {
        let edited = try validate(TransactionInput(amount: "5", date: "2026-03-02", note: ""), base: try base())
        #expect(edited.amount == Money(minorUnits: 500, currency: .usd))
        #expect(edited.date == date("2026-03-02"))
        #expect(edited.note == "")
        #expect(edited.payee == "Cafe")
    }

    @Test("an empty time clears the time on edit")
    func editClearsTime() throws {
        let edited = try validate(TransactionInput(time: ""), base: try base())
        #expect(edited.time == nil)
        #expect(edited.payee == "Cafe")
    }

    @Test("an edit may blank the payee of an expense only while it keeps a category")
    func editBlankPayee() throws {
        #expect(rejection(TransactionInput(payee: " ", category: ""), base: try base())?.field == "payee")
        #expect(try validate(TransactionInput(payee: " "), base: try base()).payee == "")
    }

    @Test("an edit still validates what it gives")
    func editValidates() throws {
        let base = try base()
        #expect(rejection(TransactionInput(amount: "0"), base: base)?.field == "amount")
        #expect(rejection(TransactionInput(date: "2026-02-30"), base: base)?.field == "date")
        #expect(rejection(TransactionInput(time: "25:00"), base: base)?.field == "time")
        #expect(rejection(TransactionInput(kind: "gift"), base: base)?.field == "kind")
    }

    @Test("changing the currency keeps the amount only when the minor digits match")
    func editCurrency() throws {
        let base = try base()
        #expect(
            try validate(TransactionInput(currency: "EUR"), base: base).amount == Money(minorUnits: 450, currency: .eur)
        )
        #expect(
            rejection(TransactionInput(currency: "JPY"), base: base)
                == FieldError("amount", "give the amount again when changing the currency")
        )
        #expect(
            try validate(TransactionInput(amount: "450", currency: "JPY"), base: base).amount
                == Money(minorUnits: 450, currency: .jpy)
        )
        // The base's currency, not the book's, is the default on edit.
        let yen = try validate(TransactionInput(amount: "300", currency: "JPY", payee: "x"))
        #expect(
            try validate(TransactionInput(amount: "500"), base: yen).amount == Money(minorUnits: 500, currency: .jpy)
        )
    }

    @Test("turning an expense into a transfer drops its category")
    func editToTransfer() throws {
        let edited = try validate(TransactionInput(kind: "transfer", toAccount: "Savings"), base: try base())
        #expect(edited.kind == .transfer)
        #expect(edited.category == nil)
        #expect(edited.account == .name("Cash"))
        #expect(edited.toAccount == .name("Savings"))
    }

    @Test("turning a transfer into an expense drops its destination")
    func editFromTransfer() throws {
        let transfer = try validate(TransactionInput(kind: "transfer", amount: "1", account: "1", toAccount: "2"))
        let expense = try validate(TransactionInput(kind: "expense", payee: "Shop"), base: transfer)
        #expect(expense.kind == .expense)
        #expect(expense.toAccount == nil)
        #expect(expense.account == .id(1))
        // Without a payee it cannot become an expense.
        #expect(rejection(TransactionInput(kind: "expense"), base: transfer)?.field == "payee")
    }

    @Test("errors read as field: message")
    func errorDescription() {
        #expect(FieldError("amount", "is required").description == "amount: is required")
    }
}
