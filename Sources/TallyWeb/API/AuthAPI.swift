import Hummingbird
import TallyCore
import TallyStore

/// `POST /users` (sign-up), and personal API tokens: `POST|GET /tokens`, `DELETE /tokens/{id}`.
struct AuthAPI {
    let store: Store
    let openSignup: Bool
    /// Failed sign-ins allowed before `POST /tokens` answers 429.
    var limits: LoginLimits = .standard

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.post("users", use: signUp)
        routes.post("tokens", use: createToken)
        routes.get("tokens", use: listTokens)
        routes.delete("tokens/:id", use: revokeToken)
        return routes
    }

    func signUp(_ request: Request, context: AppContext) async throws -> Response {
        let body = try await JSONBody.read(request, allowed: ["email", "password", "currency"])
        let user = try await store.users.signUp(
            email: try body.string("email"),
            password: try body.string("password"),
            currency: try body.string("currency"),
            openSignup: openSignup
        )
        return try JSONResponse.make(APIModel.UserJSON(id: user.id, email: user.email), status: .created)
    }

    /// Tokens are made from email + password so a CLI or app never needs a browser session.
    func createToken(_ request: Request, context: AppContext) async throws -> Response {
        let body = try await JSONBody.read(request, allowed: ["email", "password", "name"])
        guard let email = try body.string("email"), let password = try body.string("password") else {
            throw ValidationError("email", "and password are required")
        }
        // A throttled sign-in is a 429 with Retry-After, like every error, by way of AppError.
        let user = try await store.users.authenticate(
            email: email,
            password: password,
            client: context.clientAddress,
            limits: limits
        )
        let (id, token) = try await store.users.createToken(for: user, name: try body.string("name"))
        return try JSONResponse.make(APIModel.NewTokenJSON(id: id, token: token), status: .created)
    }

    func listTokens(_ request: Request, context: AppContext) async throws -> Response {
        let tokens = try await store.users.tokens(for: try context.requireUser())
        return try JSONResponse.make(
            tokens.map {
                APIModel.TokenJSON(id: $0.id, name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt)
            }
        )
    }

    func revokeToken(_ request: Request, context: AppContext) async throws -> Response {
        try await store.users.revokeToken(try context.parameters.id("id"), for: try context.requireUser())
        return Response(status: .noContent)
    }
}
