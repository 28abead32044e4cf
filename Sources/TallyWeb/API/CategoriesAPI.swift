import Hummingbird
import TallyCore
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

    func list(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let all = try await store.books.categories(in: scope)
        return try JSONResponse.make(all.map { APIModel.CategoryJSON($0, all: all) })
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await JSONBody.read(request, allowed: ["name", "kind", "parent", "icon", "color"])
        let category = try await store.books.createCategory(
            in: scope,
            name: try body.string("name"),
            kind: try body.string("kind"),
            parent: try body.string("parent", allowInteger: true),
            icon: try body.string("icon"),
            color: try body.string("color")
        )
        let all = try await store.books.categories(in: scope)
        return try JSONResponse.make(APIModel.CategoryJSON(category, all: all), status: .created)
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let body = try await JSONBody.read(request, allowed: ["name", "icon", "color"])
        let changes = CategoryChanges(
            name: try body.string("name"),
            icon: try body.string("icon"),
            color: try body.string("color")
        )
        let category = try await store.books.updateCategory(
            try context.parameters.id("id"),
            in: scope,
            changes: changes
        )
        let all = try await store.books.categories(in: scope)
        return try JSONResponse.make(APIModel.CategoryJSON(category, all: all))
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
