import Hummingbird
import TallyCore
import TallyStore

/// `POST /books/{book}/receipts/read` with a receipt photo as the body (JPEG, PNG, WebP, or HEIC
/// where the server decodes it): Tesseract reads it here, on this server, and the answer is the
/// proposal `{amount, currency, date, payee, text, sources}` for the person to check before
/// saving with the usual `POST …/transactions`. Nothing is stored. Without Tesseract, a 503
/// saying what to install; the rest of Tally works as before.
struct ReceiptReadAPI {
    let store: Store
    let reader: ReceiptOCR

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.book(store).post("receipts/read", use: read)
        return routes
    }

    func read(_ request: Request, context: AppContext) async throws -> ReceiptProposalJSON {
        let scope = try context.bookScope()
        // Only someone who may add records has a use for a proposal of one.
        try scope.requireWrite()
        let bytes = try await ReceiptsAPI.imageBody(request, field: "image")
        // The one check of every image (type, pixels, metadata), as attaching it to a record:
        // a 422 naming `image` and the limit, before anything decodes it. The 415 is kept for an
        // image the server cannot decode (HEIC without a decoder).
        _ = try ReceiptImageType.checked(bytes, field: "image")
        let text: String
        do {
            text = try await reader.text(of: bytes)
        } catch let error as ReceiptOCRError {
            throw Self.appError(error)
        }
        // Slashed dates in the caller's own order when the browser says it, else the book's.
        let order = request.headers[.acceptLanguage].flatMap(DateOrder.init(locales:))
        let book = try await store.records.receiptBook(in: scope, order: order)
        return ReceiptProposalJSON(proposal: ReceiptReading.propose(text, book: book))
    }

    /// The status of a reading that failed: 503 when Tesseract (or a language) is missing, 503
    /// with `Retry-After` when the readings are busy, 415 for an image the server cannot decode
    /// (the platform's), 422 for one that took too long.
    static func appError(_ error: ReceiptOCRError) -> AppError {
        switch error {
        case .notInstalled: AppError(.serviceUnavailable, error.description)
        case .busy(let seconds):
            {
                var busy = AppError(.serviceUnavailable, error.description)
                busy.retryAfter = seconds
                return busy
            }()
        case .unreadable: AppError(.unsupportedMediaType, error.description, field: "image")
        case .timedOut: AppError(.unprocessableContent, error.description, field: "image")
        case .badLanguages: AppError(.internalServerError, error.description)
        }
    }
}

/// The proposal as the contract writes it (`ReceiptProposal`'s `Codable`, which the CLI shares).
struct ReceiptProposalJSON: ResponseEncodable {
    let proposal: ReceiptProposal

    func encode(to encoder: any Encoder) throws { try proposal.encode(to: encoder) }
}
