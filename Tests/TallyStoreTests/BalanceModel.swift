import TallyCore
import TallyStore
import Testing

/// A book generated for balances over time, with its records kept beside the store by the test
/// (transfers, splits, records in euros in dollar accounts and the other way round, an account in
/// euros with an opening balance, then edits and deletions), and balances computed from them here,
/// independently of the kept totals.
struct BalanceBook {
    struct Record {
        var id: TransactionID
        var kind: TransactionKind
        var amount: Int64
        var currency: String
        var date: LocalDate
        var account: String
        var toAccount: String
        var split: Bool
    }

    let user: User
    let book: Book
    var records: [Record] = []
    /// The EUR→USD rates set, by first day.
    let rates: [(LocalDate, ExchangeRate)] = [
        (LocalDate("2024-03-01")!, ExchangeRate("1.08")!), (LocalDate("2024-09-15")!, ExchangeRate("1.1123")!),
        (LocalDate("2025-02-01")!, ExchangeRate("1.0457")!),
    ]
    static let names = ["Cash", "Debit Card", "Credit Card", "Euro Savings"]

    /// Makes the book on `store`: 300 records over 2024-01-01 … 2025-06-30, 40 edits, 25 deletions.
    static func make(_ store: Store) async throws -> BalanceBook {
        let (user, book) = try await owner(store)
        var model = BalanceBook(user: user, book: book)
        let scope = try await store.scope(user, book: book.id)
        _ = try await store.books.createAccount(
            in: scope,
            name: "Euro Savings",
            kind: "savings",
            openingBalance: "500.00",
            currency: "EUR"
        )
        let cash = try #require(try await store.books.accounts(in: scope).first { $0.account.name == "Cash" })
        _ = try await store.books.updateAccount(
            cash.account.id,
            in: scope,
            changes: AccountChanges(openingBalance: "120.50")
        )
        // An archived account that never held anything is not shown.
        let old = try await store.books.createAccount(
            in: scope,
            name: "Old Wallet",
            kind: "cash",
            openingBalance: nil,
            currency: nil
        )
        _ = try await store.books.updateAccount(old.account.id, in: scope, changes: AccountChanges(archived: true))
        for (date, rate) in model.rates {
            _ = try await store.rates.setRate(in: scope, currency: Currency(code: "EUR")!, date: date, rate: rate)
        }
        var dice = Dice(state: 0x0BA1_A4CE_5EED_0001)
        let start = LocalDate("2024-01-01")!
        for _ in 0..<300 {
            let roll = dice.next(10)
            let kind: TransactionKind = roll < 5 ? .expense : roll < 7 ? .income : .transfer
            let account = names[dice.next(names.count)]
            let euro = account == "Euro Savings" ? dice.next(5) != 0 : dice.next(6) == 0
            let currency = euro ? "EUR" : "USD"
            let amount = Int64(2 + dice.next(80_000))
            var input = TransactionInput(
                kind: kind.rawValue,
                amount: Self.text(amount, currency),
                currency: currency,
                date: start.adding(days: dice.next(547)).description,
                payee: kind == .transfer ? "" : "Shop \(dice.next(9))",
                account: account
            )
            let split = kind == .expense && dice.next(5) == 0
            if split {
                let first = amount / 3
                input.lines = [
                    LineInput(category: "Food", amount: Self.text(first, currency)),
                    LineInput(category: "Home", amount: Self.text(amount - first, currency)),
                ]
            } else if kind != .transfer {
                input.category = kind == .expense ? "Food" : "Salary"
            }
            var to = ""
            if kind == .transfer {
                to = names.filter { $0 != account }[dice.next(names.count - 1)]
                input.toAccount = to
            }
            let added = try await store.records.addTransaction(to: scope, input)
            model.records.append(
                Record(
                    id: added.transaction.id,
                    kind: kind,
                    amount: amount,
                    currency: currency,
                    date: LocalDate(input.date!)!,
                    account: account,
                    toAccount: to,
                    split: split
                )
            )
        }
        for n in 0..<40 {
            let i = dice.next(model.records.count)
            var r = model.records[i]
            var change = TransactionInput()
            switch n % 4 {
            case 0 where !r.split:
                r.amount += 1_234
                change.amount = Self.text(r.amount, r.currency)
            case 1:
                r.date = r.date.adding(days: 45 - dice.next(90))
                change.date = r.date.description
            case 2:
                let others = names.filter { $0 != r.account && $0 != r.toAccount }
                r.account = others[dice.next(others.count)]
                change.account = r.account
            case 3 where !r.split:
                r.currency = r.currency == "EUR" ? "USD" : "EUR"
                change.currency = r.currency
                change.amount = Self.text(r.amount, r.currency)
            default: continue
            }
            _ = try await store.records.updateTransaction(r.id, in: scope, change)
            model.records[i] = r
        }
        for _ in 0..<25 {
            let doomed = model.records.remove(at: dice.next(model.records.count))
            try await store.records.deleteTransaction(doomed.id, in: scope)
        }
        return model
    }

    static func text(_ minor: Int64, _ currency: String) -> String {
        Money(minorUnits: minor, currency: Currency(code: currency)!).decimalString
    }

    /// "Cash|USD" → the balance at each of `ends`, from the records: the opening balance in the
    /// account's own currency, then every record on or before the day, signed by its kind.
    func balances(at ends: [LocalDate], accounts: [Account]) -> [String: [Int64]] {
        var out: [String: [Int64]] = [:]
        for account in accounts {
            out["\(account.name)|\(account.currency.code)"] = ends.map { _ in account.openingBalance.minorUnits }
        }
        for r in records {
            var moves = [(r.account, r.kind == .income ? r.amount : -r.amount)]
            if r.kind == .transfer { moves.append((r.toAccount, r.amount)) }
            for (name, delta) in moves {
                let key = "\(name)|\(r.currency)"
                var column = out[key] ?? ends.map { _ in 0 }
                for (i, end) in ends.enumerated() where r.date <= end { column[i] += delta }
                out[key] = column
            }
        }
        return out
    }

    /// A balance in dollars at `end`: itself, or euros at the latest rate on or before it; nil
    /// before the first rate (zero is zero in any currency).
    func dollars(_ minor: Int64, _ currency: String, on end: LocalDate) -> Int64? {
        if currency == "USD" || minor == 0 { return minor }
        guard let rate = rates.last(where: { $0.0 <= end })?.1 else { return nil }
        return rate.convert(Money(minorUnits: minor, currency: Currency(code: currency)!), to: Currency(code: "USD")!)?
            .minorUnits
    }
}
