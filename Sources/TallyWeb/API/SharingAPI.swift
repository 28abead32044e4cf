import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// Sharing a book: `GET /books/{book}/members`, `PATCH|DELETE …/members/{user}`;
/// `GET|POST /books/{book}/invitations`, `DELETE …/invitations/{id}`; and for the invitee
/// `GET /invitations` (those sent to their email) and `POST /invitations/{token}/accept`.
struct SharingAPI {
    let store: Store
    /// The server's address as people reach it, for invitation links.
    let publicURL: String

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("members", use: members)
        book.patch("members/:user", use: setRole)
        book.delete("members/:user", use: remove)
        book.get("members/:user/photo") { _, context in
            ProfileAPI.image(
                try await store.users.memberPhoto(try context.parameters.id("user"), in: try context.bookScope())
            )
        }
        book.get("invitations", use: invitations)
        book.post("invitations", use: invite)
        book.delete("invitations/:id", use: revoke)
        let signedIn = routes.signedIn()
        signedIn.get("invitations", use: mine)
        signedIn.post("invitations/:token/accept", use: accept)
        return routes
    }

    func members(_ request: Request, context: AppContext) async throws -> APIList<APIModel.MemberJSON> {
        let scope = try context.bookScope()
        return APIList(try await store.books.members(in: scope).map { APIModel.MemberJSON($0, book: scope.bookID) })
    }

    func setRole(_ request: Request, context: AppContext) async throws -> APIModel.MemberJSON {
        let user: UserID = try context.parameters.id("user")
        let body = try await request.decode(as: RoleChange.self, context: context)
        let member = try await store.books.setRole(body.role, of: user, in: try context.bookScope())
        return APIModel.MemberJSON(member, book: try context.bookScope().bookID)
    }

    func remove(_ request: Request, context: AppContext) async throws -> Response {
        try await store.books.removeMember(try context.parameters.id("user"), in: try context.bookScope())
        return Response(status: .noContent)
    }

    func invitations(_ request: Request, context: AppContext) async throws -> APIList<APIModel.InvitationJSON> {
        APIList(try await store.books.invitations(in: try context.bookScope()).map { APIModel.InvitationJSON($0) })
    }

    func invite(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.InvitationJSON> {
        let body = try await request.decode(as: NewInvitationBody.self, context: context)
        let made = try await store.books.invite(
            in: try context.bookScope(),
            role: body.role,
            email: body.email,
            days: body.days ?? Books.invitationDays
        )
        return created(APIModel.InvitationJSON(made.invitation, token: made.token, publicURL: publicURL))
    }

    func revoke(_ request: Request, context: AppContext) async throws -> Response {
        try await store.books.revokeInvitation(try context.parameters.id("id"), in: try context.bookScope())
        return Response(status: .noContent)
    }

    func mine(_ request: Request, context: SignedInContext) async throws -> APIList<APIModel.InvitationJSON> {
        APIList(try await store.books.invitations(for: context.user).map { APIModel.InvitationJSON($0) })
    }

    /// `{token}` is the link's secret (`inv_…`), or the id of an invitation sent to the caller's
    /// email (listed by `GET /invitations`).
    func accept(_ request: Request, context: SignedInContext) async throws -> APIModel.AcceptedJSON {
        let book = try await store.books.accept(tokenOrID: context.parameters.get("token") ?? "", by: context.user)
        return APIModel.AcceptedJSON(book: APIModel.BookJSON(book))
    }
}

/// `PATCH /books/{book}/members/{user}`.
struct RoleChange: APIRequest {
    static let fields: Set<String> = ["role"]
    let role: String?

    init(_ body: JSONBody) throws {
        role = try body.string("role")
    }
}

/// `POST /books/{book}/invitations`.
struct NewInvitationBody: APIRequest {
    static let fields: Set<String> = ["role", "email", "expires_in_days"]
    let role, email: String?
    let days: Int?

    init(_ body: JSONBody) throws {
        role = try body.string("role")
        email = try body.string("email")
        days = try body.integer("expires_in_days", in: 1...90, unit: "days")
    }
}

/// The address of an invitation link.
enum InvitationLink {
    /// `https://tally.example/invitations/inv_…`.
    static func url(token: String, publicURL: String) -> String {
        publicURL + "/invitations/" + token
    }
}
