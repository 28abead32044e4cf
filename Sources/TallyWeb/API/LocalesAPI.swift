import Hummingbird
import TallyCore
import TallyJSON

/// `GET /locales`: the languages Tally speaks, for a client's language picker. Open to anyone: a
/// sign-up form asks before there is a user.
struct LocalesAPI {
    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("locales", use: list)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> APIList<APIModel.LocaleJSON> {
        APIList(Language.offered.map(APIModel.LocaleJSON.init))
    }
}
