import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238): HMAC-SHA-1, 6 digits, 30-second steps, the step
/// before and after accepted for clock drift.
///
/// Written here rather than taken from a package: none on the machine's mirror does TOTP, and
/// the algorithm is a dozen lines over swift-crypto's HMAC (RFC 4226's dynamic truncation).
/// Base32 (RFC 4648, no padding) is the form authenticator apps read secrets in.
public enum TOTP {
    /// Seconds per step.
    public static let period: Int64 = 30
    /// Digits per code.
    public static let digits = 6

    /// The code for `secret` at the step holding `time` (Unix seconds).
    public static func code(secret: [UInt8], time: Int64) -> String {
        code(secret: secret, step: time / period)
    }

    /// The code for `secret` at step `step`: HOTP (RFC 4226) over the step counter, `length`
    /// digits (6 here; RFC 6238's test vectors have 8).
    public static func code(secret: [UInt8], step: Int64, length: Int = digits) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0f)
        let binary =
            (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<length { modulus *= 10 }
        let text = String(binary % modulus)
        return String(repeating: "0", count: length - text.count) + text
    }

    /// The step `code` belongs to within ±1 step of `time`, or nil. Compared in constant time.
    public static func matchingStep(_ code: String, secret: [UInt8], time: Int64) -> Int64? {
        let typed = code.filter { !$0.isWhitespace }
        guard typed.count == digits, typed.allSatisfy(\.isASCII), typed.allSatisfy(\.isNumber) else { return nil }
        let now = time / period
        var found: Int64?
        for step in [now - 1, now, now + 1] where constantTimeEqual(TOTP.code(secret: secret, step: step), typed) {
            found = step
        }
        return found
    }

    /// A new random 20-byte secret (RFC 4226's recommended length for SHA-1).
    public static func newSecret() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<20).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The `otpauth://` URI authenticator apps take (typed, pasted or as a QR code).
    public static func uri(secret: [UInt8], account: String, issuer: String = "Tally") -> String {
        let label = "\(issuer):\(account)".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? issuer
        return "otpauth://totp/\(label)?secret=\(base32(secret))&issuer=\(issuer)&algorithm=SHA1&digits=6&period=30"
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    /// RFC 4648 base32 without padding.
    public static func base32(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
                bits -= 5
            }
        }
        if bits > 0 { out.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes base32 (any case, spaces and padding ignored); nil for other characters.
    public static func base32Decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = []
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.uppercased().utf8 where character != UInt8(ascii: " ") && character != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                out.append(UInt8((buffer >> UInt32(bits - 8)) & 0xff))
                bits -= 8
            }
        }
        return out
    }

    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
