import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

extension ReportsAPI {
    /// `GET …/reports/balances?from&to&interval=day|week|month`: each account's balance and the
    /// net worth at the end of each period, as `ReportJSON.Balances`.
    func balances(_ request: Request, context: AppContext) async throws -> Response {
        // The book scope is the route's access check: a stranger never gets this far (404).
        let scope = try context.bookScope()
        let query = request.uri.queryParameters
        let report = try await store.reports.balances(
            try BalanceQuery.parse({ query.get($0) }, today: scope.today),
            in: scope
        )
        return try ReportJSON.Balances(report).response(from: request, context: context)
    }
}
