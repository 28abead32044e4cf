import Hummingbird
import TallyCore

/// Refuses an API request that gives a query parameter more than once (`?from=…&from=…`), with a
/// 422 naming it. Every parameter of the API is one value (the OpenAPI document declares no
/// arrays), and the handlers read the first; a second one would be dropped without a word, so a
/// client that meant both would get an answer to a question it did not ask.
struct SingleQueryValues<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let name = Self.repeated(request.uri.queryParameters) {
            throw FieldError(name, "is given more than once; give it once")
        }
        return try await next(request, context)
    }

    /// The first parameter name that occurs twice, or nil.
    static func repeated(_ parameters: Parameters) -> String? {
        guard parameters.count > 1 else { return nil }
        var seen = Set<Substring>()
        for (name, _) in parameters where !seen.insert(name).inserted { return String(name) }
        return nil
    }
}
