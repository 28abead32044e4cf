import Hummingbird
import TallyCore
import TallyJSON
import TallyLocales
import TallyStore

/// `POST /users` (sign-up, opened by an `invitation` token even when sign-up is closed), and personal API tokens: `POST|GET /tokens`, `DELETE /tokens/{id}`.
struct AuthAPI {
    let store: Store
    let openSignup: Bool
    /// Failed sign-ins allowed before `POST /tokens` answers 429.
    var limits: LoginLimits = .standard

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.post("users", use: signUp)
        routes.post("tokens", use: createToken)
        let signedIn = routes.signedIn()
        signedIn.get("tokens", use: listTokens)
        signedIn.delete("tokens/:id", use: revokeToken)
        return routes
    }

    func signUp(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.UserJSON> {
        let body = try await request.decode(as: SignUp.self, context: context)
        let user = try await store.users.signUp(
            email: body.email,
            password: body.password,
            currency: body.currency,
            openSignup: openSignup,
            invitation: body.invitation,
            client: context.clientAddress,
            limits: limits,
            names: Catalogs.shipped.catalog(context.locale.language)
        )
        return created(APIModel.UserJSON(id: user.id, email: user.email))
    }

    /// Tokens are made from email + password so a CLI or app never needs a browser session.
    func createToken(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.NewTokenJSON> {
        let body = try await request.decode(as: NewToken.self, context: context)
        guard let email = body.email, let password = body.password else {
            throw FieldError("email", "and password are required")
        }
        // A throttled sign-in is a 429 with Retry-After, like every error, by way of AppError.
        let user = try await store.users.authenticate(
            email: email,
            password: password,
            client: context.clientAddress,
            limits: limits
        )
        // With two-step sign-in on, a password alone makes no token (tokens made before stay).
        if try await store.users.twoStepEnabled(user) {
            guard let code = body.code, !code.isEmpty else {
                throw AppError(
                    .unauthorized,
                    "two-step sign-in is on: send the code from your app as `code`",
                    field: "code"
                )
            }
            try await store.users.verifySecondFactor(user, code: code, client: context.clientAddress, limits: limits)
        }
        let (id, token) = try await store.users.createToken(for: user, name: body.name)
        return created(APIModel.NewTokenJSON(id: id, token: token))
    }

    func listTokens(_ request: Request, context: SignedInContext) async throws -> APIList<APIModel.TokenJSON> {
        let tokens = try await store.users.tokens(for: context.user)
        return APIList(
            tokens.map {
                APIModel.TokenJSON(id: $0.id, name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt)
            }
        )
    }

    func revokeToken(_ request: Request, context: SignedInContext) async throws -> Response {
        try await store.users.revokeToken(try context.parameters.id("id"), for: context.user)
        return Response(status: .noContent)
    }
}

/// `POST /users`.
struct SignUp: APIRequest {
    static let fields: Set<String> = ["email", "password", "currency", "invitation"]
    let email, password, currency, invitation: String?

    init(_ body: JSONBody) throws {
        email = try body.string("email")
        password = try body.string("password")
        currency = try body.string("currency")
        invitation = try body.string("invitation")
    }
}

/// `POST /tokens`.
struct NewToken: APIRequest {
    static let fields: Set<String> = ["email", "password", "name", "code"]
    let email, password, name, code: String?

    init(_ body: JSONBody) throws {
        email = try body.string("email")
        password = try body.string("password")
        name = try body.string("name")
        code = try body.string("code")
    }
}
