import Foundation
import HTTPTypes
import Hummingbird
import TallyCore
import TallyLocales
import TallyStore

/// Sign up, log in, log out, and `/` which sends people to their calendar.
struct AuthPages {
    let store: Store
    let pages: PageRenderer
    let openSignup: Bool
    /// Failed sign-ins allowed before the login form answers 429.
    var limits: LoginLimits = .standard

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
        guard let book = try await LastBook.find(request, context: context, store: store) else {
            return try await LastBook.nowhere(context: context, store: store)
        }
        return PageRenderer.redirect("/books/\(book)/dashboard")
    }

    func signUpForm(_ request: Request, context: AppContext) async throws -> Response {
        let invite = request.uri.queryParameters["invite"].map(String.init)
        var email = ""
        if let invite, let invitation = try await store.books.invitation(token: invite) {
            email = invitation.email ?? ""
        }
        return try await signUpPage(context: context, email: email, invite: invite)
    }

    /// The sign-up form; an `invite` token that is still pending opens it on a closed server.
    private func signUpPage(
        context: AppContext,
        email: String = "",
        currency: String = "USD",
        invite: String? = nil,
        error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let userCount = try await store.users.userCount()
        var invitation: Invitation?
        if let invite { invitation = try await store.books.invitation(token: invite) }
        let invited = invitation?.status == .pending
        let open = openSignup || userCount == 0 || invited
        let currencies = Currency.all.map { CurrencyOption(code: $0.code, selected: $0.code == currency) }
        let model = SignupPage(
            open: open,
            email: email,
            currencies: currencies,
            error: error ?? "",
            invite: invited ? invite ?? "" : "",
            invitedTo: invited ? invitation?.bookName ?? "" : ""
        )
        return pages.page("signup", title: "Create your account", context: context, model: model, status: status)
    }

    func signUp(_ request: Request, context: AppContext) async throws -> Response {
        let form = try await request.form(SignUpForm.self, context: context)
        do {
            let user = try await store.users.signUp(
                email: form.email,
                password: form.password,
                currency: form.currency,
                openSignup: openSignup,
                invitation: form.invite,
                client: context.clientAddress,
                limits: limits,
                names: Catalogs.shipped.catalog(context.locale.language)
            )
            context.sessions.createSession(WebSession(userID: user.id))
            // Someone who came by invitation lands among their books, the shared one listed.
            return PageRenderer.redirect(form.invite?.isEmpty ?? true ? "/" : "/books")
        } catch let error as FieldError {
            return try await signUpPage(
                context: context,
                email: form.email ?? "",
                currency: form.currency ?? "USD",
                invite: form.invite,
                error: error.description,
                status: .unprocessableContent
            )
        } catch let error as StoreError {
            return try await signUpPage(
                context: context,
                email: form.email ?? "",
                invite: form.invite,
                error: error.description,
                status: .forbidden
            )
        } catch let throttled as LoginThrottled {
            var response = try await signUpPage(
                context: context,
                email: form.email ?? "",
                currency: form.currency ?? "USD",
                invite: form.invite,
                error: "Too many sign-ups: \(throttled.description).",
                status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(throttled.retryAfter)
            return response
        }
    }

    func loginForm(_ request: Request, context: AppContext) async throws -> Response {
        pages.page(
            "login",
            title: "Log in",
            context: context,
            model: LoginPage(next: Self.safeNext(request.uri.queryParameters["next"].map(String.init)))
        )
    }

    func login(_ request: Request, context: AppContext) async throws -> Response {
        let form = try await request.form(LoginForm.self, context: context)
        let email = form.email ?? ""
        do {
            let user = try await store.users.authenticate(
                email: email,
                password: form.password ?? "",
                client: context.clientAddress,
                limits: limits
            )
            if try await store.users.twoStepEnabled(user) {
                // Half signed in: the code page finishes it (and makes a new session then).
                context.sessions.createSession(WebSession(userID: user.id, secondFactorPending: true))
                let next = Self.safeNext(form.next)
                return PageRenderer.redirect(
                    "/login/code?next=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "%2F")"
                )
            }
            context.sessions.createSession(WebSession(userID: user.id))
            return PageRenderer.redirect(Self.safeNext(form.next))
        } catch StoreError.unauthorized(let message) {
            return loginPage(context: context, error: message, email: email, next: form.next, status: .unauthorized)
        } catch let throttled as LoginThrottled {
            var response = loginPage(
                context: context,
                error: "Too many failed sign-ins: \(throttled.description).",
                email: email,
                next: form.next,
                status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(throttled.retryAfter)
            return response
        }
    }

    private func loginPage(
        context: AppContext,
        error: String,
        email: String,
        next: String?,
        status: HTTPResponse.Status
    ) -> Response {
        pages.page(
            "login",
            title: "Log in",
            context: context,
            model: LoginPage(error: error, email: String(email.prefix(320)), next: Self.safeNext(next)),
            status: status
        )
    }

    func logout(_ request: Request, context: AppContext) async throws -> Response {
        context.sessions.clearSession()
        return PageRenderer.redirect("/login")
    }

    /// Only a path on this site, so a crafted link cannot send people elsewhere after login: one
    /// leading "/", not "//" or "/\\", no backslash anywhere, no control characters or
    /// whitespace — checked on the raw text and again after percent-decoding (browsers drop a
    /// tab in "/\t/evil.com" and read "//evil.com"). Anything else becomes "/".
    static func safeNext(_ next: String?) -> String {
        guard let next, next.utf8.count <= 2048 else { return "/" }
        func local(_ path: String) -> Bool {
            guard path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\") else { return false }
            return !path.unicodeScalars.contains {
                $0 == "\\" || $0.properties.isWhitespace || $0.properties.generalCategory == .control
                    || $0.properties.generalCategory == .format
            }
        }
        guard local(next) else { return "/" }
        // Decoded until stable (at most a few rounds), so "%252F" cannot hide a "/" either.
        var decoded = next
        for _ in 0..<3 {
            guard let once = decoded.removingPercentEncoding, once != decoded else { break }
            guard local(once) else { return "/" }
            decoded = once
        }
        return next
    }
}
