import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// The second step of signing in, for people with two-step sign-in on: after the password,
/// `/login/code` asks for the 6-digit code from their app (or a recovery code). The session
/// until then is marked pending and signs no one in; the right code replaces it with a new one.
struct LoginCodePages {
    let store: Store
    let pages: PageRenderer
    /// Failed codes allowed before the form answers 429 (counted like passwords).
    var limits: LoginLimits = .standard

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("login/code", use: form)
        routes.post("login/code", use: check)
        return routes
    }

    func form(_ request: Request, context: AppContext) async throws -> Response {
        guard let session = context.sessions.session, session.secondFactorPending else {
            return PageRenderer.redirect("/login")
        }
        let next = AuthPages.safeNext(request.uri.queryParameters["next"].map(String.init))
        return pages.page("login_code", title: "Two-step sign-in", context: context, model: LoginCodePage(next: next))
    }

    func check(_ request: Request, context: AppContext) async throws -> Response {
        guard let session = context.sessions.session, session.secondFactorPending,
            let user = try await store.users.user(id: session.userID)
        else { return PageRenderer.redirect("/login") }
        let form = try await request.form(LoginCodeForm.self, context: context)
        let next = AuthPages.safeNext(form.next)
        do {
            try await store.users.verifySecondFactor(
                user,
                code: form.code,
                client: context.clientAddress,
                limits: limits
            )
        } catch StoreError.unauthorized(let message) {
            return page(
                context,
                next: next,
                error: message.prefix(1).uppercased() + message.dropFirst() + ".",
                status: .unauthorized
            )
        } catch let throttled as LoginThrottled {
            var response = page(
                context,
                next: next,
                error: "Too many wrong codes: \(throttled.description).",
                status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(throttled.retryAfter)
            return response
        }
        // The pending session's row is deleted here: replacing it in the context alone would leave
        // it valid (and able to keep trying codes) until it expired.
        if let old = request.cookies["tally_session"]?.value { try await store.users.removeSession(key: old) }
        context.sessions.clearSession()
        context.sessions.createSession(WebSession(userID: user.id))
        return PageRenderer.redirect(next)
    }

    private func page(_ context: AppContext, next: String, error: String, status: HTTPResponse.Status) -> Response {
        pages.page(
            "login_code",
            title: "Two-step sign-in",
            context: context,
            model: LoginCodePage(next: next, error: error),
            status: status
        )
    }
}

/// `login_code.mustache`.
struct LoginCodePage: ViewModel {
    let next: String
    var error = ""
}

/// `POST /login/code`.
struct LoginCodeForm: PageForm {
    var code: String?
    var next: String?
}
