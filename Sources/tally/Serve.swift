import ArgumentParser
import Foundation
import Hummingbird
import Logging
import TallyCLI
import TallyCore
import TallyStore
import TallyWeb

extension Tally {
    /// `tally serve`: the web app and JSON API.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run the web app and the JSON API.")

        @OptionGroup var store: StoreOptions

        @Option(help: "Address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "Port to listen on.")
        var port = 8080

        @Flag(help: "Let anyone sign up (the first user can always sign up).")
        var allowSignup = false

        @Flag(help: "Mark cookies Secure; use when Tally is served over HTTPS (behind a TLS proxy).")
        var secureCookies = false

        @Option(
            help: ArgumentHelp(
                "The address people reach Tally at, e.g. https://tally.example.com (default: $TALLY_PUBLIC_URL, else http://<host>:<port>).",
                discussion:
                    "Links handed out for use elsewhere, such as the calendar feed, are built from it, never from the request's Host header."
            )
        )
        var publicURL: String?

        @Flag(
            help:
                "Count failed sign-ins against the last X-Forwarded-For address (only behind a proxy that sets it; also $TALLY_TRUST_FORWARDED_FOR=1)."
        )
        var trustForwardedFor = false

        @Flag(help: "Serve Prometheus metrics at /metrics (needs --metrics-token or --metrics-address).")
        var metrics = false

        @Option(
            help:
                "The bearer token /metrics asks for, 16 characters or more (default: $TALLY_METRICS_TOKEN)."
        )
        var metricsToken: String?

        @Option(help: "Serve /metrics on this HOST:PORT only, instead of the app's port.")
        var metricsAddress: String?

        @Option(
            help:
                "The languages Tesseract reads receipts in, e.g. eng+deu+fra (default: $TALLY_OCR_LANGUAGES, else eng)."
        )
        var ocrLanguages: String?

        @Option(
            help:
                "How many receipt photos may wait for a reading slot (one per core); more answer 503 with Retry-After (default: $TALLY_OCR_QUEUE, else 16)."
        )
        var ocrQueue: Int?

        @Option(
            help:
                "The language and formats for callers with no setting whose browser asks for none Tally speaks, e.g. de-DE (default: $TALLY_LOCALE, else en-US)."
        )
        var locale: String?

        /// `--locale`, else `TALLY_LOCALE`, else nil (US English).
        func serverLocale() throws -> TallyLocale? {
            guard let raw = locale ?? Self.environment("TALLY_LOCALE") else { return nil }
            do { return try TallyLocale(raw, field: locale == nil ? "TALLY_LOCALE" : "--locale") } catch {
                throw ArgumentParser.ValidationError(error.description)
            }
        }

        func validate() throws {
            _ = try serverLocale()
            _ = try metricsPlace()
            _ = try receiptLanguages()
            _ = try receiptQueue()
            if let value = publicURL ?? Self.environment("TALLY_PUBLIC_URL") {
                do { _ = try AppConfiguration.publicURL(value) } catch {
                    throw ArgumentParser.ValidationError("--public-url \(error.message)")
                }
            }
        }

        func run() async throws {
            var logger = Logger(label: "tally")
            logger.logLevel = .info
            let location = try store.location()
            // What a server or restore killed with kill -9 left in the temporary folder.
            let swept = ScratchFolder.sweep()
            if !swept.isEmpty {
                logger.info(
                    "removed \(swept.count) temporary folder(s) left by stopped processes: \(swept.joined(separator: ", "))"
                )
            }
            // Migrate first (with the PostgreSQL pool running only for that), then open the
            // store the app keeps; its pool runs as a service of the app.
            // The CSRF secret is read here too, while the pool runs (see buildApplication).
            let csrfSecret = try await store.withStore(ignoringServer: true) {
                try await $0.users.serverSecret(named: "csrf")
            }
            let metricsSettings = try metricsPlace().map {
                MetricsSettings(metrics: AppMetrics(), token: $0.token, address: $0.address)
            }
            let opened = try await Store.open(
                location,
                logger: logger,
                metrics: metricsSettings?.metrics.store ?? .none
            )
            let publicAddress = try (publicURL ?? Self.environment("TALLY_PUBLIC_URL")).map {
                try AppConfiguration.publicURL($0)
            }
            let trustProxy =
                trustForwardedFor
                || ["1", "true", "yes"].contains(Self.environment("TALLY_TRUST_FORWARDED_FOR")?.lowercased() ?? "")
            var configuration = AppConfiguration(
                host: host,
                port: port,
                openSignup: allowSignup,
                secureCookies: secureCookies,
                publicURL: publicAddress,
                trustForwardedFor: trustProxy,
                metrics: metricsSettings
            )
            configuration.receipts = ReceiptOCR(languages: try receiptLanguages(), waiting: try receiptQueue())
            configuration.defaultLocale = try serverLocale()
            let app = try await buildApplication(configuration, store: opened, csrfSecret: csrfSecret, logger: logger)
            Self.say("Tally is listening on http://\(host):\(port)")
            Self.say("Public address: \(configuration.publicURL)")
            Self.say("Data: \(location.redacted)")
            // Said at start so a missing package is found before the first photo is.
            if !configuration.receipts.isInstalled {
                Self.say("Receipt reading: off until Tesseract is installed (apt-get install tesseract-ocr)")
            }
            if let metricsSettings {
                let address = metricsSettings.address.map { "http://\($0.host):\($0.port)/metrics" }
                Self.say(
                    "Metrics: \(address ?? "/metrics on the app's port")\(metricsSettings.token == nil ? "" : ", with the token")"
                )
            }
            try await app.runService()
        }

        /// The `--ocr-languages` (or `$TALLY_OCR_LANGUAGES`) list, English when neither is set.
        func receiptLanguages() throws -> String {
            do {
                let languages = ocrLanguages ?? Self.environment("TALLY_OCR_LANGUAGES") ?? "eng"
                return try ReceiptOCR.checked(languages: languages)
            } catch {
                throw ArgumentParser.ValidationError("--\(error.description)")
            }
        }

        /// The `--ocr-queue` (or `$TALLY_OCR_QUEUE`) length, 16 when neither is set.
        func receiptQueue() throws -> Int {
            guard let value = ocrQueue ?? Self.environment("TALLY_OCR_QUEUE").map({ Int($0) ?? -1 }) else {
                return ReceiptOCR.defaultWaiting
            }
            guard (0...10_000).contains(value) else {
                throw ArgumentParser.ValidationError("--ocr-queue must be a whole number from 0 to 10000")
            }
            return value
        }

        /// Where `/metrics` is served and its token, from the flags; nil when it is off.
        func metricsPlace() throws -> (token: String?, address: (host: String, port: Int)?)? {
            let token = metricsToken ?? Self.environment("TALLY_METRICS_TOKEN")
            guard metrics else {
                if metricsToken != nil || metricsAddress != nil {
                    throw ArgumentParser.ValidationError("--metrics-token and --metrics-address need --metrics")
                }
                return nil
            }
            if let token, token.count < 16 || !token.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) {
                throw ArgumentParser.ValidationError(
                    "--metrics-token must be 16 or more printable ASCII characters without spaces"
                )
            }
            var address: (host: String, port: Int)?
            if let metricsAddress {
                guard let colon = metricsAddress.lastIndex(of: ":"),
                    let port = Int(metricsAddress[metricsAddress.index(after: colon)...]), (1...65535).contains(port),
                    colon > metricsAddress.startIndex
                else {
                    throw ArgumentParser.ValidationError("--metrics-address must be HOST:PORT, e.g. 127.0.0.1:9464")
                }
                var host = String(metricsAddress[..<colon])
                if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
                address = (host, port)
            }
            guard token != nil || address != nil else {
                throw ArgumentParser.ValidationError(
                    "--metrics needs --metrics-token (or $TALLY_METRICS_TOKEN) or --metrics-address: metrics are never open to everyone on the app's port"
                )
            }
            return (token, address)
        }

        /// Writes a line to stdout at once. Under a service manager stdout is a pipe, which
        /// `print` buffers in blocks, so the startup lines would only appear at exit; this goes
        /// straight to the file descriptor.
        static func say(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }

        static func environment(_ name: String) -> String? {
            guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
            return value
        }
    }
}
