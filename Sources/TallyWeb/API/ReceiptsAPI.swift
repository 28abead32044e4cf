import Hummingbird
import NIOCore
import TallyCore
import TallyJSON
import TallyStore

/// `POST|GET /books/{book}/transactions/{id}/receipts` (raw image body or multipart `file`),
/// `GET|DELETE /books/{book}/receipts/{id}`.
struct ReceiptsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.post("transactions/:id/receipts", use: upload)
        book.get("transactions/:id/receipts", use: list)
        book.get("receipts/:id", use: download)
        book.delete("receipts/:id", use: delete)
        return routes
    }

    func upload(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.ReceiptJSON> {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let id = try context.parameters.id("id", as: TransactionID.self)
        _ = try await store.records.transaction(id, in: scope)
        var request = request
        let bytes: [UInt8]
        do {
            if (request.headers[.contentType] ?? "").hasPrefix("multipart/form-data") {
                let form = try await request.form(AnyFile.self, context: context)
                guard let file = form.first else { throw FieldError("file", "no image in the upload") }
                // A file part over the limit is the same 413 as a body over it, not a 422.
                guard file.bytes.count <= ReceiptImageType.maxBytes else { throw Self.tooLarge("receipt") }
                bytes = file.bytes
            } else {
                bytes = Array(buffer: try await request.collectBody(upTo: ReceiptImageType.maxBytes))
            }
        } catch is NIOTooManyBytesError {
            throw Self.tooLarge("receipt")
        }
        let receipt = try await store.records.addReceipt(to: id, in: scope, bytes: bytes)
        return created(APIModel.ReceiptJSON(receipt, book: bookID))
    }

    /// The 413 of an image over 10 MB (receipts, goal and profile photos), naming `field`.
    static func tooLarge(_ field: String) -> AppError {
        AppError(.contentTooLarge, "\(field): images are limited to 10 MB", field: field)
    }

    /// The image body of a photo upload: at most 10 MB, or the 413 naming `field`.
    static func imageBody(_ request: Request, field: String) async throws -> [UInt8] {
        var request = request
        do {
            return Array(buffer: try await request.collectBody(upTo: ReceiptImageType.maxBytes))
        } catch is NIOTooManyBytesError {
            throw tooLarge(field)
        }
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<APIModel.ReceiptJSON> {
        let scope = try context.bookScope()
        let bookID = scope.bookID
        let id = try context.parameters.id("id", as: TransactionID.self)
        _ = try await store.records.transaction(id, in: scope)
        let receipts = try await store.records.receipts(of: id, in: scope)
        return APIList(receipts.map { APIModel.ReceiptJSON($0, book: bookID) })
    }

    func download(_ request: Request, context: AppContext) async throws -> Response {
        try await Self.image(store: store, request: request, context: context)
    }

    /// The receipt bytes with their type; shared with the web pages.
    static func image(store: Store, request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let (receipt, data) = try await store.records.receiptData(try context.parameters.id("id"), in: scope)
        return Response(
            status: .ok,
            headers: [
                .contentType: receipt.type.rawValue, .cacheControl: "private, max-age=86400",
                .contentDisposition: "inline",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.records.deleteReceipt(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }
}

/// A multipart upload whose file may come under any field name (`file` in the docs; clients
/// name it as they like): the first file chosen.
private struct AnyFile: Decodable {
    let first: Upload?

    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: Name.self)
        first = fields.allKeys.lazy.compactMap { try? fields.decode(Upload.self, forKey: $0) }.first(where: \.isChosen)
    }
}
