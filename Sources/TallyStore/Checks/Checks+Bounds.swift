import SQLKit
import TallyCore

extension Checks {
    /// Records and opening balances outside the bounds every value now meets on the way in
    /// (`Money.maxMinorUnits`, `LocalDate.supported`): books written before those bounds may
    /// hold a 92-quadrillion expense or a date in 9999, which made sums overflow and periods run
    /// off the calendar. They are reported, not changed: only their owner knows what was meant,
    /// and the record's edit page and the API take a corrected value.
    static func checkBounds(_ db: any SQLDatabase, book: BookID) async throws -> [CheckFinding] {
        let max = Money.maxMinorUnits
        let from = LocalDate.supported.lowerBound.description
        let to = LocalDate.supported.upperBound.description
        // Capped: a book with thousands of such rows needs no more lines to be understood.
        let records = try await db.raw(
            """
            SELECT id, date, currency, amount_minor FROM transactions
            WHERE book_id = \(bind: book)
              AND (amount_minor > \(bind: max) OR amount_minor < \(bind: -max) OR date < \(bind: from) OR date > \(bind: to))
            ORDER BY id LIMIT 1000
            """
        ).all()
        var findings: [CheckFinding] = try records.map { row in
            let record = try row.decode(model: RecordOutOfBoundsRow.self)
            let (date, amount) = (record.date, record.amountMinor)
            let currency = Currency(code: record.currency) ?? .usd
            var problems: [String] = []
            if amount.magnitude > max.magnitude {
                problems.append(
                    "amount \(Money(minorUnits: amount, currency: currency).decimalString) is beyond ±\(Money(minorUnits: max, currency: currency).decimalString)"
                )
            }
            if date < from || date > to { problems.append("date \(date) is outside \(from)…\(to)") }
            return CheckFinding(
                book: book,
                table: "transactions",
                cell: "record \(record.id)",
                problem: problems.joined(separator: "; ") + " (stored before the bounds; edit or delete the record)",
                fix: nil
            )
        }
        let accounts = try await db.raw(
            """
            SELECT id, name, currency, opening_minor FROM accounts
            WHERE book_id = \(bind: book) AND (opening_minor > \(bind: max) OR opening_minor < \(bind: -max))
            ORDER BY id
            """
        ).all()
        findings += try accounts.map { row in
            let account = try row.decode(model: AccountOutOfBoundsRow.self)
            let amount = account.openingMinor
            let currency = Currency(code: account.currency) ?? .usd
            return CheckFinding(
                book: book,
                table: "accounts",
                cell: "account \(account.id)",
                problem:
                    "opening balance \(Money(minorUnits: amount, currency: currency).decimalString) is beyond ±\(Money(minorUnits: max, currency: currency).decimalString) (stored before the bounds; edit the account)",
                fix: nil
            )
        }
        return findings
    }
}
