/// Why a receipt could not be read; the web answers `notInstalled` and `busy` with a 503 (`busy`
/// with `Retry-After`), the rest with the status their case names.
public enum ReceiptOCRError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The `tesseract` command (or a language's data) is not on this server: what to install.
    case notInstalled(package: String)
    /// Reading took longer than the limit and was stopped.
    case timedOut(seconds: Int)
    /// The bytes are no image this server reads (an unknown type, or HEIC without a decoder).
    case unreadable(String)
    /// `--ocr-languages` is not a `+`-joined list of Tesseract language codes.
    case badLanguages(String)
    /// Every reading slot is taken and the line of photos waiting for one is full, or no slot
    /// came free while the photo still had time to be read: try again in `retryAfter` seconds.
    case busy(retryAfter: Int)

    /// A sentence for people, saying what to do.
    public var description: String {
        switch self {
        case .notInstalled(let package):
            "receipt reading needs Tesseract on the server: apt-get install \(package)"
        case .timedOut(let seconds): "image: reading the receipt took longer than \(seconds) s and was stopped"
        case .unreadable(let why): "image: \(why)"
        case .badLanguages(let text):
            "ocr-languages: '\(text)' is not a list of Tesseract languages such as eng+deu+fra"
        case .busy(let seconds):
            "the server is reading as many receipts as it can take just now; try again in \(seconds) s"
        }
    }
}
