import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyStore
import TallyWeb
import Testing

extension API {
    /// `GET|POST /books/{book}/categories`, `PATCH|DELETE /books/{book}/categories/{id}?move_to=`.
    @Suite struct Categories {
        @Test(arguments: Backend.all)
        func listShowsDefaultsWithPaths(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let response = try await client.get("\(owner.books)/categories", token: owner.token)
                expectStatus(response, .ok)
                let all: [CategoryJSON] = try response.decode()
                let food = try #require(all.first { $0.path == "Food" })
                let coffee = try #require(all.first { $0.path == "Food:Coffee" })
                #expect(food.kind == "expense" && food.parentId == nil && food.name == "Food")
                #expect(coffee.parentId == food.id && coffee.name == "Coffee" && coffee.kind == "expense")
                #expect(all.first { $0.path == "Salary" }?.kind == "income")
                // Each parent is followed by its children.
                let foodIndex = try #require(all.firstIndex { $0.id == food.id })
                #expect(all[foodIndex + 1].parentId == food.id)
            }
        }

        @Test(arguments: Backend.all)
        func createAndRename(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let path = "\(owner.books)/categories"
                let created = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Pets", "icon": "🐶", "color": "#aabbcc"])
                )
                expectStatus(created, .created)
                let pets: CategoryJSON = try created.decode()
                #expect(
                    pets.path == "Pets" && pets.kind == "expense" && pets.icon == "🐶" && pets.color == "#AABBCC"
                        && pets.parentId == nil
                )

                let vet: CategoryJSON = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Vet", "parent": "Pets"])
                ).decode()
                #expect(vet.path == "Pets:Vet" && vet.parentId == pets.id && vet.icon == "🐶" && vet.color == "#AABBCC")
                let toys = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Toys", "parent": pets.id])
                )
                expectStatus(toys, .created)
                #expect(try toys.decode(CategoryJSON.self).path == "Pets:Toys")
                let bonus: CategoryJSON = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Bonus", "kind": "income"])
                ).decode()
                #expect(bonus.kind == "income")

                let before = try await categories(client, owner).count
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "X", "parent": "Pets:Vet"])),
                    .unprocessableContent,
                    field: "parent"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "X", "parent": "Nowhere"])),
                    .unprocessableContent,
                    field: "parent",
                    detailContains: "Nowhere"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "pets"])),
                    .unprocessableContent,
                    field: "name"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "A:B"])),
                    .unprocessableContent,
                    field: "name"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": ""])),
                    .unprocessableContent,
                    field: "name"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "Z", "color": "red"])),
                    .unprocessableContent,
                    field: "color"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "Z", "kind": "other"])),
                    .unprocessableContent,
                    field: "kind"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "Z", "icon": "abcdefgh"])),
                    .unprocessableContent,
                    field: "icon"
                )
                #expect(try await categories(client, owner).count == before)

                let tx = try await addTransaction(
                    client,
                    owner,
                    ["amount": "80", "payee": "Clinic", "category": "Pets:Vet"]
                )
                let renamed = try await client.patch(
                    "\(path)/\(pets.id)",
                    token: owner.token,
                    json: json(["name": "Animals", "color": "#112233"])
                )
                expectStatus(renamed, .ok)
                let animals: CategoryJSON = try renamed.decode()
                #expect(animals.path == "Animals" && animals.color == "#112233" && animals.icon == "🐶")
                #expect(try await categories(client, owner).first { $0.id == vet.id }?.path == "Animals:Vet")
                let record: TxJSON = try await client.get("\(owner.books)/transactions/\(tx.id)", token: owner.token)
                    .decode()
                #expect(record.category == "Animals:Vet")

                expectProblem(
                    try await client.patch("\(path)/\(pets.id)", token: owner.token, json: json(["name": "Food"])),
                    .unprocessableContent,
                    field: "name"
                )
                expectProblem(
                    try await client.patch("\(path)/\(pets.id)", token: owner.token, json: json(["icon": "abcdefgh"])),
                    .unprocessableContent,
                    field: "icon"
                )
                expectProblem(
                    try await client.patch("\(path)/\(pets.id)", token: owner.token, json: json(["kind": "income"])),
                    .badRequest,
                    detailContains: "kind"
                )
                expectProblem(
                    try await client.patch("\(path)/999999", token: owner.token, json: json(["name": "Ghost"])),
                    .notFound
                )
                #expect(try await categories(client, owner).first { $0.id == pets.id }?.name == "Animals")
            }
        }

        @Test(arguments: Backend.all)
        func deleteMovesRecordsOrRefuses(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let path = "\(owner.books)/categories"
                let pets: CategoryJSON = try await client.post(path, token: owner.token, json: json(["name": "Pets"]))
                    .decode()
                let vet: CategoryJSON = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Vet", "parent": "Pets"])
                ).decode()
                let toys: CategoryJSON = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Toys", "parent": "Pets"])
                ).decode()

                // Unused: deleted outright.
                expectStatus(try await client.delete("\(path)/\(toys.id)", token: owner.token), .noContent)
                #expect(try await categories(client, owner).contains { $0.id == toys.id } == false)

                let inParent = try await addTransaction(
                    client,
                    owner,
                    ["amount": "10", "payee": "Pet shop", "category": "Pets"]
                )
                let inChild = try await addTransaction(
                    client,
                    owner,
                    ["amount": "80", "payee": "Clinic", "category": "Pets:Vet"]
                )

                let refused = try await client.delete("\(path)/\(pets.id)", token: owner.token)
                expectProblem(refused, .unprocessableContent, field: "move_to", detailContains: "2 records")
                expectProblem(
                    try await client.delete("\(path)/\(vet.id)", token: owner.token),
                    .unprocessableContent,
                    field: "move_to"
                )
                expectProblem(
                    try await client.delete("\(path)/\(pets.id)?move_to=Pets:Vet", token: owner.token),
                    .unprocessableContent,
                    field: "move_to"
                )
                expectProblem(
                    try await client.delete("\(path)/\(pets.id)?move_to=Salary", token: owner.token),
                    .unprocessableContent,
                    field: "move_to"
                )
                expectProblem(
                    try await client.delete("\(path)/\(pets.id)?move_to=Nowhere", token: owner.token),
                    .unprocessableContent,
                    field: "move_to",
                    detailContains: "Nowhere"
                )
                #expect(try await categories(client, owner).contains { $0.id == pets.id })
                #expect(try await allTransactions(client, owner).map(\.category) == ["Pets", "Pets:Vet"])

                let moved = try await client.delete("\(path)/\(pets.id)?move_to=Food:Groceries", token: owner.token)
                expectStatus(moved, .noContent)
                let left = try await categories(client, owner)
                #expect(
                    !left.contains { $0.id == pets.id || $0.id == vet.id },
                    "a category goes with its sub-categories"
                )
                let groceriesID = try await categoryID("Food:Groceries", client, owner)
                let records = try await allTransactions(client, owner)
                #expect(records.map(\.id) == [inParent.id, inChild.id])
                #expect(records.allSatisfy { $0.category == "Food:Groceries" && $0.categoryId == groceriesID })
                // Autofill follows the move.
                let clinic: [PayeeJSON] = try await client.get("\(owner.books)/payees?q=clinic", token: owner.token)
                    .decode()
                #expect(clinic.first?.categoryId == groceriesID)

                expectProblem(try await client.delete("\(path)/\(pets.id)", token: owner.token), .notFound)
                expectProblem(try await client.delete("\(path)/999999", token: owner.token), .notFound)
            }
        }
    }

    /// `GET|POST /books/{book}/accounts`, `PATCH|DELETE /books/{book}/accounts/{id}`.
    @Suite struct Accounts {
        @Test(arguments: Backend.all)
        func balancesFollowOpeningBalanceAndRecords(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let defaults = try await accounts(client, owner)
                #expect(defaults.map(\.name) == ["Cash", "Debit Card", "Credit Card", "Check", "Gift Card"])
                #expect(
                    defaults.allSatisfy {
                        $0.balance == "0.00" && $0.openingBalance == "0.00" && $0.currency == "USD" && !$0.archived
                    }
                )

                let path = "\(owner.books)/accounts"
                let created = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Savings", "kind": "savings", "opening_balance": "1,000.50"])
                )
                expectStatus(created, .created)
                #expect(created.text.contains("\"balance\":\"1000.50\""))
                let savings: AccountJSON = try created.decode()
                #expect(
                    savings.kind == "savings" && savings.openingBalance == "1000.50" && savings.balance == "1000.50"
                        && savings.currency == "USD"
                )

                try await addTransaction(client, owner, ["amount": "30", "payee": "Shop", "account": "Savings"])
                try await addTransaction(
                    client,
                    owner,
                    ["kind": "income", "amount": "10", "payee": "Bank", "account": "Savings", "category": "Interest"]
                )
                try await addTransaction(
                    client,
                    owner,
                    ["kind": "transfer", "amount": "100", "account": "Savings", "to_account": "Cash"]
                )
                #expect(try await account("Savings", client, owner).balance == "880.50")
                #expect(try await account("Cash", client, owner).balance == "100.00")

                let reopened = try await client.patch(
                    "\(path)/\(savings.id)",
                    token: owner.token,
                    json: json(["opening_balance": "2000"])
                )
                expectStatus(reopened, .ok)
                #expect(try reopened.decode(AccountJSON.self).balance == "1880.00")

                let renamed: AccountJSON = try await client.patch(
                    "\(path)/\(savings.id)",
                    token: owner.token,
                    json: json(["name": "Rainy Day", "archived": true])
                ).decode()
                #expect(renamed.name == "Rainy Day" && renamed.archived && renamed.balance == "1880.00")
                #expect(try await accounts(client, owner).last?.id == savings.id, "archived accounts come last")
                #expect(try await allTransactions(client, owner).first?.account == "Rainy Day")

                let card: AccountJSON = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Store Card", "kind": "credit", "opening_balance": "-250"])
                ).decode()
                #expect(card.balance == "-250.00")
                let euros: AccountJSON = try await client.post(
                    path,
                    token: owner.token,
                    json: json(["name": "Euro Cash", "kind": "cash", "currency": "EUR"])
                ).decode()
                #expect(euros.currency == "EUR" && euros.balance == "0.00")

                let count = try await accounts(client, owner).count
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "cash"])),
                    .unprocessableContent,
                    field: "name",
                    detailContains: "cash"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": ""])),
                    .unprocessableContent,
                    field: "name"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "Jar", "kind": "piggy"])),
                    .unprocessableContent,
                    field: "kind"
                )
                expectProblem(
                    try await client.post(
                        path,
                        token: owner.token,
                        json: json(["name": "Jar", "opening_balance": "12.345"])
                    ),
                    .unprocessableContent,
                    field: "opening_balance"
                )
                expectProblem(
                    try await client.post(
                        path,
                        token: owner.token,
                        json: json(["name": "Jar", "opening_balance": 12.5])
                    ),
                    .unprocessableContent,
                    field: "opening_balance"
                )
                expectProblem(
                    try await client.post(path, token: owner.token, json: json(["name": "Jar", "currency": "ZZZ"])),
                    .unprocessableContent,
                    field: "currency"
                )
                #expect(try await accounts(client, owner).count == count)

                expectProblem(
                    try await client.patch("\(path)/\(savings.id)", token: owner.token, json: json(["name": "Cash"])),
                    .unprocessableContent,
                    field: "name"
                )
                expectProblem(
                    try await client.patch("\(path)/\(savings.id)", token: owner.token, json: json(["kind": "piggy"])),
                    .unprocessableContent,
                    field: "kind"
                )
                expectProblem(
                    try await client.patch(
                        "\(path)/\(savings.id)",
                        token: owner.token,
                        json: json(["opening_balance": "abc"])
                    ),
                    .unprocessableContent,
                    field: "opening_balance"
                )
                expectProblem(
                    try await client.patch(
                        "\(path)/\(savings.id)",
                        token: owner.token,
                        json: json(["archived": "yes"])
                    ),
                    .unprocessableContent,
                    field: "archived"
                )
                expectProblem(
                    try await client.patch(
                        "\(path)/\(savings.id)",
                        token: owner.token,
                        json: json(["currency": "EUR"])
                    ),
                    .badRequest
                )
                expectProblem(
                    try await client.patch("\(path)/999999", token: owner.token, json: json(["name": "Ghost"])),
                    .notFound
                )
                let unchanged = try await account("Rainy Day", client, owner)
                #expect(unchanged.openingBalance == "2000.00" && unchanged.kind == "savings" && unchanged.archived)
            }
        }

        @Test(arguments: Backend.all)
        func deleteRefusesAccountsWithRecords(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let path = "\(owner.books)/accounts"
                let cash = try await account("Cash", client, owner)
                let check = try await account("Check", client, owner)
                let gift = try await account("Gift Card", client, owner)
                try await addTransaction(client, owner, ["amount": "5", "payee": "Cafe", "account": "Cash"])
                try await addTransaction(
                    client,
                    owner,
                    ["kind": "transfer", "amount": "20", "account": "Debit Card", "to_account": "Gift Card"]
                )

                expectProblem(
                    try await client.delete("\(path)/\(cash.id)", token: owner.token),
                    .conflict,
                    detailContains: "archive"
                )
                expectProblem(
                    try await client.delete("\(path)/\(gift.id)", token: owner.token),
                    .conflict,
                    detailContains: "archive"
                )
                #expect(try await accounts(client, owner).contains { $0.id == cash.id })
                #expect(try await allTransactions(client, owner).count == 2)

                expectStatus(try await client.delete("\(path)/\(check.id)", token: owner.token), .noContent)
                #expect(try await accounts(client, owner).contains { $0.id == check.id } == false)
                expectProblem(try await client.delete("\(path)/\(check.id)", token: owner.token), .notFound)
                expectProblem(try await client.delete("\(path)/999999", token: owner.token), .notFound)
            }
        }
    }
}
