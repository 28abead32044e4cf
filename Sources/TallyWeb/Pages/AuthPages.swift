import Hummingbird
import TallyCore
import TallyStore

/// Sign up, log in, log out, and `/` which sends people to their calendar.
struct AuthPages {
    let store: Store
    let pages: PageRenderer
    let openSignup: Bool

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("/", use: home)
        routes.get("signup", use: signUpForm)
        routes.post("signup", use: signUp)
        routes.get("login", use: loginForm)
        routes.post("login", use: login)
        routes.post("logout", use: logout)
        return routes
    }

    func home(_ request: Request, context: AppContext) async throws -> Response {
        guard let user = context.identity else {
            return PageRenderer.redirect(try await store.userCount() == 0 ? "/signup" : "/login")
        }
        guard let book = try await store.books(for: user).first else { throw StoreError.notFound("book") }
        return PageRenderer.redirect("/books/\(book.id)/dashboard")
    }

    func signUpForm(_ request: Request, context: AppContext) async throws -> Response {
        try await signUpPage(context: context)
    }

    private func signUpPage(context: AppContext, email: String = "", currency: String = "USD", error: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let userCount = try await store.userCount()
        let open = openSignup || userCount == 0
        let currencies = Currency.all.map { ["code": $0.code, "selected": $0.code == currency] }
        return pages.page("signup", title: "Create your account", context: context, values: [
            "open": open, "email": email, "currencies": currencies, "error": error ?? "",
        ], status: status)
    }

    func signUp(_ request: Request, context: AppContext) async throws -> Response {
        var request = request
        let form = try await request.form(context: context)
        do {
            let user = try await store.signUp(email: form["email"], password: form["password"], currency: form["currency"], openSignup: openSignup)
            context.sessions.createSession(WebSession(userID: user.id))
            return PageRenderer.redirect("/")
        } catch let error as ValidationError {
            return try await signUpPage(context: context, email: form["email"] ?? "", currency: form["currency"] ?? "USD", error: error.description, status: .unprocessableContent)
        } catch let error as StoreError {
            return try await signUpPage(context: context, email: form["email"] ?? "", error: error.description, status: .forbidden)
        }
    }

    func loginForm(_ request: Request, context: AppContext) async throws -> Response {
        pages.page("login", title: "Log in", context: context, values: ["next": Self.safeNext(request.uri.queryParameters["next"].map(String.init))])
    }

    func login(_ request: Request, context: AppContext) async throws -> Response {
        var request = request
        let form = try await request.form(context: context)
        do {
            let user = try await store.authenticate(email: form["email"] ?? "", password: form["password"] ?? "")
            context.sessions.createSession(WebSession(userID: user.id))
            return PageRenderer.redirect(Self.safeNext(form["next"]))
        } catch StoreError.unauthorized(let message) {
            return pages.page("login", title: "Log in", context: context, values: [
                "error": message, "email": form["email"] ?? "", "next": Self.safeNext(form["next"]),
            ], status: .unauthorized)
        }
    }

    func logout(_ request: Request, context: AppContext) async throws -> Response {
        context.sessions.clearSession()
        return PageRenderer.redirect("/login")
    }

    /// Only local paths, so a crafted link cannot send people to another site after login.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\") else { return "/" }
        return next
    }
}
