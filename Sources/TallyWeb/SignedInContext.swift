import Hummingbird
import TallyCore

/// The context of a route that needs a signed-in caller but names no book (settings, tokens,
/// the book list): made from `AppContext` once `AuthMiddleware` has run, it holds the user, so
/// handlers never ask for one. A request with no user is a 401 before any handler runs (pages
/// turn it into the sign-in redirect, as for every 401).
struct SignedInContext: ChildRequestContext, LayoutContext {
    /// Hummingbird's own storage, shared with the parent context.
    var coreContext: CoreRequestContextStorage
    /// The signed-in user (a session's, or an API token's).
    private(set) var user: User
    /// The CSRF token the pages put in their forms.
    let csrfToken: String
    /// The client address the sign-in throttle counts by.
    let clientAddress: String
    /// The locale of a caller with no setting (see `AppContext.browserLocale`).
    let browserLocale: TallyLocale

    init(context: AppContext) throws {
        coreContext = context.coreContext
        user = try context.requireUser()
        csrfToken = context.csrfToken
        clientAddress = context.clientAddress
        browserLocale = context.browserLocale
    }

    /// The caller's locale: their setting, else the browser's.
    var locale: TallyLocale {
        LocaleResolution.resolve(setting: user.locale, acceptLanguage: nil, serverDefault: browserLocale)
    }

    /// The same request for `user` as just changed (a new name or email).
    func with(user: User) -> SignedInContext {
        var copy = self
        copy.user = user
        return copy
    }

    var layoutUser: User? { user }
    var layoutToday: String { "" }
    var layoutLocale: TallyLocale { locale }

    /// Forms of these pages are small; JSON bodies go through the API's decoder.
    var requestDecoder: some RequestDecoder { APIRequestDecoder() }

    /// The API's JSON: see `APIResponseEncoder`.
    var responseEncoder: some ResponseEncoder { APIResponseEncoder() }
}

/// What the page layout reads from a request's context.
protocol LayoutContext: RequestContext {
    /// The CSRF token forms carry.
    var csrfToken: String { get }
    /// Who is signed in, for the header.
    var layoutUser: User? { get }
    /// The book's today (in the user's zone) on book pages, else "".
    var layoutToday: String { get }
    /// The books the header's switcher lists (book pages only).
    var layoutBooks: [Book] { get }
    /// The language and formats of the page.
    var layoutLocale: TallyLocale { get }
}

extension LayoutContext {
    var layoutBooks: [Book] { [] }
}

extension AppContext: LayoutContext {
    var layoutUser: User? { identity }
    var layoutToday: String { scope?.today.description ?? "" }
    var layoutBooks: [Book] { switcherBooks }
    var layoutLocale: TallyLocale { locale }
}

extension RouterMethods where Context == AppContext {
    /// The routes under this group need a signed-in caller: see `SignedInContext`.
    func signedIn() -> RouterGroup<SignedInContext> {
        group(context: SignedInContext.self)
    }
}
