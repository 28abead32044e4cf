import SQLKit
import TallyCore

extension Records {
    /// What a receipt's text is read against in the book: its currency, its most used payees
    /// (the same ones quick add compares), the date order (`order`, else month first in a
    /// US-dollar book and day first in any other) and the book's today.
    public func receiptBook(in scope: BookScope, order: DateOrder?) async throws -> ReceiptBook {
        let bookID = scope.bookID
        let payees = try await database.read { db in
            try await db.raw(
                """
                SELECT name FROM payees WHERE book_id = \(bind: bookID)
                ORDER BY use_count DESC, name_key LIMIT \(literal: QuickAddDraft.payeesCompared)
                """
            ).all().map { row in
                Payee(
                    name: try row.decode(column: "name", as: String.self),
                    lastCategoryID: nil,
                    lastAccountID: nil,
                    lastAmount: nil
                )
            }
        }
        let currency = scope.book.currency
        return ReceiptBook(
            currency: currency,
            payees: payees,
            order: order ?? (currency == .usd ? .monthFirst : .dayFirst),
            today: scope.today
        )
    }
}
