import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyStore
import TallyWeb
import Testing

extension API {
    /// `GET|POST /books/{book}/transactions`, `GET|PATCH|DELETE /books/{book}/transactions/{id}`.
    @Suite struct Transactions {
        @Test(arguments: Backend.all)
        func createReadUpdateDelete(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let coffeeID = try await categoryID("Food:Coffee", client, owner)
                let cash = try await account("Cash", client, owner)

                let created = try await client.post(
                    "\(owner.books)/transactions",
                    token: owner.token,
                    json: json([
                        "amount": "4.50", "payee": "Starbucks", "category": "Food:Coffee", "account": "Cash",
                        "date": "2026-03-01", "time": "08:15", "note": "latte",
                    ])
                )
                expectStatus(created, .created)
                #expect(created.text.contains("\"amount\":\"4.50\""), "amounts are JSON strings: \(created.text)")
                let tx: TxJSON = try created.decode()
                #expect(created.headers[.location] == "\(owner.books)/transactions/\(tx.id)")
                #expect(tx.kind == "expense")
                #expect(tx.amount == "4.50")
                #expect(tx.currency == "USD")
                #expect(tx.date == "2026-03-01")
                #expect(tx.time == "08:15")
                #expect(tx.payee == "Starbucks")
                #expect(tx.category == "Food:Coffee")
                #expect(tx.categoryId == coffeeID)
                #expect(tx.account == "Cash")
                #expect(tx.accountId == cash.id)
                #expect(tx.toAccount == nil)
                #expect(tx.note == "latte")
                #expect(tx.receipts == 0)

                let shown = try await client.get("\(owner.books)/transactions/\(tx.id)", token: owner.token)
                expectStatus(shown, .ok)
                let same: TxJSON = try shown.decode()
                #expect(
                    same.id == tx.id && same.amount == "4.50" && same.category == "Food:Coffee" && same.note == "latte"
                )

                // Only the given fields change.
                let patched = try await client.patch(
                    "\(owner.books)/transactions/\(tx.id)",
                    token: owner.token,
                    json: json(["amount": "5"])
                )
                expectStatus(patched, .ok)
                let five: TxJSON = try patched.decode()
                #expect(five.amount == "5.00")
                #expect(five.payee == "Starbucks" && five.category == "Food:Coffee" && five.account == "Cash")
                #expect(five.date == "2026-03-01" && five.time == "08:15" && five.note == "latte")

                let moved: TxJSON = try await client.patch(
                    "\(owner.books)/transactions/\(tx.id)",
                    token: owner.token,
                    json: json([
                        "category": "Food:Groceries", "note": NSNull(), "time": "", "date": "2026-03-02",
                        "payee": "Market",
                    ])
                ).decode()
                #expect(moved.category == "Food:Groceries")
                #expect(moved.note == "")
                #expect(moved.time == nil)
                #expect(moved.date == "2026-03-02")
                #expect(moved.payee == "Market")
                #expect(moved.amount == "5.00")

                let grouped: TxJSON = try await addTransaction(
                    client,
                    owner,
                    ["amount": "1,234.5", "payee": "Landlord", "category": "Home:Rent"]
                )
                #expect(grouped.amount == "1234.50")
                #expect(grouped.category == "Home:Rent")

                let deleted = try await client.delete("\(owner.books)/transactions/\(tx.id)", token: owner.token)
                expectStatus(deleted, .noContent)
                expectProblem(
                    try await client.get("\(owner.books)/transactions/\(tx.id)", token: owner.token),
                    .notFound,
                    detailContains: "transaction"
                )
                expectProblem(
                    try await client.patch(
                        "\(owner.books)/transactions/\(tx.id)",
                        token: owner.token,
                        json: json(["amount": "1"])
                    ),
                    .notFound
                )
                expectProblem(
                    try await client.delete("\(owner.books)/transactions/\(tx.id)", token: owner.token),
                    .notFound
                )
                expectProblem(try await client.get("\(owner.books)/transactions/abc", token: owner.token), .notFound)
                expectProblem(try await client.get("\(owner.books)/transactions/0", token: owner.token), .notFound)
                #expect(try await allTransactions(client, owner).map(\.id) == [grouped.id])
            }
        }

        @Test(arguments: Backend.all)
        func categoriesAndAccountsAcceptIdsAndNames(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let coffeeID = try await categoryID("Food:Coffee", client, owner)
                let card = try await account("Credit Card", client, owner)
                let byID = try await addTransaction(
                    client,
                    owner,
                    ["amount": "3", "payee": "Cafe", "category": coffeeID, "account": card.id]
                )
                #expect(byID.category == "Food:Coffee" && byID.account == "Credit Card")
                let byChildName = try await addTransaction(
                    client,
                    owner,
                    ["amount": "3", "payee": "Cafe", "category": "coffee", "account": "credit card"]
                )
                #expect(byChildName.categoryId == coffeeID && byChildName.accountId == card.id)
                let ambiguous = try await client.post(
                    "\(owner.books)/transactions",
                    token: owner.token,
                    json: json(["amount": "3", "payee": "Lot", "category": "Parking"])
                )
                expectProblem(ambiguous, .unprocessableContent, field: "category", detailContains: "Parking")
                let income = try await addTransaction(
                    client,
                    owner,
                    ["kind": "income", "amount": "2000", "payee": "ACME", "category": "Salary"]
                )
                #expect(income.kind == "income" && income.category == "Salary" && income.amount == "2000.00")
            }
        }

        @Test(arguments: Backend.all)
        func unknownCategoryOrAccountIsRefusedByName(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let path = "\(owner.books)/transactions"
                let unknownCategory = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["amount": "4.50", "payee": "Cafe", "category": "Nope"])
                )
                expectProblem(unknownCategory, .unprocessableContent, field: "category", detailContains: "Nope")
                let unknownChild = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["amount": "4.50", "payee": "Cafe", "category": "Food:Tea"])
                )
                expectProblem(unknownChild, .unprocessableContent, field: "category", detailContains: "Food:Tea")
                let unknownID = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["amount": "4.50", "payee": "Cafe", "category": 987654])
                )
                expectProblem(unknownID, .unprocessableContent, field: "category", detailContains: "987654")
                let wrongKind = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["kind": "income", "amount": "4.50", "payee": "Cafe", "category": "Food"])
                )
                expectProblem(wrongKind, .unprocessableContent, field: "category", detailContains: "Food")
                let unknownAccount = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["amount": "4.50", "payee": "Cafe", "account": "Wallet"])
                )
                expectProblem(unknownAccount, .unprocessableContent, field: "account", detailContains: "Wallet")
                let unknownTarget = try await client.post(
                    path,
                    token: owner.token,
                    json: json([
                        "kind": "transfer", "amount": "10", "account": "Cash", "to_account": "Piggy Bank",
                    ])
                )
                expectProblem(unknownTarget, .unprocessableContent, field: "to_account", detailContains: "Piggy Bank")
                #expect(try await allTransactions(client, owner).isEmpty)

                let tx = try await addTransaction(
                    client,
                    owner,
                    ["amount": "4.50", "payee": "Cafe", "category": "Food:Coffee", "account": "Cash"]
                )
                let patch = try await client.patch(
                    "\(path)/\(tx.id)",
                    token: owner.token,
                    json: json(["category": "Nope", "amount": "9"])
                )
                expectProblem(patch, .unprocessableContent, field: "category", detailContains: "Nope")
                let patchAccount = try await client.patch(
                    "\(path)/\(tx.id)",
                    token: owner.token,
                    json: json(["account": "Wallet"])
                )
                expectProblem(patchAccount, .unprocessableContent, field: "account", detailContains: "Wallet")
                let unchanged: TxJSON = try await client.get("\(path)/\(tx.id)", token: owner.token).decode()
                #expect(
                    unchanged.amount == "4.50" && unchanged.category == "Food:Coffee" && unchanged.account == "Cash"
                )
            }
        }

        @Test(arguments: Backend.all)
        func filters(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let coffee = try await addTransaction(
                    client,
                    owner,
                    [
                        "amount": "4.50", "payee": "Starbucks", "category": "Food:Coffee", "account": "Cash",
                        "date": "2026-03-01",
                    ]
                )
                let groceries = try await addTransaction(
                    client,
                    owner,
                    [
                        "amount": "50", "payee": "Market", "category": "Food:Groceries", "account": "Debit Card",
                        "date": "2026-03-05",
                    ]
                )
                let diner = try await addTransaction(
                    client,
                    owner,
                    ["amount": "12", "payee": "Diner", "category": "Food", "account": "Cash", "date": "2026-03-10"]
                )
                let fuel = try await addTransaction(
                    client,
                    owner,
                    [
                        "amount": "30", "payee": "Shell", "category": "Auto:Fuel", "account": "Credit Card",
                        "date": "2026-04-01",
                    ]
                )
                let salary = try await addTransaction(
                    client,
                    owner,
                    [
                        "kind": "income", "amount": "1000", "payee": "ACME", "category": "Salary",
                        "account": "Debit Card", "date": "2026-03-15",
                    ]
                )
                let transfer = try await addTransaction(
                    client,
                    owner,
                    [
                        "kind": "transfer", "amount": "100", "account": "Cash", "to_account": "Debit Card",
                        "date": "2026-03-20",
                    ]
                )
                let foodID = try await categoryID("Food", client, owner)

                func ids(_ query: String) async throws -> [Int64] {
                    try await allTransactions(client, owner, query: query).map(\.id)
                }
                #expect(try await ids("") == [coffee, groceries, diner, salary, transfer, fuel].map(\.id))
                #expect(try await ids("&from=2026-03-05&to=2026-03-15") == [groceries, diner, salary].map(\.id))
                #expect(try await ids("&from=2026-03-16") == [transfer, fuel].map(\.id))
                #expect(try await ids("&to=2026-03-01") == [coffee.id])
                #expect(
                    try await ids("&category=Food") == [coffee, groceries, diner].map(\.id),
                    "a category includes its sub-categories"
                )
                #expect(try await ids("&category=\(foodID)") == [coffee, groceries, diner].map(\.id))
                #expect(try await ids("&category=Food:Coffee") == [coffee.id])
                #expect(try await ids("&category=Coffee") == [coffee.id])
                #expect(try await ids("&category=Auto") == [fuel.id])
                #expect(try await ids("&account=Cash") == [coffee, diner, transfer].map(\.id))
                #expect(try await ids("&account=Debit%20Card") == [groceries, salary, transfer].map(\.id))
                #expect(try await ids("&payee=starbucks") == [coffee.id])
                #expect(try await ids("&payee=Star") == [], "payee matches whole names")
                #expect(try await ids("&kind=income") == [salary.id])
                #expect(try await ids("&kind=transfer") == [transfer.id])
                #expect(try await ids("&kind=expense&account=Cash") == [coffee, diner].map(\.id))
                #expect(try await ids("&category=Food&account=Cash&from=2026-03-02") == [diner.id])

                let list = "\(owner.books)/transactions"
                expectProblem(
                    try await client.get("\(list)?category=Nope", token: owner.token),
                    .unprocessableContent,
                    field: "category",
                    detailContains: "Nope"
                )
                expectProblem(
                    try await client.get("\(list)?account=Wallet", token: owner.token),
                    .unprocessableContent,
                    field: "account",
                    detailContains: "Wallet"
                )
                expectProblem(
                    try await client.get("\(list)?kind=gift", token: owner.token),
                    .unprocessableContent,
                    field: "kind"
                )
                expectProblem(
                    try await client.get("\(list)?from=2026-13-01", token: owner.token),
                    .unprocessableContent,
                    field: "from"
                )
                expectProblem(
                    try await client.get("\(list)?to=2026-02-30", token: owner.token),
                    .unprocessableContent,
                    field: "to"
                )
            }
        }

        @Test(arguments: Backend.all)
        func stableOrderAndCursorPagination(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                // Inserted out of order; two share date and time so the id decides.
                let a = try await addTransaction(
                    client,
                    owner,
                    ["amount": "1", "payee": "A", "date": "2026-03-02", "time": "09:00"]
                )
                let b = try await addTransaction(client, owner, ["amount": "2", "payee": "B", "date": "2026-03-01"])
                let c = try await addTransaction(client, owner, ["amount": "3", "payee": "C", "date": "2026-03-02"])
                let d = try await addTransaction(
                    client,
                    owner,
                    ["amount": "4", "payee": "D", "date": "2026-03-02", "time": "09:00"]
                )
                let e = try await addTransaction(
                    client,
                    owner,
                    ["amount": "5", "payee": "E", "date": "2026-03-01", "time": "18:30"]
                )
                let expected = [b, e, c, a, d].map(\.id)
                #expect(try await allTransactions(client, owner).map(\.id) == expected)
                #expect(try await allTransactions(client, owner).map(\.id) == expected, "the same order every time")

                var seen: [Int64] = []
                var pages: [Int] = []
                var cursor: String?
                repeat {
                    let query = cursor.map { "&cursor=\($0)" } ?? ""
                    let response = try await client.get(
                        "\(owner.books)/transactions?limit=2\(query)",
                        token: owner.token
                    )
                    expectStatus(response, .ok)
                    let page: PageJSON = try response.decode()
                    seen += page.transactions.map(\.id)
                    pages.append(page.transactions.count)
                    cursor = page.nextCursor
                    if cursor == nil {
                        #expect(
                            response.text.contains("\"next_cursor\":null") || !response.text.contains("next_cursor")
                        )
                    }
                } while cursor != nil && pages.count < 10
                #expect(pages == [2, 2, 1])
                #expect(seen == expected)

                // A record added before the cursor's position does not shift later pages.
                let first: PageJSON = try await client.get("\(owner.books)/transactions?limit=2", token: owner.token)
                    .decode()
                try await addTransaction(client, owner, ["amount": "6", "payee": "F", "date": "2026-02-28"])
                let next: PageJSON = try await client.get(
                    "\(owner.books)/transactions?limit=2&cursor=\(try #require(first.nextCursor))",
                    token: owner.token
                ).decode()
                #expect(next.transactions.map(\.id) == [c.id, a.id])

                let list = "\(owner.books)/transactions"
                expectProblem(
                    try await client.get("\(list)?limit=501", token: owner.token),
                    .unprocessableContent,
                    field: "limit"
                )
                expectProblem(
                    try await client.get("\(list)?limit=0", token: owner.token),
                    .unprocessableContent,
                    field: "limit"
                )
                expectProblem(
                    try await client.get("\(list)?limit=two", token: owner.token),
                    .unprocessableContent,
                    field: "limit"
                )
                expectProblem(
                    try await client.get("\(list)?cursor=not-a-cursor", token: owner.token),
                    .unprocessableContent,
                    field: "cursor"
                )
                expectStatus(try await client.get("\(list)?limit=500", token: owner.token), .ok)
            }
        }

        @Test(arguments: Backend.all)
        func transfersMoveMoneyBetweenAccountsWithoutBeingSpending(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "20", "payee": "Cafe", "account": "Cash", "date": "2026-03-10"]
                )
                let before: CalendarJSON = try await client.get(
                    "\(owner.books)/calendar?month=2026-03",
                    token: owner.token
                ).decode()
                #expect(before.expense == "20.00")

                let transfer = try await addTransaction(
                    client,
                    owner,
                    [
                        "kind": "transfer", "amount": "100", "account": "Debit Card", "to_account": "Cash",
                        "date": "2026-03-10",
                    ]
                )
                #expect(transfer.kind == "transfer")
                #expect(transfer.account == "Debit Card" && transfer.toAccount == "Cash")
                #expect(transfer.category == nil && transfer.categoryId == nil)
                #expect(transfer.payee == "")

                let after: CalendarJSON = try await client.get(
                    "\(owner.books)/calendar?month=2026-03",
                    token: owner.token
                ).decode()
                #expect(after.expense == "20.00", "a transfer is not spending")
                #expect(after.income == "0.00", "a transfer is not income")
                #expect(after.days.first { $0.date == "2026-03-10" }?.expense == "20.00")

                #expect(try await account("Cash", client, owner).balance == "80.00")
                #expect(try await account("Debit Card", client, owner).balance == "-100.00")

                let withCategory = try await client.post(
                    "\(owner.books)/transactions",
                    token: owner.token,
                    json: json([
                        "kind": "transfer", "amount": "5", "account": "Cash", "to_account": "Debit Card",
                        "category": "Food",
                    ])
                )
                expectProblem(withCategory, .unprocessableContent, field: "category")
                let sameAccount = try await client.post(
                    "\(owner.books)/transactions",
                    token: owner.token,
                    json: json([
                        "kind": "transfer", "amount": "5", "account": "Cash", "to_account": "cash",
                    ])
                )
                expectProblem(sameAccount, .unprocessableContent, field: "to_account")
                let noTarget = try await client.post(
                    "\(owner.books)/transactions",
                    token: owner.token,
                    json: json([
                        "kind": "transfer", "amount": "5", "account": "Cash",
                    ])
                )
                expectProblem(noTarget, .unprocessableContent, field: "to_account")
                #expect(try await allTransactions(client, owner).count == 2)
            }
        }
    }
}
