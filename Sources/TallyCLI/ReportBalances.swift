import Foundation
import TallyCore

extension Tally.Report {
    /// `tally report balances`: each account's balance and the net worth at the end of each day,
    /// week or month (`--interval`, by month when left out) from `--from` (the first of the month
    /// eleven months ago) to `--to` (today). `--format json` prints the API's JSON; a table
    /// otherwise. The summary's `--by`, `--kind` and `--tag` do not apply.
    func balances(_ what: String) async throws {
        try await reportingErrors {
            guard what == "balances" else {
                throw CLIError("unknown report '\(what)': the one named report is 'balances'")
            }
            guard format == .table || format == .json else {
                throw CLIError("--format for balances is table or json")
            }
            let fields = ["from": from, "to": to, "interval": interval].compactMapValues { $0 }
            let bytes = try await store.withBackend(who) { try await $0.balancesJSON(fields) }
            let out = format == .json ? bytes : Array(try BalancesText.table(bytes, interval: interval ?? "month").utf8)
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: Data(out)) else {
                    throw CLIError("cannot write \(output)")
                }
                print("Wrote \(output) (\(out.count) bytes).")
            } else {
                FileHandle.standardOutput.write(Data(out))
            }
        }
    }
}

/// Balances over time as a terminal table, made from the API's JSON: one row per period, the net
/// worth and then one column per account (and currency).
enum BalancesText {
    /// The API's JSON (read with `RemoteJSON.decode`, which turns snake_case into these names).
    struct JSON: Decodable {
        struct Period: Decodable {
            let end: String, netWorth: String
            let accounts: [Entry]
        }
        struct Entry: Decodable {
            let account: String, currency: String, balance: String
            let baseBalance: String?
        }
        let currency: String
        let periods: [Period]
    }

    static func table(_ bytes: [UInt8], interval: String) throws -> String {
        let json = try RemoteJSON.decode(JSON.self, bytes)
        guard let first = json.periods.first, let last = json.periods.last else { return "No periods.\n" }
        var text = "Balances per \(interval.lowercased()) to \(last.end), in \(json.currency)\n\n"
        let header =
            ["End", "Net worth"]
            + first.accounts.map { $0.currency == json.currency ? $0.account : "\($0.account) (\($0.currency))" }
        var leftOut: [String] = []
        let rows = try json.periods.map { period -> [String] in
            let missing = period.accounts.filter { $0.baseBalance == nil }
            for entry in missing.prefix(3) where leftOut.count < 5 {
                leftOut.append(
                    "\(entry.account) \(try RemoteJSON.money(entry.balance, entry.currency).formatted) on \(period.end)"
                )
            }
            let net = try RemoteJSON.money(period.netWorth, json.currency).formatted + (missing.isEmpty ? "" : "*")
            return [period.end, net]
                + (try period.accounts.map { try RemoteJSON.money($0.balance, $0.currency).formatted })
        }
        text += Listing.table(header: header, rows: rows, rightAligned: Set(1..<header.count))
        if !leftOut.isEmpty {
            text += "\n* leaves out balances no rate converts to \(json.currency): \(leftOut.joined(separator: "; "))\n"
        }
        return text
    }
}
