import Hummingbird

/// Turns every error under /api — from a route, from the auth and CSRF middleware, or the
/// router's own 404 for an unknown path — into the RFC 9457 `application/problem+json` answer
/// of `AppError`, whose `detail` names the field at fault. Errors of the HTML pages pass through
/// untouched.
struct APIErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch  where request.uri.path.hasPrefix("/api/") {
            let classified = AppError(error)
            AppError.log(error, as: classified, logger: context.logger, "API error")
            return try classified.response(from: request, context: context)
        }
    }
}
