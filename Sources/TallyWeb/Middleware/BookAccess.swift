import HTTPTypes
import TallyCore

/// The one place that says which role each route of a book needs, from its method and its
/// route path (Hummingbird's `endpointPath`, e.g. `/api/v1/books/{book}/members/{user}`):
///
/// - **viewer**: every read (GET/HEAD), members and invitations included, except the pages that
///   only hold a form to change something (`new`, `edit`, `delete`, `pay`, `import`, the queue
///   of unsent adds); and leaving the book.
/// - **owner**: renaming, archiving and deleting the book; changing members and invitations.
/// - **editor**: every other change (records, categories, accounts, budgets, goals, bills…).
///
/// `BookScopeMiddleware` applies it to every `books/:book` route before the handler runs, so a
/// route added tomorrow is covered by the rule for its method; `RoleMatrixTests` walks the router's
/// route list and checks what a viewer, an editor, an owner and a stranger get from each.
enum BookAccess {
    /// The role `method` on `endpoint` needs.
    static func required(_ method: HTTPRequest.Method, _ endpoint: String) -> Role {
        let segments = endpoint.split(separator: "/")
        // Fails closed: a path this rule cannot read needs the highest role.
        guard let bookIndex = segments.firstIndex(of: "{book}") else { return .owner }
        let rest = segments[(bookIndex + 1)...]
        let isRead = method == .get || method == .head
        if isRead { return rest.contains(where: formPages.contains) ? .editor : .viewer }
        if rest.first == "leave" { return .viewer }
        if rest.isEmpty || ownerAreas.contains(rest.first!) { return .owner }
        return .editor
    }

    /// What only owners change: the book itself (`/books/{book}`, its settings page's forms),
    /// its members and its invitations.
    private static let ownerAreas: Set<Substring> = ["settings", "members", "invitations"]

    /// Pages whose only purpose is a form that changes the book.
    private static let formPages: Set<Substring> = ["new", "edit", "delete", "pay", "import", "queue"]

    /// The refusal a caller with too small a role gets (403, naming both roles).
    static func refusal(_ have: Role, needs: Role) -> String {
        switch needs {
        case .owner: "only an owner of this book may do this; you are \(have.withArticle)"
        case .editor, .viewer: "viewers cannot change this book; ask an owner to make you an editor"
        }
    }
}
