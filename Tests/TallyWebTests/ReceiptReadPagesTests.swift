import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension WebPages {
    /// A stand-in for `tesseract IMAGE OUTBASE …` that writes `text` to `OUTBASE.txt`, so the
    /// page's two steps are tested on known text (the reader itself is tested on real images).
    static func fakeTesseract(_ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-ocr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("tesseract")
        try "#!/bin/sh\ncat > \"$2.txt\" <<'EOF'\n\(text)\nEOF\n".write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script.path
    }

    /// Posts `photo` (or an empty file field) to the add page's receipt form, as a browser
    /// without JavaScript does.
    static func postPhoto(
        _ client: Client,
        _ browser: Browser,
        book: BookID,
        photo: [UInt8]?
    ) async throws
        -> TestResponse
    {
        let boundary = "ReceiptPageBoundary"
        var buffer = ByteBuffer(
            string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(browser.csrf ?? "")\r\n"
                + "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(photo == nil ? "" : "till.png")\"\r\n"
                + "Content-Type: image/png\r\n\r\n"
        )
        buffer.writeBytes(photo ?? [])
        buffer.writeString("\r\n--\(boundary)--\r\n")
        var headers = browser.cookieHeader
        headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
        return try await client.post("/books/\(book)/transactions/new/receipt", body: buffer, headers: headers)
    }

    /// Reading a receipt without JavaScript: the photo goes to the add page, which shows each
    /// proposed field with where it came from and the form filled from it (with the known payee's
    /// usual category and account); nothing is stored until the person saves the form.
    @Test func aReceiptPhotoBecomesAFilledFormWithoutJavaScript() async throws {
        var configuration = AppConfiguration()
        configuration.receipts = ReceiptOCR(
            command: try Self.fakeTesseract(
                "GREEN GROCER\n12 Market St\n03/14/2026 08:31\nApples 3.10\nSUBTOTAL 11.90\nTAX 0.50\nTOTAL 12.40\nVISA 12.40"
            )
        )
        try await withConfiguredApp(configuration) { client, store in
            let (browser, book) = try await signedIn(client, store)
            let user = try #require(try await store.users.user(email: "ann@example.com"))
            let scope = try await store.scope(user, book: book)
            _ = try await store.records.addTransaction(
                to: scope,
                TransactionInput(
                    kind: "expense",
                    amount: "5",
                    date: "2026-03-01",
                    payee: "Green Grocer",
                    category: "Food:Groceries",
                    account: "Cash"
                )
            )
            let add = try await browser.get("/books/\(book)/transactions/new")
            #expect(add.text.contains(#"id="receipt-read-form""#) && add.text.contains(#"name="photo""#))
            #expect(add.text.contains(#"action="/books/\#(book)/transactions/new/receipt""#))
            #expect(add.text.contains(#"<script src="/static/receipt."#))
            let today = try await browser.get("/books/\(book)/today")
            #expect(!today.text.contains("receipt-read-form"), "the box is on the add page only")

            let page = try await Self.postPhoto(client, browser, book: book, photo: Images.png)
            #expect(page.status == .ok, "\(page.text)")
            let text = page.text
            #expect(
                text.contains(
                    #"<span class="draft-value">$12.40</span> <small class="draft-source source-total">the line that says total</small>"#
                )
            )
            #expect(
                text.contains(
                    #"<span class="draft-value">2026-03-14</span> <small class="draft-source source-read">read on the receipt</small>"#
                )
            )
            #expect(
                text.contains(
                    #"<span class="draft-value">Green Grocer</span> <small class="draft-source source-payee">a payee you know</small>"#
                )
            )
            #expect(
                text.contains(
                    #"<span class="draft-value">Food:Groceries</span> <small class="draft-source source-payee">the payee&#39;s usual</small>"#
                )
            )
            #expect(text.contains(#"name="amount" id="amount" value="12.40""#))
            #expect(text.contains(#"name="payee" id="payee" value="Green Grocer""#))
            #expect(text.contains(#"type="date" name="date" id="date" value="2026-03-14""#))
            let groceries = try #require(try await store.books.categories(in: scope).first { $0.name == "Groceries" })
            #expect(text.contains(#"value="\#(groceries.id)" checked"#))
            #expect(text.contains("SUBTOTAL 11.90"), "what was read is shown")
            #expect(text.contains("choose it again under More"))
            #expect(try await store.records.transactions(in: scope).records.count == 1, "nothing saved by reading")
        }
    }

    /// What the reader cannot give is marked as not read, and a photo that is no image, no photo
    /// at all or a server without Tesseract each say why, with the form left to fill by hand.
    @Test func aReceiptThatCannotBeReadSaysWhy() async throws {
        var configuration = AppConfiguration()
        configuration.receipts = ReceiptOCR(command: try Self.fakeTesseract("<script>alert(1)</script>\nthank you"))
        try await withConfiguredApp(configuration) { client, store in
            let (browser, book) = try await signedIn(client, store)
            let page = try await Self.postPhoto(client, browser, book: book, photo: Images.png)
            #expect(page.status == .ok)
            #expect(
                page.text.contains(
                    #"<span class="draft-label">Amount</span> <span class="draft-value">—</span> <small class="draft-source source-missing">not read: fill it in</small>"#
                )
            )
            #expect(page.text.contains(#"name="amount" id="amount" value="""#))
            #expect(!page.text.contains("<script>alert(1)"), "the text read is escaped")

            let notImage = try await Self.postPhoto(client, browser, book: book, photo: Array("not an image".utf8))
            #expect(notImage.status == .unprocessableContent)
            #expect(
                notImage.text.contains("photo: till.png is not a JPEG, PNG, HEIC or WebP image"),
                "\(notImage.text)"
            )
            let none = try await Self.postPhoto(client, browser, book: book, photo: nil)
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains("photo: choose a photo of the receipt"))
            let form = try await browser.post("/books/\(book)/transactions/new/receipt", [("photo", "x")])
            #expect(form.status == .badRequest, "a file field needs a multipart body")
        }
        configuration.receipts = ReceiptOCR(command: "/nonexistent/tesseract")
        try await withConfiguredApp(configuration) { client, store in
            let (browser, book) = try await signedIn(client, store)
            let page = try await Self.postPhoto(client, browser, book: book, photo: Images.png)
            #expect(page.status == .serviceUnavailable)
            #expect(page.text.contains("apt-get install tesseract-ocr"))
            #expect(
                page.text.contains(#"id="record-form""#) || page.text.contains(#"class="record-form"#),
                "the form is still there"
            )
        }
    }
}
