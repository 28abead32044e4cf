import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// `GET|POST /books/{book}/categories`, `PATCH|DELETE /books/{book}/categories/{id}?move_to=`.
struct CategoriesAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("categories", use: list)
        book.post("categories", use: create)
        book.patch("categories/:id", use: update)
        book.delete("categories/:id", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<APIModel.CategoryJSON> {
        let scope = try context.bookScope()
        let all = try await store.books.categories(in: scope)
        return APIList(all.map { APIModel.CategoryJSON($0, all: all) })
    }

    func create(_ request: Request, context: AppContext) async throws -> EditedResponse<APIModel.CategoryJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await request.decode(as: NewCategory.self, context: context)
        let category = try await store.books.createCategory(
            in: scope,
            name: body.name,
            kind: body.kind,
            parent: body.parent,
            icon: body.icon,
            color: body.color
        )
        return created(APIModel.CategoryJSON(category, all: try await store.books.categories(in: scope)))
    }

    func update(_ request: Request, context: AppContext) async throws -> APIModel.CategoryJSON {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let changes = try await request.decode(as: CategoryChangesBody.self, context: context).input
        let category = try await store.books.updateCategory(
            try context.parameters.id("id"),
            in: scope,
            changes: changes
        )
        return APIModel.CategoryJSON(category, all: try await store.books.categories(in: scope))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.books.deleteCategory(
            try context.parameters.id("id"),
            in: scope,
            moveTo: request.uri.queryParameters["move_to"].map(String.init)
        )
        return Response(status: .noContent)
    }
}

/// `POST /books/{book}/categories`; the parent may be given by id or by name.
struct NewCategory: APIRequest {
    static let fields: Set<String> = ["name", "kind", "parent", "icon", "color"]
    let name, kind, parent, icon, color: String?

    init(_ body: JSONBody) throws {
        name = try body.string("name")
        kind = try body.string("kind")
        parent = try body.string("parent", allowInteger: true)
        icon = try body.string("icon")
        color = try body.string("color")
    }
}

/// `PATCH /books/{book}/categories/{id}`.
struct CategoryChangesBody: APIRequest {
    static let fields: Set<String> = ["name", "icon", "color"]

    let input: CategoryChanges

    init(_ body: JSONBody) throws {
        input = CategoryChanges(
            name: try body.string("name"),
            icon: try body.string("icon"),
            color: try body.string("color")
        )
    }
}
