import SQLKit
import TallyCore

/// One occurrence of a bill: its due date and whether it was paid.
public struct BillOccurrence: Sendable, Hashable {
    /// The bill.
    public let bill: Bill
    /// When it is due.
    public let dueDate: LocalDate
    /// Unpaid, paid or overdue.
    public let status: BillStatus
    /// The day it was paid.
    public let paidOn: LocalDate?
    /// What was paid, or else the bill's usual amount (`nil` when it varies).
    public let amount: Money?
    /// The expense recorded when it was paid (gone if that record was deleted since).
    public let transactionID: TransactionID?

    /// An occurrence from its parts.
    public init(
        bill: Bill,
        dueDate: LocalDate,
        status: BillStatus,
        paidOn: LocalDate?,
        amount: Money?,
        transactionID: TransactionID?
    ) {
        self.bill = bill
        self.dueDate = dueDate
        self.status = status
        self.paidOn = paidOn
        self.amount = amount
        self.transactionID = transactionID
    }

    /// Whether its reminder window has begun on `today` (or it is overdue) and it is unpaid.
    public func isDueSoon(today: LocalDate) -> Bool {
        status != .paid && dueDate.adding(days: -bill.remindDays) <= today
    }
}

extension Plans {
    /// The book's bills, by title.
    public func bills(in scope: BookScope) async throws -> [Bill] {
        let bookID = scope.bookID
        return try await database.read { db in try await Self.bills(db, book: bookID) }
    }

    /// One bill.
    public func bill(_ id: BillID, in scope: BookScope) async throws -> Bill {
        let bookID = scope.bookID
        return try await database.read { db in try await Self.bill(db, book: bookID, id: id) }
    }

    /// Adds a recurring bill.
    public func createBill(in scope: BookScope, _ input: BillInput) async throws -> Bill {
        let bookID = scope.bookID
        let book = try scope.writable()
        let draft = try BillDraft.validate(input, base: nil, currency: book.currency, today: scope.today)
        let id = try await database.write { db in
            let (account, category) = try await Self.billReferences(db, book: bookID, draft: draft)
            return try await Self.insertBill(
                db,
                book: bookID,
                currency: book.currency,
                draft: draft,
                account: account ?? nil,
                category: category ?? nil
            )
        }
        return try await bill(id, in: scope)
    }

    /// Changes the given fields of a bill; payments already made stay.
    public func updateBill(_ id: BillID, in scope: BookScope, _ input: BillInput) async throws -> Bill {
        let bookID = scope.bookID
        let book = try scope.writable()
        let today = scope.today
        try await database.write { db in
            let base = try await Self.bill(db, book: bookID, id: id)
            let draft = try BillDraft.validate(input, base: base, currency: book.currency, today: today)
            let (account, category) = try await Self.billReferences(db, book: bookID, draft: draft)
            let s = draft.schedule
            try await db.raw(
                """
                UPDATE bills SET title = \(bind: draft.title), amount_minor = \(bind: draft.amount?.minorUnits), cycle = \(bind: s.cycle.rawValue),
                  due_day = \(bind: s.dueDay), every_months = \(bind: s.everyMonths), first_due = \(bind: s.firstDue.description),
                  account_id = \(bind: account ?? base.accountID), category_id = \(bind: category ?? base.categoryID), url = \(bind: draft.url),
                  remind_days = \(bind: draft.remindDays), note = \(bind: draft.note)
                WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                """
            ).run()
        }
        return try await bill(id, in: scope)
    }

    /// Deletes a bill and its payment marks (the expenses recorded stay in the book).
    public func deleteBill(_ id: BillID, in scope: BookScope) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            guard
                try await db.raw("DELETE FROM bills WHERE id = \(bind: id) AND book_id = \(bind: bookID) RETURNING id")
                    .first() != nil
            else {
                throw StoreError.notFound("bill")
            }
        }
    }

    /// Occurrences from `from` through `to` (at most 3 years apart) of one bill, or of every
    /// bill when `billID` is nil, by due date.
    public func billOccurrences(
        _ billID: BillID? = nil,
        in scope: BookScope,
        from: LocalDate,
        through to: LocalDate
    ) async throws -> [BillOccurrence] {
        let bookID = scope.bookID
        guard from <= to else { throw FieldError("to", "must not be before from (\(from))") }
        guard to.dayNumber - from.dayNumber <= 3 * 366 else {
            throw FieldError("to", "must be at most 3 years after from")
        }
        let today = scope.today
        return try await database.read { db in
            let bills = try await Self.bills(db, book: bookID, id: billID)
            if billID != nil, bills.isEmpty { throw StoreError.notFound("bill") }
            return try await Self.occurrences(db, bills: bills, from: from, to: to, today: today)
        }
    }

    /// Marks an occurrence paid: records the expense (the bill's category and account, the
    /// amount given or the bill's own) and links it, all in one transaction.
    public func payBill(
        _ billID: BillID,
        due dueDate: LocalDate,
        in scope: BookScope,
        amount rawAmount: String? = nil,
        paidOn rawDate: String? = nil
    ) async throws -> BillOccurrence {
        let bookID = scope.bookID
        let book = try scope.writable()
        let today = scope.today
        let paidOn =
            try rawDate.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map {
                try PlanValidate.date($0, field: "paid_on")
            } ?? today
        return try await database.write { db in
            let bill = try await Self.bill(db, book: bookID, id: billID)
            guard bill.schedule.occurrences(from: dueDate, through: dueDate) == [dueDate] else {
                throw StoreError.notFound("occurrence \(dueDate)")
            }
            if let row = try await db.raw(
                "SELECT paid_on FROM bill_payments WHERE bill_id = \(bind: billID) AND due_date = \(bind: dueDate.description)"
            ).first() {
                throw StoreError.conflict(
                    "this bill was already paid on \(try row.decode(column: "paid_on", as: String.self)); undo that first"
                )
            }
            var amount = bill.amount
            if let rawAmount, !rawAmount.trimmingSpaces().isEmpty {
                amount = try PlanValidate.amount(rawAmount, field: "amount", currency: book.currency)
            }
            guard let amount, amount.minorUnits > 0 else {
                throw FieldError("amount", "this bill has no set amount; give the amount paid")
            }
            let draft = TransactionDraft(
                kind: .expense,
                amount: amount,
                date: paidOn,
                time: nil,
                payee: bill.title,
                category: bill.categoryID.map(Reference.to),
                account: bill.accountID.map(Reference.to),
                toAccount: nil,
                note: "Bill due \(dueDate)"
            )
            let transactionID = try await Records.insertTransaction(db, book: book, draft: draft)
            try await db.raw(
                """
                INSERT INTO bill_payments (bill_id, due_date, paid_on, amount_minor, transaction_id, created_at)
                VALUES (\(bind: billID), \(bind: dueDate.description), \(bind: paidOn.description), \(bind: amount.minorUnits),
                  \(bind: transactionID), \(bind: Clock.timestamp()))
                """
            ).run()
            return BillOccurrence(
                bill: bill,
                dueDate: dueDate,
                status: .paid,
                paidOn: paidOn,
                amount: amount,
                transactionID: transactionID
            )
        }
    }

    /// Undoes a payment: the mark and the expense it recorded both go.
    public func undoBillPayment(_ billID: BillID, due dueDate: LocalDate, in scope: BookScope) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            guard try await !Self.bills(db, book: bookID, id: billID).isEmpty,
                let row = try await db.raw(
                    """
                    DELETE FROM bill_payments WHERE bill_id = \(bind: billID) AND due_date = \(bind: dueDate.description) RETURNING transaction_id
                    """
                ).first()
            else {
                throw StoreError.notFound("payment")
            }
            if let transaction = try row.decode(column: "transaction_id", as: TransactionID?.self) {
                try await Records.removeTransaction(db, book: bookID, id: transaction)
            }
        }
    }

    static func occurrences(
        _ db: any SQLDatabase,
        bills: [Bill],
        from: LocalDate,
        to: LocalDate,
        today: LocalDate
    ) async throws -> [BillOccurrence] {
        guard !bills.isEmpty else { return [] }
        var paid: [String: (LocalDate, Int64, TransactionID?)] = [:]
        for row in try await db.raw(
            """
            SELECT bill_id, due_date, paid_on, amount_minor, transaction_id FROM bill_payments
            WHERE bill_id IN (\(binds: bills.map(\.id))) AND due_date >= \(bind: from.description) AND due_date <= \(bind: to.description)
            """
        ).all() {
            let payment = try row.decode(model: BillPaymentRow.self)
            paid["\(payment.billID)/\(payment.dueDate)"] = (
                try Row.date(
                    payment.paidOn,
                    table: "bill_payments",
                    id: "\(payment.billID)/\(payment.dueDate)",
                    column: "paid_on"
                ), payment.amountMinor, payment.transactionID
            )
        }
        var result: [BillOccurrence] = []
        for bill in bills {
            for date in bill.schedule.occurrences(from: from, through: to) {
                if let (paidOn, minor, transaction) = paid["\(bill.id)/\(date)"] {
                    result.append(
                        BillOccurrence(
                            bill: bill,
                            dueDate: date,
                            status: .paid,
                            paidOn: paidOn,
                            amount: Money(minorUnits: minor, currency: bill.currency),
                            transactionID: transaction
                        )
                    )
                } else {
                    result.append(
                        BillOccurrence(
                            bill: bill,
                            dueDate: date,
                            status: date < today ? .overdue : .unpaid,
                            paidOn: nil,
                            amount: bill.amount,
                            transactionID: nil
                        )
                    )
                }
            }
        }
        return result.sorted { ($0.dueDate, $0.bill.title, $0.bill.id) < ($1.dueDate, $1.bill.title, $1.bill.id) }
    }

    /// The book's bills by title; with `id`, that one bill alone (none when it is not the book's).
    static func bills(_ db: any SQLDatabase, book: BookID, id: BillID? = nil) async throws -> [Bill] {
        let only: SQLQueryString = id.map { "AND id = \(bind: $0)" } ?? ""
        return try await db.raw(
            """
            SELECT id, title, amount_minor, currency, cycle, due_day, every_months, first_due, account_id, category_id, url, remind_days, note
            FROM bills WHERE book_id = \(bind: book) \(only) ORDER BY title, id
            """
        ).all().map { try $0.decode(model: BillRow.self).bill(book: book) }
    }

    /// One bill of the book, read by its id, or not found.
    static func bill(_ db: any SQLDatabase, book: BookID, id: BillID) async throws -> Bill {
        guard let bill = try await bills(db, book: book, id: id).first else { throw StoreError.notFound("bill") }
        return bill
    }

    static func insertBill(
        _ db: any SQLDatabase,
        book: BookID,
        currency: Currency,
        draft: BillDraft,
        account: AccountID?,
        category: CategoryID?
    ) async throws -> BillID {
        let s = draft.schedule
        return try await db.raw(
            """
            INSERT INTO bills (book_id, title, amount_minor, currency, cycle, due_day, every_months, first_due, account_id, category_id, url, remind_days, note, created_at)
            VALUES (\(bind: book), \(bind: draft.title), \(bind: draft.amount?.minorUnits), \(bind: currency.code), \(bind: s.cycle.rawValue), \(bind: s.dueDay),
              \(bind: s.everyMonths), \(bind: s.firstDue.description), \(bind: account), \(bind: category), \(bind: draft.url), \(bind: draft.remindDays),
              \(bind: draft.note), \(bind: Clock.timestamp()))
            RETURNING id
            """
        ).first()!.decode(column: "id", as: BillID.self)
    }

    /// The bill's account and (expense) category: `nil` = not given, `.some(nil)` = none.
    static func billReferences(
        _ db: any SQLDatabase,
        book: BookID,
        draft: BillDraft
    ) async throws -> (AccountID??, CategoryID??) {
        var account: AccountID??
        var category: CategoryID??
        if let reference = draft.account {
            let all = try await Books.accounts(db, book: book)
            account = .some(try reference.map { try Books.resolve($0, in: all, field: "account").id })
        }
        if let reference = draft.category {
            let all = try await Books.categories(db, book: book)
            category = .some(try reference.map { try Books.resolve($0, in: all, kind: .expense, field: "category").id })
        }
        return (account, category)
    }
}
