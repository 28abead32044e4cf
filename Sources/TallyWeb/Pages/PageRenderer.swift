import Foundation
import Hummingbird
import Mustache
import TallyCore
import TallyStore

/// Renders the Mustache templates shipped in the package's resources into HTML responses.
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    /// The hashed paths the layout links, looked up once.
    let assets: LayoutModel.Assets

    static func load(assets: StaticAssets) async throws -> PageRenderer {
        PageRenderer(
            library: try await MustacheLibrary(directory: Bundle.module.resourcePath! + "/Templates"),
            assets: LayoutModel.Assets(assets)
        )
    }

    /// A full page: `template` inside the layout, rendered from the page's view model and the
    /// layout's (title, CSRF token, user, book, today).
    func page<Content: ViewModel>(
        _ template: String,
        title: String,
        context: some LayoutContext,
        book: Book? = nil,
        model: Content,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        assert(
            !Mirror(reflecting: model).children.contains { LayoutModel.keys.contains($0.label ?? "") },
            "\(Content.self) declares a key of the layout (\(LayoutModel.keys.sorted()))"
        )
        var layout = LayoutModel(
            title: title,
            csrf: context.csrfToken,
            user: context.layoutUser.map {
                LayoutModel.UserModel(
                    id: $0.id,
                    email: $0.email,
                    shown: $0.shownName,
                    photo: $0.photoVersion.map { "/api/v1/profile/photo?v=\($0)" } ?? ""
                )
            },
            book: book.map(LayoutModel.BookModel.init),
            today: book == nil ? "" : context.layoutToday,
            switcher: context.layoutBooks.map {
                LayoutModel.SwitchItem(id: $0.id, label: "\($0.name) · \($0.currency.code)", current: $0.id == book?.id)
            },
            asset: assets
        )
        let locale = context.layoutLocale
        layout.lang = locale.tag
        layout.dir = locale.direction.rawValue
        var root = PageModel(layout: layout, content: model)
        #if DEBUG
        // In debug builds (every test run) a template that reads a key no view model declares is
        // a 500, so the page tests and the whole-surface walk catch it.
        let undeclared = UndeclaredKeys()
        root.undeclared = undeclared
        #endif
        let rendered = library.render(root, withTemplate: template)
        #if DEBUG
        if !undeclared.all.isEmpty {
            let message =
                "template \(template) reads keys that no view model declares: \(undeclared.all.joined(separator: ", "))"
            return html(message, template: template, status: .internalServerError)
        }
        #endif
        return html(rendered, template: template, status: status, locale: locale)
    }

    private func html(
        _ rendered: String?,
        template: String,
        status: HTTPResponse.Status,
        locale: TallyLocale = .english
    ) -> Response {
        let html = rendered ?? "template \(template) is missing"
        // A page's language can follow the browser's Accept-Language, so caches keep one per value.
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentLanguage: locale.tag,
                .vary: "Accept-Language",
            ],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// A 303 redirect, the answer to every successful form post.
    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}

/// Shows errors of the HTML pages as pages: sign-in for 401, and a readable message otherwise.
struct PageErrorMiddleware: RouterMiddleware {
    typealias Context = AppContext
    let pages: PageRenderer

    func handle(
        _ request: Request,
        context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .unauthorized {
            let back =
                request.method == .get
                ? "?next=\(request.uri.path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" : ""
            return PageRenderer.redirect("/login\(back)")
        } catch {
            let classified = AppError(error)
            AppError.log(error, as: classified, logger: context.logger, "page error")
            let (status, message) = (
                classified.status,
                classified.status == .internalServerError ? "Something went wrong on the server." : classified.sentence
            )
            return pages.page(
                "error",
                title: status.reasonPhrase,
                context: context,
                model: ErrorPage(status: status.code, message: message),
                status: status
            )
        }
    }
}

// swift-mustache renders `{{#value}}` for "" and 0 (only false, nil and empty arrays are
// false), so `{{#error}}` drew an empty error box on every form and `{{#count}}` marked every
// calendar day. Make "" and 0 false in sections, as in JavaScript Mustache; they still render as
// "" and "0" in `{{value}}`.
extension String: @retroactive MustacheCustomRenderable {
    public var renderText: String { self }
    public var isNull: Bool { isEmpty }
}

extension Int: @retroactive MustacheCustomRenderable {
    public var renderText: String { String(self) }
    public var isNull: Bool { self == 0 }
}
