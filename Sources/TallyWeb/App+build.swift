import Foundation
import Hummingbird
import HummingbirdAuth
import Logging
import ServiceLifecycle
import TallyLocales
import TallyStore

/// Builds the application: the router over `store`, plus the database's background service
/// (the PostgreSQL pool) and the housekeeping sweep, so they live exactly as long as the server.
///
/// On PostgreSQL pass `csrfSecret` (read while the pool ran, as `tally serve` does): the pool only
/// runs once the app does, so reading the secret here would wait for it forever.
public func buildApplication(
    _ configuration: AppConfiguration,
    store: Store,
    csrfSecret: String? = nil,
    logger: Logger = Logger(label: "tally")
) async throws -> some ApplicationProtocol {
    let router = try await buildRouter(configuration, store: store, csrfSecret: csrfSecret)
    var services: [any Service] = [
        DatabaseService(database: store.database),
        MaintenanceService(store: store, limits: configuration.loginLimits, logger: logger),
    ]
    // `/metrics` on an address of its own: a second server, living as long as the app.
    if let settings = configuration.metrics, let address = settings.address {
        let endpoint = MetricsEndpoint(metrics: settings.metrics, store: store, token: settings.token)
        services.append(
            Application(
                router: endpoint.router(),
                configuration: .init(address: .hostname(address.host, port: address.port), serverName: "tally"),
                logger: logger
            )
        )
    }
    return Application(
        router: router,
        // Requests the HTTP parser refuses (a URL over 80 KB) get problem+json too.
        server: .http1(configuration: .init(additionalChannelHandlers: [ParseErrorHandler()])),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "tally"),
        services: services,
        logger: logger
    )
}

/// Builds the router: static files, the HTML pages and the JSON API under /api/v1.
public func buildRouter(
    _ configuration: AppConfiguration,
    store: Store,
    csrfSecret: String? = nil
) async throws -> Router<AppContext> {
    let router = Router(context: AppContext.self)
    // A shipped catalog that does not parse stops the start, naming its file and line.
    try Catalogs.checkShipped()
    let assets = try StaticAssets.load(directory: Bundle.module.resourcePath! + "/Public")
    let pages = try await PageRenderer.load(assets: assets)
    let csrfSecret = if let csrfSecret { csrfSecret } else { try await store.users.serverSecret(named: "csrf") }
    let sessionCookie = SessionCookieParameters(
        name: "tally_session",
        path: "/",
        secure: configuration.secureCookies,
        sameSite: .lax
    )
    // Filled once every route is added (the end of this function): a 405's `Allow`.
    let routeMethods = RouteMethods<AppContext>()
    // A form's `+` is a space before anything reads the query.
    router.add(middleware: FormQueryMiddleware())
    // Outermost: every answer is counted (when metrics are on) and carries the request's id.
    if let settings = configuration.metrics {
        router.add(middleware: RequestMetricsMiddleware(metrics: settings.metrics))
    }
    router.add(middleware: RequestIDMiddleware())
    if let settings = configuration.metrics, settings.address == nil {
        let endpoint = MetricsEndpoint(metrics: settings.metrics, store: store, token: settings.token)
        router.add(middleware: MetricsEndpointMiddleware(endpoint: endpoint))
    }
    router.addMiddleware {
        SecurityHeadersMiddleware()
        CompressionMiddleware()
        APIErrorMiddleware()
        MethodNotAllowedMiddleware(routes: routeMethods)
        StaticFilesMiddleware(assets: assets)
        SessionMiddleware(
            storage: SQLPersistDriver(store: store),
            configuration: .init(
                sessionCookieParameters: sessionCookie,
                keyPrefix: "",
                defaultSessionExpiration: .seconds(60 * 60 * 24 * 30)
            )
        )
        AuthMiddleware(
            store: store,
            trustForwardedFor: configuration.trustForwardedFor,
            serverLocale: configuration.defaultLocale
        )
        CSRFMiddleware(secret: csrfSecret, secureCookies: configuration.secureCookies)
    }
    router.addRoutes(HealthRoute(store: store).routes)
    // Browsers ask for /favicon.ico wherever a page names no icon (an image opened on its own).
    router.get("favicon.ico") { _, _ in
        Response(status: .permanentRedirect, headers: [.location: assets.path("icon.svg")])
    }

    let api = router.group("api/v1").add(middleware: SingleQueryValues())
    api.get("openapi.json") { _, _ in Response(status: .permanentRedirect, headers: [.location: "/static/openapi.json"])
    }
    api.addRoutes(AuthAPI(store: store, openSignup: configuration.openSignup, limits: configuration.loginLimits).routes)
    api.addRoutes(BooksAPI(store: store).routes)
    api.addRoutes(LocalesAPI().routes)
    api.addRoutes(SharingAPI(store: store, publicURL: configuration.publicURL).routes)
    api.addRoutes(ProfileAPI(store: store, limits: configuration.loginLimits).routes)
    api.addRoutes(BackupAPI(store: store).routes)
    api.addRoutes(QuickAddAPI(store: store).routes)
    api.addRoutes(TransactionsAPI(store: store).routes)
    api.addRoutes(CategoriesAPI(store: store).routes)
    api.addRoutes(AccountsAPI(store: store).routes)
    api.addRoutes(ReceiptsAPI(store: store).routes)
    api.addRoutes(ReceiptReadAPI(store: store, reader: configuration.receipts).routes)
    api.addRoutes(ReportsAPI(store: store).routes)
    api.addRoutes(ImportsAPI(store: store).routes)
    api.addRoutes(StatementImportsAPI(store: store).routes)
    api.addRoutes(ImportPresetsAPI(store: store).routes)
    api.addRoutes(RulesAPI(store: store).routes)
    api.addRoutes(RatesAPI(store: store).routes)
    api.addRoutes(TagsAPI(store: store).routes)
    api.addRoutes(BudgetsAPI(store: store).routes)
    api.addRoutes(GoalsAPI(store: store).routes)
    api.addRoutes(BillsAPI(store: store).routes)
    api.addRoutes(TodayAPI(store: store, publicURL: configuration.publicURL).routes)
    router.addRoutes(CalendarFeedRoute(store: store).routes)

    let web = router.group().add(middleware: PageErrorMiddleware(pages: pages))
    web.addRoutes(
        AuthPages(store: store, pages: pages, openSignup: configuration.openSignup, limits: configuration.loginLimits)
            .routes
    )
    web.addRoutes(LoginCodePages(store: store, pages: pages, limits: configuration.loginLimits).routes)
    web.addRoutes(CalendarPages(store: store, pages: pages).routes)
    web.addRoutes(TransactionPages(store: store, pages: pages, reader: configuration.receipts).routes)
    web.addRoutes(CategoryPages(store: store, pages: pages).routes)
    web.addRoutes(AccountPages(store: store, pages: pages).routes)
    web.addRoutes(RatePages(store: store, pages: pages).routes)
    web.addRoutes(TagPages(store: store, pages: pages).routes)
    web.addRoutes(DashboardPages(store: store, pages: pages).routes)
    web.addRoutes(ReportPages(store: store, pages: pages).routes)
    web.addRoutes(BalancePages(store: store, pages: pages).routes)
    web.addRoutes(ImportPages(store: store, pages: pages).routes)
    web.addRoutes(StatementImportPages(store: store, pages: pages).routes)
    web.addRoutes(StatementReviewPages(store: store, pages: pages).routes)
    web.addRoutes(RulePages(store: store, pages: pages).routes)
    web.addRoutes(BudgetPages(store: store, pages: pages).routes)
    web.addRoutes(GoalPages(store: store, pages: pages).routes)
    web.addRoutes(BillPages(store: store, pages: pages).routes)
    web.addRoutes(TodayPages(store: store, pages: pages).routes)
    web.addRoutes(EntryPages(store: store).routes)
    let settings = SettingsPages(store: store, pages: pages, publicURL: configuration.publicURL)
    web.addRoutes(settings.routes)
    web.addRoutes(ProfilePages(store: store, settings: settings, limits: configuration.loginLimits).routes)
    web.addRoutes(BookPages(store: store, pages: pages, publicURL: configuration.publicURL).routes)
    web.addRoutes(InvitationPages(store: store, pages: pages).routes)
    routeMethods.fill(from: router)
    return router
}

/// Runs the database's background work (the PostgreSQL pool) as a service of the app.
struct DatabaseService: Service {
    let database: Database

    func run() async throws {
        if database.engine == .postgres {
            // The pool runs until cancelled; graceful shutdown reaches it after the HTTP server's.
            await cancelWhenGracefulShutdown { await database.run() }
        } else {
            // SQLite: checkpoint the WAL here, a little at a time (every tenth of a second, so
            // each fsync is small), off the requests' path.
            try? await database.deferCheckpoints()
            await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(100))
                    try? await database.checkpoint()
                }
            }
        }
        await database.close()
    }
}
