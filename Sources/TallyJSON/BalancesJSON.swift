import TallyCore

extension ReportJSON {
    /// `GET …/reports/balances` and `tally report balances --format json`:
    /// `{currency, periods: [{end, accounts: [{account, currency, balance, base_balance}], net_worth}]}`.
    /// Amounts are decimal strings; a `base_balance` no rate converts is `null` (and left out of
    /// that period's `net_worth`).
    public struct Balances: Encodable, Sendable, SnakeCaseKeys, JSONWritable {
        struct Entry: Encodable, Sendable {
            let account: String, currency: String, balance: String
            let baseBalance: String?

            enum CodingKeys: String, CodingKey {
                case account, currency, balance
                case baseBalance = "base_balance"
            }

            // By hand: a balance without a rate is written `null`, not left out.
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(account, forKey: .account)
                try c.encode(balance, forKey: .balance)
                try c.encode(baseBalance, forKey: .baseBalance)
                try c.encode(currency, forKey: .currency)
            }

            func write(to json: inout JSONWriter) {
                json.object { json in
                    json.key("account")
                    json.string(account)
                    json.key("balance")
                    json.string(balance)
                    json.key("base_balance")
                    if let baseBalance { json.string(baseBalance) } else { json.null() }
                    json.key("currency")
                    json.string(currency)
                }
            }
        }

        struct Period: Encodable, Sendable {
            let end: String, netWorth: String
            let accounts: [Entry]

            enum CodingKeys: String, CodingKey {
                case end, accounts
                case netWorth = "net_worth"
            }

            func write(to json: inout JSONWriter) {
                json.object { json in
                    json.key("accounts")
                    json.array(accounts) { json, entry in entry.write(to: &json) }
                    json.key("end")
                    json.string(end)
                    json.key("net_worth")
                    json.string(netWorth)
                }
            }
        }

        let currency: String
        let periods: [Period]

        /// The JSON of a balances report.
        public init(_ r: BalanceReport) {
            currency = r.currency.code
            periods = r.periods.map { period in
                Period(
                    end: period.end.description,
                    netWorth: period.netWorth.decimalString,
                    accounts: period.balances.map {
                        Entry(
                            account: $0.account.name,
                            currency: $0.balance.currency.code,
                            balance: $0.balance.decimalString,
                            baseBalance: $0.base?.decimalString
                        )
                    }
                )
            }
        }

        public func write(to json: inout JSONWriter) {
            json.object { json in
                json.key("currency")
                json.string(currency)
                json.key("periods")
                json.array(periods) { json, period in period.write(to: &json) }
            }
        }
    }
}
