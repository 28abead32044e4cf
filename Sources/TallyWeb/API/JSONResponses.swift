import Hummingbird
import TallyJSON

// The shapes that the CLI writes too live in TallyJSON, which knows no web server; here they
// become answers. `ResponseEncodable` needs nothing but `Encodable`, so these conformances add no
// behaviour, and the API's encoder (`APIResponseEncoder`) writes them as it writes every answer.

extension APIModel.BookJSON: ResponseEncodable {}
extension APIModel.MemberJSON: ResponseEncodable {}
extension APIModel.CategoryJSON: ResponseEncodable {}
extension APIModel.AccountJSON: ResponseEncodable {}
extension APIModel.BudgetJSON: ResponseEncodable {}
extension APIModel.GoalJSON: ResponseEncodable {}
extension APIModel.ContributionJSON: ResponseEncodable {}
extension APIModel.BillJSON: ResponseEncodable {}
extension ReportJSON.Summary: ResponseEncodable {}
extension ReportJSON.Trend: ResponseEncodable {}
extension ReportJSON.CashFlow: ResponseEncodable {}
extension ReportJSON.Balances: ResponseEncodable {}
extension ReportJSON.Import: ResponseEncodable {}
