import Hummingbird
import TallyCore
import TallyStore

/// Manage categories: add, rename, icon and colour, sub-categories, delete with a destination.
struct CategoryPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("books/:book/categories", use: list)
        routes.post("books/:book/categories", use: create)
        routes.post("books/:book/categories/:id", use: update)
        routes.get("books/:book/categories/:id/delete", use: confirmDelete)
        routes.post("books/:book/categories/:id/delete", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        try await page(context: context)
    }

    private func page(context: AppContext, error: String = "", status: HTTPResponse.Status = .ok) async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"))
        let all = try await store.categories(in: book.id, for: user)
        return pages.page("categories", title: "Categories", context: context, book: book, model: CategoriesPage(all, error: error), status: status)
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        var request = request
        let form = try await request.form(context: context)
        do {
            _ = try await store.createCategory(
                in: bookID, for: user, name: form["name"], kind: form["kind"], parent: form["parent"], icon: form["icon"], color: form["color"]
            )
            return PageRenderer.redirect("/books/\(bookID)/categories")
        } catch let error as ValidationError {
            return try await page(context: context, error: error.description, status: .unprocessableContent)
        }
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        var request = request
        let form = try await request.form(context: context)
        do {
            let changes = CategoryChanges(name: form["name"], icon: form["icon"], color: form["color"])
            _ = try await store.updateCategory(try context.parameters.id("id"), in: bookID, for: user, changes: changes)
            return PageRenderer.redirect("/books/\(bookID)/categories")
        } catch let error as ValidationError {
            return try await page(context: context, error: error.description, status: .unprocessableContent)
        }
    }

    func confirmDelete(_ request: Request, context: AppContext) async throws -> Response {
        try await deletePage(context: context)
    }

    private func deletePage(context: AppContext, error: String = "") async throws -> Response {
        let user = try context.requireUser()
        let book = try await store.access(user, book: try context.parameters.id("book"), write: true)
        let id = try context.parameters.id("id")
        let all = try await store.categories(in: book.id, for: user)
        guard let category = all.first(where: { $0.id == id }) else { throw StoreError.notFound("category") }
        let targets = all.filter { $0.kind == category.kind && $0.id != id && $0.parentID != id }
        let model = CategoryDeletePage(
            id: id, name: category.name, icon: category.icon, error: error, targets: targets.map { IDOption(id: $0.id, label: $0.path(in: all)) }
        )
        return pages.page("category_delete", title: "Delete \(category.name)?", context: context, book: book, model: model,
                          status: error.isEmpty ? .ok : .unprocessableContent)
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let user = try context.requireUser()
        let bookID = try context.parameters.id("book")
        var request = request
        let form = try await request.form(context: context)
        do {
            try await store.deleteCategory(try context.parameters.id("id"), in: bookID, for: user, moveTo: form["move_to"])
            return PageRenderer.redirect("/books/\(bookID)/categories")
        } catch let error as ValidationError {
            return try await deletePage(context: context, error: error.description)
        }
    }
}
