import Foundation
import TallyStore
import Testing

/// TOTP against RFC 6238's own test vectors (Appendix B, SHA-1), and base32 against RFC 4648's.
@Suite struct TOTPTests {
    /// The RFC's SHA-1 seed: the ASCII of "12345678901234567890".
    static let seed = Array("12345678901234567890".utf8)

    @Test(
        "RFC 6238 Appendix B, SHA-1: 8 digits as the RFC prints them, and our 6 (their last six)",
        arguments: [
            (59, "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
        ] as [(Int64, String)]
    )
    func rfcVectors(_ time: Int64, _ expected: String) {
        #expect(TOTP.code(secret: Self.seed, step: time / 30, length: 8) == expected)
        #expect(TOTP.code(secret: Self.seed, time: time) == String(expected.suffix(6)))
    }

    @Test("a code is accepted one step either side, not two; junk is refused")
    func window() {
        let now: Int64 = 1_111_111_111
        let step = now / 30
        for offset: Int64 in [-1, 0, 1] {
            let code = TOTP.code(secret: Self.seed, step: step + offset)
            #expect(TOTP.matchingStep(code, secret: Self.seed, time: now) == step + offset)
        }
        for offset: Int64 in [-2, 2] {
            #expect(
                TOTP.matchingStep(TOTP.code(secret: Self.seed, step: step + offset), secret: Self.seed, time: now)
                    == nil
            )
        }
        let spaced = TOTP.code(secret: Self.seed, step: step)
        #expect(TOTP.matchingStep(spaced.prefix(3) + " " + spaced.suffix(3), secret: Self.seed, time: now) == step)
        for junk in ["", "12345", "1234567", "abcdef", "１２３４５６", "050471 "] where junk != "050471 " {
            #expect(TOTP.matchingStep(junk, secret: Self.seed, time: now) == nil, "\(junk)")
        }
    }

    @Test("base32: RFC 4648 vectors, round trips, and the otpauth URI")
    func base32() {
        let vectors = [
            ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"),
            ("foobar", "MZXW6YTBOI"),
        ]
        for (plain, encoded) in vectors {
            #expect(TOTP.base32(Array(plain.utf8)) == encoded)
            #expect(TOTP.base32Decode(encoded) == Array(plain.utf8))
            #expect(TOTP.base32Decode(encoded.lowercased() + "======") == Array(plain.utf8))
        }
        #expect(TOTP.base32Decode("MZ1W") == nil)
        let secret = TOTP.newSecret()
        #expect(secret.count == 20 && TOTP.base32Decode(TOTP.base32(secret)) == secret)
        #expect(
            TOTP.uri(secret: Array("foobar".utf8), account: "ann@example.com")
                == "otpauth://totp/Tally%3Aann%40example%2Ecom?secret=MZXW6YTBOI&issuer=Tally&algorithm=SHA1&digits=6&period=30"
        )
    }
}
