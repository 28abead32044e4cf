import Hummingbird
import TallyCore
import TallyStore

/// The skeleton the account and category pages share: one list at `/books/{book}/<path>` whose
/// forms post to it; a change goes back to the list, and a refused form shows the list again
/// with the reason and a 422.
protocol CatalogPages: Sendable {
    /// The list's path under the book, such as "accounts".
    static var path: String { get }
    /// The list, showing `error` ("" for none) with `status`.
    func page(context: AppContext, error: String, status: HTTPResponse.Status) async throws -> Response
}

extension CatalogPages {
    func list(_ request: Request, context: AppContext) async throws -> Response {
        try await page(context: context, error: "", status: .ok)
    }

    /// Reads a form of the list as `type` and makes `change` with it.
    func post<Form: PageForm>(
        _ request: Request,
        context: AppContext,
        as type: Form.Type,
        change: (Form, BookScope) async throws -> Void
    ) async throws -> Response {
        let scope = try context.bookScope()
        return try await PageRenderer.post(request, context: context, as: type) { form in
            try await change(form, scope)
            return Self.link(scope.bookID)
        } refused: { _, error in
            try await page(context: context, error: error.description, status: .unprocessableContent)
        }
    }

    /// The list's address in `book`.
    static func link(_ book: BookID) -> String { "/books/\(book)/\(path)" }
}
