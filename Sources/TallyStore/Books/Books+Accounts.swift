import Foundation
import SQLKit
import TallyCore

/// An account with its current balance (opening balance plus every record in its currency).
public struct AccountBalance: Sendable, Hashable {
    /// The account.
    public let account: Account
    /// Opening balance + incomes − expenses − transfers out + transfers in.
    public let balance: Money
    /// The balance in the book's currency: itself for an account in it, else converted at the
    /// latest rate on or before today; nil while no rate applies.
    public var converted: Money? = nil
}

/// Changes to an account; `nil` leaves a field as it is.
public struct AccountChanges: Sendable {
    /// New name.
    public var name: String?
    /// New kind ("cash", "credit", …).
    public var kind: String?
    /// New opening balance, decimal text (may be negative: a card's debt).
    public var openingBalance: String?
    /// Archive or restore.
    public var archived: Bool?
    /// Makes a change set.
    public init(name: String? = nil, kind: String? = nil, openingBalance: String? = nil, archived: Bool? = nil) {
        self.name = name
        self.kind = kind
        self.openingBalance = openingBalance
        self.archived = archived
    }
}

extension Books {
    /// The book's accounts with balances, in their order; archived ones last.
    public func accounts(in scope: BookScope) async throws -> [AccountBalance] {
        let bookID = scope.bookID
        let base = scope.book.currency
        let today = scope.today
        return try await database.read { db in
            var balances = try await Self.accountBalances(db, book: bookID)
            let rates = try await Conversion.table(
                db,
                book: bookID,
                base: base,
                needs: Set(balances.map(\.balance.currency)).map { ($0, today) },
                lock: false
            )
            for i in balances.indices { balances[i].converted = rates.convert(balances[i].balance, on: today) }
            return balances
        }
    }

    static func accountBalances(_ db: any SQLDatabase, book: BookID) async throws -> [AccountBalance] {
        // The kept balance in the account's own currency (see `Totals`): one row per account.
        let rows = try await db.raw(
            """
            SELECT a.id, a.name, a.kind, a.currency, a.opening_minor, a.archived, COALESCE(b.balance_minor, 0) AS flow
            FROM accounts a LEFT JOIN account_balances b ON b.book_id = a.book_id AND b.account_id = a.id AND b.currency = a.currency
            WHERE a.book_id = \(bind: book)
            ORDER BY a.archived, a.position, a.id
            """
        ).all()
        return try rows.map { try $0.decode(model: AccountBalanceRow.self).balance(book: book) }
    }

    static func accounts(_ db: any SQLDatabase, book: BookID) async throws -> [Account] {
        try await db.raw(
            """
            SELECT id, name, kind, currency, opening_minor, archived FROM accounts WHERE book_id = \(bind: book) ORDER BY archived, position, id
            """
        ).all().map { try $0.decode(model: AccountRow.self).account(book: book) }
    }

    /// Adds an account (payment source).
    public func createAccount(
        in scope: BookScope,
        name rawName: String?,
        kind rawKind: String?,
        openingBalance: String?,
        currency rawCurrency: String?
    ) async throws -> AccountBalance {
        let bookID = scope.bookID
        let book = try scope.writable()
        let name = try Validate.name(rawName, field: "name", maxLength: 60)
        let kind = try Self.accountKind(rawKind ?? "other")
        let currency = try (rawCurrency?.isEmpty ?? true) ? book.currency : Validate.currency(rawCurrency)
        let opening = try Self.openingBalance(openingBalance, currency: currency)
        let id = try await database.write { db in
            let existing = try await Self.accounts(db, book: bookID)
            if existing.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                throw FieldError("name", "an account named '\(name)' already exists")
            }
            return try await db.raw(
                """
                INSERT INTO accounts (book_id, name, kind, currency, opening_minor, archived, position)
                VALUES (\(bind: bookID), \(bind: name), \(bind: kind.rawValue), \(bind: currency.code), \(bind: opening.minorUnits), 0, \(bind: existing.count))
                RETURNING id
                """
            ).first()!.decode(column: "id", as: AccountID.self)
        }
        return AccountBalance(
            account: Account(id: id, bookID: bookID, name: name, kind: kind, openingBalance: opening, archived: false),
            balance: opening
        )
    }

    /// Renames, re-kinds, archives or sets the opening balance of an account.
    public func updateAccount(
        _ id: AccountID,
        in scope: BookScope,
        changes: AccountChanges
    ) async throws -> AccountBalance {
        let bookID = scope.bookID
        try scope.requireWrite()
        return try await database.write { db in
            let all = try await Self.accounts(db, book: bookID)
            guard var account = all.first(where: { $0.id == id }) else { throw StoreError.notFound("account") }
            if let raw = changes.name {
                let name = try Validate.name(raw, field: "name", maxLength: 60)
                if all.contains(where: { $0.id != id && $0.name.lowercased() == name.lowercased() }) {
                    throw FieldError("name", "an account named '\(name)' already exists")
                }
                account.name = name
            }
            if let raw = changes.kind { account.kind = try Self.accountKind(raw) }
            if let raw = changes.openingBalance {
                account.openingBalance = try Self.openingBalance(raw, currency: account.currency)
            }
            if let archived = changes.archived { account.archived = archived }
            try await db.raw(
                """
                UPDATE accounts SET name = \(bind: account.name), kind = \(bind: account.kind.rawValue),
                  opening_minor = \(bind: account.openingBalance.minorUnits), archived = \(bind: account.archived ? 1 : 0)
                WHERE id = \(bind: id) AND book_id = \(bind: bookID)
                """
            ).run()
            return try await Self.accountBalances(db, book: bookID).first { $0.account.id == id }!
        }
    }

    /// Deletes an account that no record uses; one with records must be archived instead.
    public func deleteAccount(_ id: AccountID, in scope: BookScope) async throws {
        let bookID = scope.bookID
        try scope.requireWrite()
        try await database.write { db in
            guard try await Self.accounts(db, book: bookID).contains(where: { $0.id == id }) else {
                throw StoreError.notFound("account")
            }
            let used = try await Totals.recordCount(db, book: bookID, account: id)
            if used > 0 {
                throw StoreError.conflict("the account has \(used) record\(used == 1 ? "" : "s"); archive it instead")
            }
            try await db.raw(
                "UPDATE payees SET last_account_id = NULL WHERE book_id = \(bind: bookID) AND last_account_id = \(bind: id)"
            ).run()
            try await db.raw("DELETE FROM accounts WHERE id = \(bind: id) AND book_id = \(bind: bookID)").run()
        }
    }

    static func accountKind(_ raw: String) throws -> AccountKind {
        guard let kind = AccountKind(rawValue: raw.lowercased()) else {
            throw FieldError(
                "kind",
                "must be one of \(AccountKind.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return kind
    }

    static func openingBalance(_ raw: String?, currency: Currency) throws -> Money {
        guard let raw, !raw.trimmingCharacters(in: .whitespaces).isEmpty else { return .zero(currency) }
        do { return try Money.parse(raw, currency: currency) } catch {
            throw FieldError("opening_balance", error.description)
        }
    }

    /// Finds an account by id or case-insensitive name.
    static func resolve(_ reference: Reference, in all: [Account], field: String) throws -> Account {
        switch reference {
        case .id(let id):
            if let found = all.first(where: { $0.id.rawValue == id }) { return found }
            throw FieldError(field, "no account with id \(id)")
        case .name(let name):
            if let found = all.first(where: { $0.name.lowercased() == name.lowercased() }) { return found }
            throw FieldError(field, "unknown account '\(name)'")
        }
    }
}
