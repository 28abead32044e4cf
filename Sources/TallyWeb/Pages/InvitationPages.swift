import Hummingbird
import TallyCore
import TallyStore

/// What an invitation link opens: `/invitations/{token}` says which book and role it offers and,
/// signed in, accepts it with one button (`POST …/accept`); signed out, it offers to log in or to
/// sign up, which the invitation opens even when the server's sign-up is closed. Invitations
/// sent to an existing user's email are accepted from their book list by id, through the same
/// route.
struct InvitationPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("invitations/:token", use: show)
        routes.signedIn().post("invitations/:token/accept", use: accept)
        return routes
    }

    func show(_ request: Request, context: AppContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let invitation = try await store.books.invitation(token: token) else {
            throw StoreError.notFound("invitation")
        }
        let problem: String =
            switch invitation.status {
            case .pending: ""
            case .expired: "This invitation has expired. Ask for a new one."
            case .accepted, .revoked: "This invitation has already been used. Ask for a new one."
            }
        let model = InvitationPage(
            token: token,
            bookName: invitation.bookName,
            role: invitation.role.rawValue,
            invitedBy: invitation.invitedBy ?? "",
            expires: String(invitation.expiresAt.prefix(10)),
            usable: problem.isEmpty,
            problem: problem,
            signedIn: context.identity != nil
        )
        return pages.page(
            "invitation",
            title: "Join \(invitation.bookName)",
            context: context,
            model: model,
            status: problem.isEmpty ? .ok : .gone
        )
    }

    func accept(_ request: Request, context: SignedInContext) async throws -> Response {
        let book = try await store.books.accept(tokenOrID: context.parameters.get("token") ?? "", by: context.user)
        return PageRenderer.redirect("/books/\(book.id)/dashboard")
    }
}
