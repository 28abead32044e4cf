import Foundation
import Hummingbird
import NIOCore
import TallyCore
import TallyJSON
import TallyStore

extension AccountExport {
    /// The zip as a download: streamed from the file 64 KB at a time, and the file deleted after.
    static func response(for user: User, store: Store) async throws -> Response {
        let url = try await write(for: user, store: store)
        // Opened, then deleted at once: the open handle keeps the bytes until it closes, and no
        // file is left behind whether or not the body is ever sent.
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
            throw error
        }
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
        let body = ResponseBody { writer in
            defer { try? handle.close() }
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        let day = Date().formatted(.iso8601.year().month().day())
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip",
                .contentDisposition: "attachment; filename=\"tally-export-\(day).zip\"",
                .cacheControl: "no-store",
            ],
            body: body
        )
    }
}
