import Hummingbird
import TallyCore
import TallyStore

/// `…/books/{book}/tags`: the book's tags with their record counts, the most used first (`GET`,
/// `?prefix=` for autocompletion, `?limit=` 1–500); `PATCH …/tags/{id} {name}` renames one (onto
/// another tag's name it merges the two); `DELETE …/tags/{id}` takes it off every record.
struct TagsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("tags", use: list)
        book.patch("tags/:id", use: rename)
        book.delete("tags/:id", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<TagJSON> {
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        var limit = 500
        if let text = query.get("limit") {
            guard let value = Int(text) else { throw FieldError("limit", "must be a whole number from 1 to 500") }
            limit = value
        }
        let tags = try await store.records.tags(in: scope, prefix: query.get("prefix") ?? "", limit: limit)
        return APIList(tags.map(TagJSON.init))
    }

    func rename(_ request: Request, context: AppContext) async throws -> TagJSON {
        let scope = try context.bookScope()
        let body = try await JSONBody.read(request, allowed: ["name"])
        guard let name = try body.string("name") else { throw FieldError("name", "is required") }
        return TagJSON(try await store.records.renameTag(try context.parameters.id("id"), to: name, in: scope))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.records.deleteTag(try context.parameters.id("id"), in: scope)
        return Response(status: .noContent)
    }
}

/// `{id, name, count}`.
struct TagJSON: ResponseEncodable {
    let id: Int64, name: String, count: Int

    init(_ tag: Tag) {
        id = tag.id.rawValue
        name = tag.name
        count = tag.count
    }
}
