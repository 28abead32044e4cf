import Foundation

/// Wall-clock helpers for row timestamps and "today".
public enum Clock {
    /// ISO 8601 UTC timestamp for created_at / updated_at columns.
    static func timestamp(_ date: Date = Date()) -> String {
        date.formatted(.iso8601)
    }

    /// Seconds since 1970 (session expiry).
    static func unixNow() -> Int64 { Int64(Date().timeIntervalSince1970) }
}
