import Hummingbird
import TallyStore

extension Store {
    /// `handler` with every read it makes inside one read transaction (`Database.snapshot`): a
    /// page of several parts (the dashboard's totals, latest records, budgets and bills) shows
    /// them as of one moment, read on one pooled connection.
    func oneSnapshot<Output: Sendable>(
        _ handler: @escaping @Sendable (Request, AppContext) async throws -> Output
    ) -> @Sendable (Request, AppContext) async throws -> Output {
        { request, context in try await self.database.snapshot { try await handler(request, context) } }
    }
}
