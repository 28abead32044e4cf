import Foundation
import TallyCore
import TallyJSON
import TallyStore

/// Balances over time, from local data or a server: the API's JSON either way, so
/// `tally report balances --format json` prints what `GET …/reports/balances` answers, byte for
/// byte, and the terminal table is made from that same JSON.
protocol BalancesBackend {
    /// `ReportJSON.Balances` for `fields` (from, to, interval as typed), with a final newline.
    func balancesJSON(_ fields: [String: String]) async throws -> [UInt8]
}

extension LocalBackend {
    func balancesJSON(_ fields: [String: String]) async throws -> [UInt8] {
        let report = try await store.reports.balances(
            try BalanceQuery.parse({ fields[$0] }, today: scope.today),
            in: scope
        )
        return Array(try ReportJSON.encode(ReportJSON.Balances(report))) + [0x0A]
    }
}

extension RemoteBackend {
    func balancesJSON(_ fields: [String: String]) async throws -> [UInt8] {
        let query = fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        // The API's JSON is the local command's without the final newline a terminal wants.
        return try await client.send(.GET, base + "/reports/balances", query: query).body + [0x0A]
    }
}
