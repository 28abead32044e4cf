import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// `GET /books/{book}/calendar?month=YYYY-MM`.
    @Suite struct Calendar {
        @Test(arguments: Backend.all)
        func monthTotalsPerDay(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let owner = try await makeOwner(client)
                try await addTransaction(client, owner, ["amount": "4.50", "payee": "Cafe", "date": "2026-03-01"])
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "10", "payee": "Lunch", "date": "2026-03-01", "time": "12:30"]
                )
                try await addTransaction(
                    client,
                    owner,
                    ["kind": "income", "amount": "100", "payee": "Refund", "date": "2026-03-01", "category": "Refunds"]
                )
                try await addTransaction(client, owner, ["amount": "20", "payee": "Books", "date": "2026-03-15"])
                try await addTransaction(
                    client,
                    owner,
                    [
                        "kind": "transfer", "amount": "50", "account": "Cash", "to_account": "Debit Card",
                        "date": "2026-03-15",
                    ]
                )
                try await addTransaction(client, owner, ["amount": "99", "payee": "Next month", "date": "2026-04-01"])
                try await addTransaction(client, owner, ["amount": "1", "payee": "Last month", "date": "2026-02-28"])

                let response = try await client.get("\(owner.books)/calendar?month=2026-03", token: owner.token)
                expectStatus(response, .ok)
                #expect(response.text.contains("\"expense\":\"34.50\""), "totals are strings: \(response.text)")
                let march: CalendarJSON = try response.decode()
                #expect(march.month == "2026-03")
                #expect(march.currency == "USD")
                #expect(march.days.map(\.date) == ["2026-03-01", "2026-03-15"], "only days with records are listed")
                let first = try #require(march.days.first)
                #expect(first.expense == "14.50" && first.income == "100.00" && first.count == 3)
                let fifteenth = try #require(march.days.last)
                #expect(fifteenth.expense == "20.00" && fifteenth.income == "0.00" && fifteenth.count == 2)
                #expect(march.expense == "34.50")
                #expect(march.income == "100.00")
                #expect(march.cashFlow == "65.50")
                #expect(march.count == 5)
                #expect(!march.dailyAverage.isEmpty)

                let empty: CalendarJSON = try await client.get(
                    "\(owner.books)/calendar?month=2025-07",
                    token: owner.token
                ).decode()
                #expect(empty.days.isEmpty && empty.expense == "0.00" && empty.income == "0.00" && empty.count == 0)

                let current = try await client.get("\(owner.books)/calendar", token: owner.token)
                expectStatus(current, .ok)
                #expect(
                    try current.decode(CalendarJSON.self).month
                        == String(
                            try await store.settings.today(
                                for: User(id: UserID(rawValue: owner.id), email: owner.email)
                            ).description
                                .prefix(7)
                        )
                )

                for bad in ["2026-13", "2026-00", "March", "2026-03-01", ""] {
                    let refused = try await client.get("\(owner.books)/calendar?month=\(bad)", token: owner.token)
                    expectProblem(refused, .unprocessableContent, field: "month")
                }
            }
        }
    }

    /// `GET /books/{book}/payees?q=` and the autofill it feeds.
    @Suite struct Payees {
        @Test(arguments: Backend.all)
        func suggestionsCarryTheLastCategoryAccountAndAmount(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let coffeeID = try await categoryID("Food:Coffee", client, owner)
                let groceriesID = try await categoryID("Food:Groceries", client, owner)
                let card = try await account("Credit Card", client, owner)
                let debit = try await account("Debit Card", client, owner)
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "4.50", "payee": "Starbucks", "category": "Food:Coffee", "account": "Cash"]
                )
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "5.25", "payee": "Starbucks", "category": "Food:Coffee", "account": "Credit Card"]
                )
                try await addTransaction(
                    client,
                    owner,
                    ["amount": "40", "payee": "Stop & Shop", "category": "Food:Groceries", "account": "Debit Card"]
                )
                try await addTransaction(client, owner, ["amount": "30", "payee": "Shell", "category": "Auto:Fuel"])
                try await addTransaction(
                    client,
                    owner,
                    ["kind": "transfer", "amount": "10", "account": "Cash", "to_account": "Check"]
                )

                let response = try await client.get("\(owner.books)/payees?q=sta", token: owner.token)
                expectStatus(response, .ok)
                let sta: [PayeeJSON] = try response.decode()
                #expect(sta.map(\.name) == ["Starbucks"])
                let starbucks = try #require(sta.first)
                #expect(starbucks.categoryId == coffeeID)
                #expect(starbucks.accountId == card.id)
                #expect(starbucks.amount == "5.25")

                let st: [PayeeJSON] = try await client.get("\(owner.books)/payees?q=ST", token: owner.token).decode()
                #expect(st.map(\.name) == ["Starbucks", "Stop & Shop"], "most used first, case-insensitive")
                #expect(
                    st.last?.categoryId == groceriesID && st.last?.accountId == debit.id && st.last?.amount == "40.00"
                )
                let all: [PayeeJSON] = try await client.get("\(owner.books)/payees", token: owner.token).decode()
                #expect(Set(all.map(\.name)) == ["Starbucks", "Stop & Shop", "Shell"], "transfers have no payee")
                let wildcard: [PayeeJSON] = try await client.get("\(owner.books)/payees?q=%25", token: owner.token)
                    .decode()
                #expect(wildcard.isEmpty, "LIKE wildcards match literally")
                let underscore: [PayeeJSON] = try await client.get("\(owner.books)/payees?q=_", token: owner.token)
                    .decode()
                #expect(underscore.isEmpty)

                // A record with only payee and amount takes the payee's last category and account.
                let autofilled = try await addTransaction(client, owner, ["amount": "6", "payee": "starbucks"])
                #expect(autofilled.category == "Food:Coffee" && autofilled.account == "Credit Card")
                let explicit = try await addTransaction(
                    client,
                    owner,
                    ["amount": "6", "payee": "Starbucks", "category": "Food:Restaurants"]
                )
                #expect(explicit.category == "Food:Restaurants" && explicit.account == "Credit Card")
            }
        }
    }

    /// `POST|GET /books/{book}/transactions/{id}/receipts`, `GET|DELETE /books/{book}/receipts/{id}`.
    @Suite struct Receipts {
        @Test(arguments: Backend.all)
        func uploadDownloadAndDelete(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let tx = try await addTransaction(client, owner, ["amount": "4.50", "payee": "Cafe"])
                let uploads = "\(owner.books)/transactions/\(tx.id)/receipts"

                let uploaded = try await client.post(
                    uploads,
                    token: owner.token,
                    body: ByteBuffer(bytes: Images.png),
                    headers: [.contentType: "image/png"]
                )
                expectStatus(uploaded, .created)
                let png: ReceiptJSON = try uploaded.decode()
                #expect(png.contentType == "image/png" && png.bytes == Images.png.count && png.transactionId == tx.id)
                #expect(png.url == "\(owner.books)/receipts/\(png.id)")

                let downloaded = try await client.get(png.url, token: owner.token)
                expectStatus(downloaded, .ok)
                #expect(downloaded.headers[.contentType] == "image/png")
                #expect(Array(buffer: downloaded.body) == Images.png)

                // The type is sniffed from the bytes, never taken from the request.
                let jpeg: ReceiptJSON = try await client.post(
                    uploads,
                    token: owner.token,
                    body: ByteBuffer(bytes: Images.jpeg),
                    headers: [.contentType: "application/octet-stream"]
                ).decode()
                #expect(jpeg.contentType == "image/jpeg")
                let jpegBytes = try await client.get(jpeg.url, token: owner.token)
                #expect(jpegBytes.headers[.contentType] == "image/jpeg")
                #expect(Array(buffer: jpegBytes.body) == Images.jpeg)

                // A multipart upload with a `file` part works too; a text field beside it is not
                // taken for the file.
                let boundary = "TallyBoundary42"
                var multipart = ByteBuffer(
                    string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nlunch\r\n"
                        + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"r.png\"\r\nContent-Type: image/png\r\n\r\n"
                )
                multipart.writeBytes(Images.png)
                multipart.writeString("\r\n--\(boundary)--\r\n")
                let fromForm = try await client.post(
                    uploads,
                    token: owner.token,
                    body: multipart,
                    headers: [.contentType: "multipart/form-data; boundary=\(boundary)"]
                )
                expectStatus(fromForm, .created)
                let third: ReceiptJSON = try fromForm.decode()
                #expect(Array(buffer: try await client.get(third.url, token: owner.token).body) == Images.png)

                let listed: [ReceiptJSON] = try await client.get(uploads, token: owner.token).decode()
                #expect(listed.map(\.id) == [png.id, jpeg.id, third.id])
                #expect(
                    try await client.get("\(owner.books)/transactions/\(tx.id)", token: owner.token).decode(TxJSON.self)
                        .receipts == 3
                )

                expectStatus(try await client.delete(jpeg.url, token: owner.token), .noContent)
                expectProblem(try await client.get(jpeg.url, token: owner.token), .notFound)
                expectProblem(try await client.delete(jpeg.url, token: owner.token), .notFound)
                #expect(
                    try await client.get(uploads, token: owner.token).decode([ReceiptJSON].self).map(\.id) == [
                        png.id, third.id,
                    ]
                )

                expectProblem(
                    try await client.post(
                        "\(owner.books)/transactions/999999/receipts",
                        token: owner.token,
                        body: ByteBuffer(bytes: Images.png)
                    ),
                    .notFound
                )
                expectProblem(try await client.get("\(owner.books)/receipts/999999", token: owner.token), .notFound)

                // Deleting the record deletes its receipts.
                expectStatus(
                    try await client.delete("\(owner.books)/transactions/\(tx.id)", token: owner.token),
                    .noContent
                )
                expectProblem(try await client.get(png.url, token: owner.token), .notFound)
            }
        }

        @Test(arguments: Backend.all)
        func nonImagesAndOversizedUploadsStoreNothing(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let tx = try await addTransaction(client, owner, ["amount": "4.50", "payee": "Cafe"])
                let uploads = "\(owner.books)/transactions/\(tx.id)/receipts"

                let text = try await client.post(
                    uploads,
                    token: owner.token,
                    body: ByteBuffer(string: "hello, I am not a picture"),
                    headers: [.contentType: "image/png"]
                )
                expectProblem(text, .unprocessableContent, field: "receipt")
                let pdf = try await client.post(
                    uploads,
                    token: owner.token,
                    body: ByteBuffer(string: "%PDF-1.7\n..."),
                    headers: [.contentType: "application/pdf"]
                )
                expectProblem(pdf, .unprocessableContent, field: "receipt")
                let empty = try await client.post(
                    uploads,
                    token: owner.token,
                    body: ByteBuffer(),
                    headers: [.contentType: "image/jpeg"]
                )
                expectProblem(empty, .unprocessableContent, field: "receipt")

                // 50 MB: refused once 10 MB have been read.
                var huge = ByteBuffer(bytes: Images.jpeg)
                huge.writeRepeatingByte(0x42, count: 50 * 1024 * 1024)
                let tooLarge = try await client.post(
                    uploads,
                    token: owner.token,
                    body: huge,
                    headers: [.contentType: "image/jpeg"]
                )
                expectProblem(tooLarge, .contentTooLarge, detailContains: "10 MB")

                #expect(try await client.get(uploads, token: owner.token).decode([ReceiptJSON].self).isEmpty)
                #expect(
                    try await client.get("\(owner.books)/transactions/\(tx.id)", token: owner.token).decode(TxJSON.self)
                        .receipts == 0
                )
            }
        }
    }
}
