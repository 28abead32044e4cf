import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// `…/books/{book}/import-presets`: a book's saved CSV mappings. `GET` lists them by name,
/// `POST {name, mapping: {…}, header?}` saves one (replacing the preset of that name), `DELETE
/// …/import-presets/{id}` removes one. A preset's name is what `POST …/imports?preset=` takes.
struct ImportPresetsAPI {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("import-presets", use: list)
        book.post("import-presets", use: create)
        book.delete("import-presets/:id", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<PresetJSON> {
        APIList(try await store.imports.presets(in: try context.bookScope()).map(PresetJSON.init))
    }

    func create(_ request: Request, context: AppContext) async throws -> EditedResponse<PresetJSON> {
        let scope = try context.bookScope()
        try scope.requireWrite()
        let buffer = try await JSONRequestBody.read(request)
        // The mapping is a nested object, which `JSONBody` does not hold: read the object here.
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: buffer)) as? [String: Any] else {
            throw BadRequest(detail: "the body is not a valid JSON object")
        }
        let allowed = ["header", "mapping", "name"]
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw BadRequest(detail: "unknown field '\(unknown)'; allowed: \(allowed.joined(separator: ", "))")
        }
        guard let name = object["name"] as? String else { throw FieldError("name", "is required, as a string") }
        let header: String
        switch object["header"] {
        case nil, is NSNull: header = ""
        case let text as String: header = text
        default: throw FieldError("header", "must be a string: the header line of the file the mapping reads")
        }
        guard let raw = object["mapping"], raw is [String: Any] else {
            throw FieldError(
                "mapping",
                "is required: a mapping object such as {\"date\": \"Date\", \"amount\": \"Amount\"}"
            )
        }
        let mapping: CSVMapping
        do {
            mapping = try CSVMapping.decode(json: Array(try JSONSerialization.data(withJSONObject: raw)))
        } catch let error as StatementError {
            throw FieldError(error.location, error.message)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(mapping), as: UTF8.self)
        let preset = try await store.imports.savePreset(in: scope, name: name, mapping: text, header: header)
        return created(PresetJSON(preset))
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.imports.deletePreset(try StatementImportsAPI.pathID(context), in: scope)
        return Response(status: .noContent)
    }
}

/// `{id, name, mapping: {…}, header}`: the mapping as the contract's object.
struct PresetJSON: ResponseEncodable {
    let id: Int64, name: String, mapping: CSVMapping?, header: String

    init(_ p: ImportPreset) {
        id = p.id
        name = p.name
        mapping = try? JSONDecoder().decode(CSVMapping.self, from: Data(p.mapping.utf8))
        header = p.header
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(mapping, forKey: .mapping)
        try c.encode(header, forKey: .header)
    }

    enum Keys: String, CodingKey { case id, name, mapping, header }
}
