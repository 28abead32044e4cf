import Hummingbird
import TallyCore
import TallyStore

/// `GET|POST /books/{book}/categories`, `PATCH|DELETE /books/{book}/categories/{id}?move_to=`.
struct CategoriesAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/categories", use: list)
        routes.post("books/:book/categories", use: create)
        routes.patch("books/:book/categories/:id", use: update)
        routes.delete("books/:book/categories/:id", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        let all = try await store.categories(in: try context.parameters.id("book"), for: try context.requireUser())
        return try JSONResponse.make(all.map { APIModel.CategoryJSON($0, all: all) })
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let body = try await JSONBody.read(request, allowed: ["name", "kind", "parent", "icon", "color"])
        let category = try await store.createCategory(
            in: bookID, for: user, name: try body.string("name"), kind: try body.string("kind"),
            parent: try body.string("parent", allowInteger: true), icon: try body.string("icon"), color: try body.string("color")
        )
        let all = try await store.categories(in: bookID, for: user)
        return try JSONResponse.make(APIModel.CategoryJSON(category, all: all), status: .created)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        _ = try await store.access(user, book: bookID, write: true)
        let body = try await JSONBody.read(request, allowed: ["name", "icon", "color"])
        let changes = CategoryChanges(name: try body.string("name"), icon: try body.string("icon"), color: try body.string("color"))
        let category = try await store.updateCategory(try context.parameters.id("id"), in: bookID, for: user, changes: changes)
        let all = try await store.categories(in: bookID, for: user)
        return try JSONResponse.make(APIModel.CategoryJSON(category, all: all))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        try await store.deleteCategory(
            try context.parameters.id("id"), in: try context.parameters.id("book"), for: try context.requireUser(),
            moveTo: request.uri.queryParameters["move_to"].map(String.init)
        )
        return Response(status: .noContent)
    }
}
