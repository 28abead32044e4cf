import Hummingbird
import TallyCore
import TallyStore

/// Manage categories: add, rename, icon and colour, sub-categories, delete with a destination.
struct CategoryPages: CatalogPages {
    let store: Store
    let pages: PageRenderer

    static let path = "categories"

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("categories", use: list)
        book.post("categories", use: create)
        book.post("categories/:id", use: update)
        book.get("categories/:id/delete", use: confirmDelete)
        book.post("categories/:id/delete", use: delete)
        return routes
    }

    func page(
        context: AppContext,
        error: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let all = try await store.books.categories(in: scope)
        return pages.page(
            "categories",
            title: "Categories",
            context: context,
            book: book,
            model: CategoriesPage(all, error: error),
            status: status
        )
    }

    func create(_ request: Request, context: AppContext) async throws -> Response {
        try await post(request, context: context, as: CategoryForm.self) { form, scope in
            _ = try await store.books.createCategory(
                in: scope,
                name: form.name,
                kind: form.kind,
                parent: form.parent,
                icon: form.icon,
                color: form.color
            )
        }
    }

    func update(_ request: Request, context: AppContext) async throws -> Response {
        let id = try context.parameters.id("id", as: CategoryID.self)
        return try await post(request, context: context, as: CategoryForm.self) { form, scope in
            let changes = CategoryChanges(name: form.name, icon: form.icon, color: form.color)
            _ = try await store.books.updateCategory(id, in: scope, changes: changes)
        }
    }

    func confirmDelete(_ request: Request, context: AppContext) async throws -> Response {
        try await deletePage(context: context)
    }

    private func deletePage(context: AppContext, error: String = "") async throws -> Response {
        let scope = try context.bookScope()
        let book = try scope.writable()
        let id = try context.parameters.id("id", as: CategoryID.self)
        let all = try await store.books.categories(in: scope)
        guard let category = all.first(where: { $0.id == id }) else { throw StoreError.notFound("category") }
        let targets = all.filter { $0.kind == category.kind && $0.id != id && $0.parentID != id }
        let model = CategoryDeletePage(
            id: id,
            name: category.name,
            icon: category.icon,
            error: error,
            targets: targets.map { IDOption(id: $0.id, label: $0.path(in: all)) }
        )
        return pages.page(
            "category_delete",
            title: "Delete \(category.name)?",
            context: context,
            book: book,
            model: model,
            status: error.isEmpty ? .ok : .unprocessableContent
        )
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: CategoryID.self)
        return try await PageRenderer.post(request, context: context, as: CategoryDeleteForm.self) { form in
            try await store.books.deleteCategory(id, in: scope, moveTo: form.moveTo)
            return Self.link(scope.bookID)
        } refused: { _, error in
            try await deletePage(context: context, error: error.description)
        }
    }
}
