import Foundation
import SQLKit
import TallyCore
import TallyStore
import Testing

@Suite("Store services")
struct ServiceTests {
    @Test(
        "sign-up makes a book with the default categories and accounts; later sign-ups need open sign-up",
        arguments: Backend.available
    )
    func signUp(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store, currency: "EUR")
            #expect(book.currency.code == "EUR" && book.role == .owner && book.name == "Personal")
            let categories = try await store.books.categories(in: try await store.scope(user, book: book.id))
            #expect(
                categories.filter { $0.parentID == nil && $0.kind == .expense }.map(\.name)
                    == Defaults.expenseCategories.map(\.name)
            )
            #expect(categories.filter { $0.kind == .income }.map(\.name) == ["Salary", "Refunds", "Interest", "Gifts"])
            #expect(categories.first { $0.path(in: categories) == "Food:Coffee" } != nil)
            let accounts = try await store.books.accounts(in: try await store.scope(user, book: book.id))
            #expect(accounts.map(\.account.name) == ["Cash", "Debit Card", "Credit Card", "Check", "Gift Card"])
            await #expect(
                throws: StoreError.forbidden("sign-up is closed on this server; ask its owner for an account")
            ) {
                _ = try await store.users.signUp(email: "second@example.com", password: "password1", openSignup: false)
            }
            await #expect(throws: FieldError("email", "is already registered")) {
                _ = try await store.users.signUp(email: "OWNER@example.com", password: "password1", openSignup: true)
            }
            await #expect(throws: FieldError("password", "must be at least 8 characters")) {
                _ = try await store.users.signUp(email: "x@example.com", password: "short", openSignup: true)
            }
            await #expect(throws: StoreError.unauthorized("wrong email or password")) {
                _ = try await store.users.authenticate(email: "owner@example.com", password: "wrong password")
            }
        }
    }

    @Test("a password is 8 to 200 code points, and every byte of a long one counts")
    func passwordLengths() async throws {
        try await withStore(.sqlite) { store in
            // Four characters to a reader, eight code points to JSON Schema's minLength: accepted.
            _ = try await store.users.signUp(
                email: "marks@example.com",
                password: "e\u{301}e\u{301}e\u{301}e\u{301}",
                openSignup: true
            )
            await #expect(throws: FieldError("password", "must be at most 200 characters")) {
                _ = try await store.users.signUp(
                    email: "x@example.com",
                    password: String(repeating: "a", count: 201),
                    openSignup: true
                )
            }
            // 80 bytes: past bcrypt's 72, so it is hashed through SHA-256, and the last bytes count.
            let long = String(repeating: "é", count: 40)
            let user = try await store.users.signUp(email: "long@example.com", password: long, openSignup: true)
            #expect(try await store.users.authenticate(email: "long@example.com", password: long) == user)
            for wrong in [String(repeating: "é", count: 36), String(repeating: "é", count: 39) + "e"] {
                await #expect(throws: StoreError.unauthorized("wrong email or password")) {
                    _ = try await store.users.authenticate(email: "long@example.com", password: wrong)
                }
            }
        }
    }

    @Test("tokens are stored hashed, listed and revoked", arguments: Backend.available)
    func tokens(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, _) = try await owner(store)
            let other = try await store.users.signUp(
                email: "other@example.com",
                password: "password1",
                openSignup: true
            )
            let (id, token) = try await store.users.createToken(for: user, name: "phone")
            #expect(token.hasPrefix("tly_") && token.count == 52)
            #expect(try await store.users.tokens(for: user).first?.lastUsedAt == nil)
            #expect(try await store.users.user(forToken: token) == user)
            #expect(try await store.users.tokens(for: user).map(\.name) == ["phone"])
            #expect(try await store.users.tokens(for: user).first?.lastUsedAt != nil)
            let stored = try await store.database.read { db in
                try await db.raw("SELECT token_hash FROM api_tokens").all().map {
                    try $0.decode(column: "token_hash", as: String.self)
                }
            }
            #expect(!stored.contains(token))
            await #expect(throws: StoreError.notFound("token")) { try await store.users.revokeToken(id, for: other) }
            try await store.users.revokeToken(id, for: user)
            #expect(try await store.users.user(forToken: token) == nil)
        }
    }

    @Test(
        "records: add with autofill, edit some fields, list in order with pages, delete",
        arguments: Backend.available
    )
    func records(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let first = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(
                    amount: "4.50",
                    date: "2026-03-02",
                    time: "08:15",
                    payee: "Starbucks",
                    category: "Food:Coffee",
                    account: "Credit Card"
                )
            )
            // Autofill: the payee's last category and account.
            let second = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(amount: "5", date: "2026-03-01", payee: "starbucks")
            )
            #expect(second.categoryPath == "Food:Coffee" && second.accountName == "Credit Card")
            let income = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(
                    kind: "income",
                    amount: "2,000.00",
                    date: "2026-03-02",
                    payee: "ACME",
                    category: "Salary",
                    account: "Debit Card"
                )
            )
            #expect(income.transaction.amount.minorUnits == 200_000)
            let edited = try await store.records.updateTransaction(
                first.transaction.id,
                in: try await store.scope(user, book: book.id),
                TransactionInput(amount: "6.25", time: "")
            )
            #expect(
                edited.transaction.amount.minorUnits == 625 && edited.transaction.time == nil
                    && edited.transaction.payee == "Starbucks"
            )

            let all = try await store.records.transactions(in: try await store.scope(user, book: book.id))
            #expect(
                all.records.map(\.transaction.id) == [
                    second.transaction.id, first.transaction.id, income.transaction.id,
                ]
            )
            let page1 = try await store.records.transactions(in: try await store.scope(user, book: book.id), limit: 2)
            let page2 = try await store.records.transactions(
                in: try await store.scope(user, book: book.id),
                cursor: page1.nextCursor,
                limit: 2
            )
            #expect(page1.records.count == 2 && page2.records.count == 1 && page2.nextCursor == nil)
            #expect((page1.records + page2.records).map(\.transaction.id) == all.records.map(\.transaction.id))
            let coffee = try await store.records.transactions(
                in: try await store.scope(user, book: book.id),
                filter: TransactionFilter(category: "Food")
            )
            #expect(coffee.records.count == 2)
            let march2 = try await store.records.transactions(
                in: try await store.scope(user, book: book.id),
                filter: TransactionFilter(from: LocalDate("2026-03-02"), to: LocalDate("2026-03-02"), kind: .income)
            )
            #expect(march2.records.map(\.transaction.payee) == ["ACME"])
            await #expect(throws: FieldError("cursor", "is not a cursor from this API")) {
                _ = try await store.records.transactions(
                    in: try await store.scope(user, book: book.id),
                    cursor: "garbage!"
                )
            }
            try await store.records.deleteTransaction(
                second.transaction.id,
                in: try await store.scope(user, book: book.id)
            )
            await #expect(throws: StoreError.notFound("transaction")) {
                try await store.records.deleteTransaction(
                    second.transaction.id,
                    in: try await store.scope(user, book: book.id)
                )
            }
            #expect(
                try await store.records.transactions(in: try await store.scope(user, book: book.id)).records.count == 2
            )
        }
    }

    @Test("bad references store nothing, and a failing write rolls back", arguments: Backend.available)
    func atomicity(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            await #expect(throws: FieldError("category", "unknown expense category 'Nope'")) {
                _ = try await store.records.addTransaction(
                    to: try await store.scope(user, book: book.id),
                    TransactionInput(amount: "1", payee: "X", category: "Nope")
                )
            }
            await #expect(throws: FieldError("account", "unknown account 'Wallet'")) {
                _ = try await store.records.addTransaction(
                    to: try await store.scope(user, book: book.id),
                    TransactionInput(amount: "1", payee: "X", account: "Wallet")
                )
            }
            struct Boom: Error {}
            await #expect(throws: Boom.self) {
                try await store.database.write { db in
                    try await db.raw("INSERT INTO books (name, currency, created_at) VALUES ('half', 'USD', 'now')")
                        .run()
                    throw Boom()
                }
            }
            let books = try await store.database.read { db in
                try await db.raw("SELECT COUNT(*) AS n FROM books").first()!.decode(column: "n", as: Int.self)
            }
            #expect(books == 1)
            #expect(
                try await store.records.transactions(in: try await store.scope(user, book: book.id)).records.isEmpty
            )
            #expect(
                try await store.records.payeeSuggestions(in: try await store.scope(user, book: book.id), prefix: "")
                    .isEmpty
            )
        }
    }

    @Test("nobody sees or changes a book they are not a member of; viewers cannot write", arguments: Backend.available)
    func isolation(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let record = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(amount: "1", payee: "X")
            )
            let stranger = try await store.users.signUp(
                email: "stranger@example.com",
                password: "password1",
                openSignup: true
            )
            await #expect(throws: StoreError.notFound("book")) {
                _ = try await store.records.transactions(in: try await store.scope(stranger, book: book.id))
            }
            await #expect(throws: StoreError.notFound("book")) {
                _ = try await store.records.transaction(
                    record.transaction.id,
                    in: try await store.scope(stranger, book: book.id)
                )
            }
            await #expect(throws: StoreError.notFound("book")) {
                try await store.records.deleteTransaction(
                    record.transaction.id,
                    in: try await store.scope(stranger, book: book.id)
                )
            }
            await #expect(throws: StoreError.notFound("book")) {
                _ = try await store.books.categories(in: try await store.scope(stranger, book: book.id))
            }
            await #expect(throws: StoreError.notFound("book")) {
                _ = try await store.reports.month(
                    YearMonth("2026-03")!,
                    in: try await store.scope(stranger, book: book.id)
                )
            }
            // A record id of another book is not found through the stranger's own book either.
            let strangerBook = try await store.books.all(for: stranger)[0]
            await #expect(throws: StoreError.notFound("transaction")) {
                _ = try await store.records.transaction(
                    record.transaction.id,
                    in: try await store.scope(stranger, book: strangerBook.id)
                )
            }

            try await store.database.write { db in
                try await db.raw(
                    "INSERT INTO book_members (book_id, user_id, role) VALUES (\(bind: book.id), \(bind: stranger.id), 'viewer')"
                ).run()
            }
            #expect(
                try await store.records.transactions(in: try await store.scope(stranger, book: book.id)).records.count
                    == 1
            )
            await #expect(throws: StoreError.forbidden("viewers cannot change this book")) {
                _ = try await store.records.addTransaction(
                    to: try await store.scope(stranger, book: book.id),
                    TransactionInput(amount: "1", payee: "Y")
                )
            }
        }
    }

    @Test("account balances: opening balance, expenses, incomes and transfers", arguments: Backend.available)
    func balances(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let savings = try await store.books.createAccount(
                in: try await store.scope(user, book: book.id),
                name: "Savings",
                kind: "savings",
                openingBalance: "1,000.00",
                currency: nil
            )
            #expect(savings.balance.minorUnits == 100_000)
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(amount: "40", payee: "Shop", account: "Savings")
            )
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(
                    kind: "income",
                    amount: "10.10",
                    payee: "Bank",
                    category: "Interest",
                    account: "Savings"
                )
            )
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(kind: "transfer", amount: "200", account: "Savings", toAccount: "Credit Card")
            )
            let balances = Dictionary(
                uniqueKeysWithValues: try await store.books.accounts(in: try await store.scope(user, book: book.id)).map
                {
                    ($0.account.name, $0.balance.minorUnits)
                }
            )
            let expectedSavings: Int64 = 100_000 - 4_000 + 1_010 - 20_000
            #expect(balances["Savings"] == expectedSavings)
            #expect(balances["Credit Card"] == 20_000)
            await #expect(throws: StoreError.conflict("the account has 3 records; archive it instead")) {
                try await store.books.deleteAccount(savings.account.id, in: try await store.scope(user, book: book.id))
            }
            let archived = try await store.books.updateAccount(
                savings.account.id,
                in: try await store.scope(user, book: book.id),
                changes: AccountChanges(name: "Old savings", archived: true)
            )
            #expect(
                archived.account.archived && archived.account.name == "Old savings"
                    && archived.balance.minorUnits == 77_010
            )
            let check = try await store.books.accounts(in: try await store.scope(user, book: book.id)).first {
                $0.account.name == "Check"
            }!
            try await store.books.deleteAccount(check.account.id, in: try await store.scope(user, book: book.id))
            #expect(try await store.books.accounts(in: try await store.scope(user, book: book.id)).count == 5)
        }
    }

    @Test("categories: add, rename, delete moving records to another", arguments: Backend.available)
    func categories(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let pets = try await store.books.createCategory(
                in: try await store.scope(user, book: book.id),
                name: "Pets",
                kind: "expense",
                parent: nil,
                icon: "🐶",
                color: "#aa5500"
            )
            let vet = try await store.books.createCategory(
                in: try await store.scope(user, book: book.id),
                name: "Vet",
                kind: nil,
                parent: "Pets",
                icon: nil,
                color: nil
            )
            #expect(vet.parentID == pets.id && vet.icon == "🐶" && vet.color == "#AA5500")
            await #expect(throws: FieldError("name", "'vet' already exists here")) {
                _ = try await store.books.createCategory(
                    in: try await store.scope(user, book: book.id),
                    name: "vet",
                    kind: nil,
                    parent: "Pets",
                    icon: nil,
                    color: nil
                )
            }
            await #expect(throws: FieldError("parent", "sub-categories cannot have sub-categories")) {
                _ = try await store.books.createCategory(
                    in: try await store.scope(user, book: book.id),
                    name: "X",
                    kind: nil,
                    parent: "Pets:Vet",
                    icon: nil,
                    color: nil
                )
            }
            let renamed = try await store.books.updateCategory(
                vet.id,
                in: try await store.scope(user, book: book.id),
                changes: CategoryChanges(name: "Veterinary")
            )
            #expect(renamed.name == "Veterinary")
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(amount: "80", payee: "Clinic", category: "Pets:Veterinary")
            )
            await #expect(throws: FieldError("move_to", "'Pets' has 1 record; choose the category they move to")) {
                try await store.books.deleteCategory(
                    pets.id,
                    in: try await store.scope(user, book: book.id),
                    moveTo: nil
                )
            }
            try await store.books.deleteCategory(
                pets.id,
                in: try await store.scope(user, book: book.id),
                moveTo: "Personal:Health"
            )
            let records = try await store.records.transactions(in: try await store.scope(user, book: book.id)).records
            #expect(records.map(\.categoryPath) == ["Personal:Health"])
            #expect(
                !(try await store.books.categories(in: try await store.scope(user, book: book.id))).contains {
                    $0.name == "Pets" || $0.name == "Veterinary"
                }
            )
            // The payee now proposes the category the records moved to.
            let suggestion = try await store.records.payeeSuggestions(
                in: try await store.scope(user, book: book.id),
                prefix: "cli"
            )
            #expect(suggestion.first?.lastCategoryID == records[0].transaction.categoryID)
        }
    }

    @Test(
        "month and day totals equal a direct sum; other currencies are counted, not summed",
        arguments: Backend.available
    )
    func calendar(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let amounts = ["4.50", "12.99", "0.01", "100", "7.25"]
            for (index, amount) in amounts.enumerated() {
                _ = try await store.records.addTransaction(
                    to: try await store.scope(user, book: book.id),
                    TransactionInput(
                        amount: amount,
                        date: "2024-02-\(index % 2 == 0 ? "29" : "01")",
                        payee: "P\(index)"
                    )
                )
            }
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(kind: "income", amount: "50", date: "2024-02-29", payee: "Gift")
            )
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(amount: "9", currency: "EUR", date: "2024-02-29", payee: "Paris")
            )
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(
                    kind: "transfer",
                    amount: "300",
                    date: "2024-02-29",
                    account: "Debit Card",
                    toAccount: "Cash"
                )
            )
            _ = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(amount: "1", date: "2024-03-01", payee: "Next month")
            )
            let month = try await store.reports.month(
                YearMonth("2024-02")!,
                in: try await store.scope(user, book: book.id)
            )
            let expected: Int64 = 450 + 1299 + 1 + 10000 + 725
            #expect(month.expense.minorUnits == expected)
            #expect(month.income.minorUnits == 5000)
            #expect(month.count == 8)
            #expect(month.days.count == 29)
            #expect(month.dailyAverage.minorUnits == (expected * 2 + 29) / 58)  // rounded half up over 29 days
            let leapDay = try await store.reports.day(
                LocalDate("2024-02-29")!,
                in: try await store.scope(user, book: book.id)
            )
            #expect(leapDay.totals.expense.minorUnits == 450 + 1 + 725)
            #expect(leapDay.totals.count == 6)
            #expect(leapDay.totals.cashFlow.minorUnits == 5000 - (450 + 1 + 725))
            #expect(leapDay.records.count == 6)
        }
    }

    @Test("receipts are sniffed, stored and returned byte for byte", arguments: Backend.available)
    func receipts(backend: Backend) async throws {
        try await withStore(backend) { store in
            let (user, book) = try await owner(store)
            let record = try await store.records.addTransaction(
                to: try await store.scope(user, book: book.id),
                TransactionInput(amount: "3", payee: "Deli")
            )
            let png: [UInt8] =
                [
                    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1,
                    0, 0, 0, 1,
                ]
                + Array(repeating: 7, count: 984)
            let receipt = try await store.records.addReceipt(
                to: record.transaction.id,
                in: try await store.scope(user, book: book.id),
                bytes: png
            )
            #expect(receipt.type == .png && receipt.byteSize == 1008)
            let (meta, data) = try await store.records.receiptData(
                receipt.id,
                in: try await store.scope(user, book: book.id)
            )
            #expect(meta.type == .png && Array(data) == png)
            await #expect(throws: FieldError("receipt", "is not a JPEG, PNG, HEIC or WebP image")) {
                _ = try await store.records.addReceipt(
                    to: record.transaction.id,
                    in: try await store.scope(user, book: book.id),
                    bytes: Array("hello".utf8)
                )
            }
            #expect(
                try await store.records.transaction(
                    record.transaction.id,
                    in: try await store.scope(user, book: book.id)
                )
                .transaction.receiptCount == 1
            )
            try await store.records.deleteTransaction(
                record.transaction.id,
                in: try await store.scope(user, book: book.id)
            )
            await #expect(throws: StoreError.notFound("receipt")) {
                _ = try await store.records.receiptData(receipt.id, in: try await store.scope(user, book: book.id))
            }
        }
    }

    @Test("sessions expire", arguments: Backend.available)
    func sessions(backend: Backend) async throws {
        try await withStore(backend) { store in
            try await store.users.putSession(
                key: "live",
                value: "{}",
                expiresAt: Int64(Date().timeIntervalSince1970) + 3600
            )
            try await store.users.putSession(
                key: "dead",
                value: "{}",
                expiresAt: Int64(Date().timeIntervalSince1970) - 1
            )
            #expect(try await store.users.session(key: "live")?.value == "{}")
            #expect(try await store.users.purgeExpiredSessions() == 1)
            #expect(try await store.users.session(key: "dead") == nil)
            try await store.users.removeSession(key: "live")
            #expect(try await store.users.session(key: "live") == nil)
        }
    }
}
