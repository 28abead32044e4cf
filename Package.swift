// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tally",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "tally", targets: ["tally"]),
        .library(name: "TallyCore", targets: ["TallyCore"]),
        // For the fuzz targets in Fuzz/ (a separate package that depends on this one by path).
        .library(name: "TallyFiles", targets: ["TallyFiles"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/vapor/sql-kit.git", from: "3.36.0"),
        .package(url: "https://github.com/vapor/sqlite-kit.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/sqlite-nio.git", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-kit.git", from: "2.17.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // Typed ids (`Tagged<Book, Int64>`), so a category id cannot be passed where an account id is meant.
        .package(url: "https://github.com/pointfreeco/swift-tagged.git", from: "0.10.0"),
        // gzip for the pages and static files (zlib through NIO byte buffers).
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        // The zip of "export all my data" (written to a temporary file, entry by entry).
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        // Property tests of the core (TallyCoreTests only).
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // The CLI's HTTP client for `--server` (TallyCLI only; already in the graph through HummingbirdTesting).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.30.0"),
    ],
    targets: [
        // Pure domain: money, records, validation. No I/O; its one dependency is Tagged, for typed ids.
        .target(name: "TallyCore", dependencies: [.product(name: "Tagged", package: "swift-tagged")]),
        // One C call SQLiteNIO does not expose: a variadic `sqlite3_db_config` (see its header).
        .target(name: "CSQLiteOptions", dependencies: [.product(name: "SQLiteNIO", package: "sqlite-nio")]),
        // SQL schema, migrations and the services that read and write a book.
        .target(
            name: "TallyStore",
            dependencies: [
                "TallyCore",
                "CSQLiteOptions",
                .product(name: "Tagged", package: "swift-tagged"),
                .product(name: "SQLKit", package: "sql-kit"),
                .product(name: "SQLiteKit", package: "sqlite-kit"),
                .product(name: "PostgresKit", package: "postgres-kit"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ]
        ),
        // The translation catalogs (gettext `.po`, one per language) and their loading.
        .target(name: "TallyLocales", dependencies: ["TallyCore"], resources: [.copy("po")]),
        // Files in and out: Tally CSV, bank statements (OFX/QFX, QIF, CAMT.053, bank CSV), SVG charts, PDF
        // reports and iCalendar. Pure Swift.
        .target(name: "TallyFiles", dependencies: ["TallyCore"]),
        // The JSON Tally writes (the API's resources, the reports, the whole-account export), shared
        // by the API and the command line so that both say the same thing. No web server in it.
        .target(
            name: "TallyJSON",
            dependencies: [
                "TallyCore", "TallyStore", "TallyFiles", "CTallyZlib",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        // The system's zlib, which the backup zip is deflated with.
        .systemLibrary(name: "CTallyZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // HTML pages and the JSON API over the store's services.
        .target(
            name: "TallyWeb",
            dependencies: [
                "TallyCore", "TallyStore", "TallyFiles", "TallyJSON", "TallyLocales",
                .product(name: "Tagged", package: "swift-tagged"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Templates"), .copy("Public")]
        ),
        // The command line's commands (add, list, import, report, rules, users, …) over the store and
        // the file formats; it knows nothing of the web server.
        .target(
            name: "TallyCLI",
            dependencies: [
                "TallyCore", "TallyStore", "TallyFiles", "TallyJSON", "TallyLocales",
                .product(name: "Tagged", package: "swift-tagged"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        // The `tally` executable: the commands of TallyCLI plus `tally serve`, which runs TallyWeb.
        .executableTarget(
            name: "tally",
            dependencies: [
                "TallyCore", "TallyStore", "TallyWeb", "TallyCLI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "TallyCoreTests",
            dependencies: [
                "TallyCore", "TallyLocales", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Babel's expected formats and the script that writes them, read by path (FormatsGoldenTests).
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "TallyFilesTests", dependencies: ["TallyCore", "TallyFiles"], exclude: ["Fixtures"]),
        .testTarget(name: "TallyStoreTests", dependencies: ["TallyCore", "TallyStore", "TallyFiles"]),
        .testTarget(
            name: "TallyWebTests",
            dependencies: [
                "TallyCore", "TallyStore", "TallyWeb", "TallyFiles", "TallyJSON",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "TallyCLITests",
            dependencies: [
                "tally", "TallyCore", "TallyStore", "TallyJSON",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
