import Hummingbird
import Tagged
import TallyCore
import TallyStore

/// The skeleton the budget and goal pages share: `GET /books/{book}/<path>` lists the items with
/// an add form (`POST` adds), `…/{id}` is one item's page with its edit form (`POST` saves), and
/// `POST …/{id}/delete` deletes it. A refused form shows its page again as typed, with a 422;
/// editing an item that is not the book's is a 404 before its form is read. Each controller
/// says only what its pages show and which service call makes each change.
protocol PlanItemPages: Sendable {
    /// What the items are (`Budget`, `Goal`), which types their ids.
    associatedtype Item
    /// The add and edit form as posted.
    associatedtype Form: PageForm
    /// What the add and edit forms show.
    associatedtype Input

    /// The items' path under the book, such as "budgets".
    static var path: String { get }
    /// The posted form as its page shows it again when it is refused.
    static func echo(_ form: Form) -> Input

    /// The list with the add form, filled with `input`, showing `error` (then a 422).
    func listPage(context: AppContext, input: Input?, error: FieldError?) async throws -> Response
    /// The item of the route's `:id` with its edit form, filled with `input`, showing `error`.
    func detailPage(context: AppContext, input: Input?, error: FieldError?) async throws -> Response
    /// Throws not-found unless the item is the book's.
    func find(_ id: Tagged<Item, Int64>, in scope: BookScope) async throws
    /// Adds an item from the posted form.
    func add(_ form: Form, in scope: BookScope) async throws
    /// Changes the item from the posted form.
    func change(_ id: Tagged<Item, Int64>, to form: Form, in scope: BookScope) async throws
    /// Deletes the item.
    func remove(_ id: Tagged<Item, Int64>, in scope: BookScope) async throws
}

// Each controller still declares its routes by their literal paths, so a route can be found by
// searching for it; the handlers below are what they share.
extension PlanItemPages {
    func list(_ request: Request, context: AppContext) async throws -> Response {
        try await listPage(context: context, input: nil, error: nil)
    }

    func detail(_ request: Request, context: AppContext) async throws -> Response {
        try await detailPage(context: context, input: nil, error: nil)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try scope.requireWrite()
        return try await PageRenderer.post(request, context: context, as: Form.self) { form in
            try await add(form, in: scope)
            return Self.link(scope.bookID)
        } refused: { form, error in
            try await listPage(context: context, input: Self.echo(form), error: error)
        }
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: Tagged<Item, Int64>.self)
        try await find(id, in: scope)
        return try await PageRenderer.post(request, context: context, as: Form.self) { form in
            try await change(id, to: form, in: scope)
            return "\(Self.link(scope.bookID))/\(id)"
        } refused: { form, error in
            try await detailPage(context: context, input: Self.echo(form), error: error)
        }
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await remove(try context.parameters.id("id"), in: scope)
        return PageRenderer.redirect(Self.link(scope.bookID))
    }

    /// The list's address in `book`.
    static func link(_ book: BookID) -> String { "/books/\(book)/\(path)" }
}
