import AsyncHTTPClient
import Foundation
import NIOCore

extension ServerClient {
    /// A request body other than JSON: a file as it is.
    struct Upload: Sendable {
        /// The bytes, or nil to send `file`.
        var bytes: [UInt8]? = nil
        /// A file sent 64 KB at a time as it is read, never whole in memory (a backup zip).
        var file: URL? = nil
        let contentType: String

        /// The request body.
        func body() throws -> HTTPClientRequest.Body {
            guard let file else { return .bytes(ByteBuffer(bytes: bytes ?? [])) }
            let handle = try FileHandle(forReadingFrom: file)
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            let chunks = AsyncThrowingStream<ByteBuffer, any Error> {
                guard let data = try handle.read(upToCount: 64 * 1024), !data.isEmpty else {
                    try? handle.close()
                    return nil
                }
                return ByteBuffer(bytes: data)
            }
            return .stream(chunks, length: .known(Int64(size)))
        }
    }
}
