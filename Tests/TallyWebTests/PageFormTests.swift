import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import Testing

@testable import TallyWeb

/// Typed page forms: both encodings through the libraries' decoders, repeated fields as
/// `name[]`, files, and a malformed body refused with a 400.
@Suite struct PageFormTests {
    static func multipart(_ parts: [(name: String, filename: String?, body: [UInt8])], boundary: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        for part in parts {
            let file = part.filename.map { "; filename=\"\($0)\"" } ?? ""
            buffer.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"\(file)\r\n\r\n")
            buffer.writeBytes(part.body)
            buffer.writeString("\r\n")
        }
        buffer.writeString("--\(boundary)--\r\n")
        return buffer
    }

    @Test func urlEncodedFieldsDecodeAsPosted() throws {
        let body = ByteBuffer(
            string: "_csrf=t&scope=1&name=Food+%26+drink&limit=&categories%5B%5D=3&categories[]=5&week_start=monday"
        )
        let form = try Request.decodeForm(
            BudgetPostForm.self,
            body: body,
            contentType: "application/x-www-form-urlencoded"
        )
        #expect(form.name == "Food & drink")
        #expect(form.limit == "", "an empty field is given as empty, not absent")
        #expect(form.categories == ["3", "5"])
        #expect(form.accounts == nil && form.cycle == nil)
        #expect(form.weekStart == "monday" && form.scope == "1")
        #expect(BudgetForm.input(form).categories == ["3", "5"] && BudgetForm.input(form).accounts == [])
    }

    @Test func multipartFieldsAndFiles() throws {
        let boundary = "FormBoundary7"
        let body = Self.multipart(
            [
                ("amount", nil, Array("4.50".utf8)), ("payee", nil, Array("Café Ü".utf8)),
                ("receipts[]", "a.png", Images.png), ("receipts[]", "", []),
                ("receipts[]", nil, Array("a text field, not a file".utf8)), ("receipts[]", "b.png", Images.png),
            ],
            boundary: boundary
        )
        let form = try Request.decodeForm(
            RecordForm.self,
            body: body,
            contentType: "multipart/form-data; boundary=\(boundary)"
        )
        #expect(form.amount == "4.50" && form.payee == "Café Ü" && form.note == nil)
        #expect(form.receipts?.map(\.filename) == ["a.png", "", "", "b.png"])
        #expect(form.receipts?.map(\.isChosen) == [true, false, false, true])
        #expect(try TransactionPages.checkedImages(form.receipts) == [Images.png, Images.png])
    }

    @Test func malformedBodiesAreBadRequests() throws {
        func status(_ body: String, _ type: String) -> HTTPResponse.Status? {
            do {
                _ = try Request.decodeForm(
                    RecordForm.self,
                    body: ByteBuffer(string: body),
                    contentType: type
                )
                return nil
            } catch let error as HTTPError {
                return error.status
            } catch {
                return .internalServerError
            }
        }
        let form = "application/x-www-form-urlencoded"
        #expect(status("amount=1&amount=2", form) == .badRequest, "a field posted twice without []")
        #expect(status("amount=%zz", form) == .badRequest)
        #expect(status("receipts[]=x", form) == .badRequest, "a file field in a URL-encoded body")
        #expect(status("--x\r\nbroken", "multipart/form-data") == .badRequest, "no boundary")
        #expect(status("amount=1&note=", form) == nil)
    }

    @Test(arguments: Backend.all)
    func archiveCheckboxSetsAndClearsThroughThePage(backend: Backend) async throws {
        try await withApp(backend) { client, store in
            let browser = Browser(client)
            try await browser.get("/signup")
            _ = try await browser.post(
                "/signup",
                [("email", "ann@example.com"), ("password", "correct horse"), ("currency", "USD")]
            )
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let book = try #require(try await store.books.all(for: user).first)
            let scope = try await store.scope(user, book: book.id)
            let account = try #require(try await store.books.accounts(in: scope).first).account
            func archived() async throws -> Bool {
                try #require(try await store.books.accounts(in: scope).first { $0.account.id == account.id }).account
                    .archived
            }
            let path = "/books/\(book.id)/accounts/\(account.id)"
            // Ticked: the box posts "1" beside the marker.
            var response = try await browser.post(
                path,
                [("name", account.name), ("archive_shown", "1"), ("archived", "1")]
            )
            #expect(response.status == .seeOther)
            #expect(try await archived())
            // Unticked: a browser posts nothing for the box; the marker says it was there.
            response = try await browser.post(path, [("name", account.name), ("archive_shown", "1")])
            #expect(response.status == .seeOther)
            #expect(try await !archived())
            // A repeated plain field is a 400, and nothing changes.
            response = try await browser.post(path, [("name", "A"), ("name", "B")])
            #expect(response.status == .badRequest)
            #expect(try #require(try await store.books.accounts(in: scope).first).account.name == account.name)
        }
    }
}
