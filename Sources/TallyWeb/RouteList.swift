import Hummingbird
import TallyStore

/// Every route of the real router as one `METHOD /path/:param` line, sorted by path then method.
///
/// The list comes from Hummingbird's own `router.routes`, so a route added anywhere in
/// `buildRouter` shows up here without editing anything else; the whole-surface tests (Swift and
/// browser, through `tally routes`) walk it. Captures print as `:name` (the way routes are
/// written in the source); any other Hummingbird path element prints as Hummingbird writes it.
/// `store` must be migrated; an empty in-memory store will do (no records are read).
public func routeList(_ configuration: AppConfiguration = AppConfiguration(), store: Store) async throws -> [String] {
    let router = try await buildRouter(configuration, store: store)
    return routeLines(router.routes.map { ($0.method.rawValue, $0.path.description) })
}

/// Formats (method, Hummingbird path) pairs: `{name}` segments become `:name`, duplicates go,
/// and the lines are sorted by path, then method, so the output is stable.
func routeLines(_ routes: [(method: String, path: String)]) -> [String] {
    let unique = Set(routes.map { RouteLine(method: $0.method, path: colonParameters($0.path)) })
    return unique.sorted { ($0.path, $0.method) < ($1.path, $1.method) }.map { "\($0.method) \($0.path)" }
}

/// One line of the list; hashable so a route reached twice is listed once.
private struct RouteLine: Hashable {
    let method: String
    let path: String
}

/// `/books/{book}/days/{date}` → `/books/:book/days/:date`; other segments are unchanged.
private func colonParameters(_ path: String) -> String {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> Substring in
        guard segment.count > 2, segment.first == "{", segment.last == "}",
            !segment.dropFirst().dropLast().contains(where: { $0 == "{" || $0 == "}" })
        else { return segment }
        return ":" + segment.dropFirst().dropLast()
    }
    return segments.joined(separator: "/")
}
