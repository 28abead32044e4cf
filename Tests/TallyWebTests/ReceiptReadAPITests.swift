import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// `POST /books/{book}/receipts/read`: a receipt photo read into a proposal, nothing stored.
    @Suite struct ReceiptRead {
        /// The proposal as the contract writes it.
        struct ProposalJSON: Decodable {
            let amount: String?, currency: String, date: String?, payee: String?, text: String
            let sources: [String: String]
        }

        /// A generated receipt of the test set (Tests/receipts): Whole Foods, $104.32, 2025-02-27.
        static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../receipts/generated/r01-us.jpg")

        /// The same receipt as a phone's HEIC, made by ImageMagick when it writes HEIC (libheif);
        /// nil where it does not, and then the server cannot read HEIC either.
        static let heicPhoto: [UInt8]? = {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("heic-\(UUID().uuidString)")
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let heic = folder.appendingPathComponent("r01.heic")
            let convert = Process()
            convert.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            convert.arguments = ["convert", photo.path, heic.path]
            convert.standardOutput = FileHandle.nullDevice
            convert.standardError = FileHandle.nullDevice
            guard (try? convert.run()) != nil else { return nil }
            convert.waitUntilExit()
            guard convert.terminationStatus == 0, let data = try? Data(contentsOf: heic),
                ReceiptImageType(sniffing: Array(data)) == .heic
            else { return nil }
            return Array(data)
        }()

        @Test(
            "a phone's HEIC photo is read where ImageMagick decodes it",
            .enabled(if: ReceiptOCR().isInstalled && heicPhoto != nil, "needs tesseract-ocr and imagemagick with HEIC")
        )
        func readsHEIC() async throws {
            try await withApp(.sqlite) { client, _ in
                let owner = try await makeOwner(client)
                let response = try await Self.read(client, owner, try #require(Self.heicPhoto), type: "image/heic")
                expectStatus(response, .ok)
                let proposal: ProposalJSON = try response.decode()
                #expect(proposal.amount == "104.32" && proposal.date == "2025-02-27")
            }
        }

        static func read(
            _ client: Client,
            _ owner: Owner,
            _ bytes: [UInt8],
            type: String = "image/jpeg"
        )
            async throws -> TestResponse
        {
            try await client.post(
                "\(owner.books)/receipts/read",
                token: owner.token,
                body: ByteBuffer(bytes: bytes),
                headers: [.contentType: type]
            )
        }

        @Test(
            "a photo is read on the server into the total, date and known payee",
            .enabled(if: ReceiptOCR().isInstalled, "needs apt-get install tesseract-ocr"),
            arguments: Backend.all
        )
        func reads(_ backend: Backend) async throws {
            try await withApp(backend) { client, _ in
                let owner = try await makeOwner(client)
                let record = ["amount": "5.00", "payee": "Whole Foods Market", "date": "2025-01-02"]
                expectStatus(
                    try await client.post("\(owner.books)/transactions", token: owner.token, json: json(record)),
                    .created
                )
                let response = try await Self.read(client, owner, Array(try Data(contentsOf: Self.photo)))
                expectStatus(response, .ok)
                let proposal: ProposalJSON = try response.decode()
                #expect(proposal.amount == "104.32" && proposal.currency == "USD")
                #expect(proposal.date == "2025-02-27")
                #expect(proposal.payee == "Whole Foods Market")
                #expect(proposal.sources["amount"] == "total" && proposal.sources["payee"] == "payee")
                #expect(proposal.text.contains("TOTAL") || proposal.text.contains("due"))
                // Nothing was stored: the book still holds the one record.
                let list = try await client.get("\(owner.books)/transactions", token: owner.token)
                #expect(list.text.components(separatedBy: "\"payee\"").count == 2)
            }
        }

        @Test("without Tesseract a 503 says what to install; bad bodies are 413 and 422")
        func refusals() async throws {
            var configuration = AppConfiguration()
            configuration.receipts = ReceiptOCR(command: "/nonexistent/tesseract")
            try await withConfiguredApp(configuration) { client, _ in
                let owner = try await makeOwner(client)
                expectProblem(
                    try await Self.read(client, owner, Images.png, type: "image/png"),
                    .serviceUnavailable,
                    detailContains: "apt-get install tesseract-ocr"
                )
                expectProblem(
                    try await Self.read(client, owner, Array("not an image".utf8), type: "image/jpeg"),
                    .unprocessableContent,
                    field: "image"
                )
                expectProblem(
                    try await Self.read(client, owner, Images.jpeg + [UInt8](repeating: 0, count: 10 * 1024 * 1024)),
                    .contentTooLarge,
                    field: "image"
                )
                let anonymous = try await client.post(
                    "\(owner.books)/receipts/read",
                    body: ByteBuffer(bytes: Images.png),
                    headers: [.contentType: "image/png"]
                )
                #expect(anonymous.status == .unauthorized)
            }
        }

        @Test("a missing language's data is a 503 naming its package")
        func missingLanguage() async throws {
            let reader = ReceiptOCR(languages: "zzq")
            guard reader.isInstalled else { return }
            await #expect(throws: ReceiptOCRError.notInstalled(package: "tesseract-ocr-zzq")) {
                _ = try await reader.text(of: Array(try Data(contentsOf: Self.photo)))
            }
            #expect(throws: ReceiptOCRError.badLanguages("eng;rm")) { try ReceiptOCR.checked(languages: "eng;rm") }
        }
    }
}
