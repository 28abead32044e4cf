import Mustache

/// The data of one template (or partial): a struct whose stored properties are the keys the
/// template reads.
///
/// Mustache looks a key up in the innermost object first and climbs to the outer ones when it is
/// missing, so a key absent from a nested object silently reads its parent's value. That is how
/// the categories page recursed without end (a child had no `children`, so the parent's were
/// rendered again). Every key a view model declares is answered at its own level: a `nil`
/// Optional is an empty, false value here, never the parent's.
protocol ViewModel: MustacheParent {}

extension ViewModel {
    /// The stored property named `name`, `MustacheNull` for a `nil` Optional, or nil (climb to
    /// the outer object) when the model has no such property.
    func child(named name: String) -> Any? {
        for child in Mirror(reflecting: self).children where child.label == name {
            return ViewValue.unwrap(child.value)
        }
        return nil
    }
}

/// An empty value: renders as "" and is false in sections, true in inverted sections.
struct MustacheNull: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

enum ViewValue {
    /// The value inside an Optional, or `MustacheNull` for `nil`; other values unchanged.
    static func unwrap(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first?.value else { return MustacheNull() }
        return unwrap(wrapped)
    }
}

/// A colour safe to put in an attribute: the stored "#RRGGBB" when it is one, else neutral
/// grey. Colours are checked on input; this is the second lock, for rows written before that
/// check or by hand.
enum SafeColor {
    /// The neutral grey of uncategorised records.
    static let neutral = "#8E8E93"

    /// `value` when it is `#` and six hex digits, else `neutral`.
    static func hex(_ value: String?) -> String {
        guard let value, value.utf8.count == 7, value.utf8.first == UInt8(ascii: "#"),
            value.utf8.dropFirst().allSatisfy({
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102)
            })
        else { return neutral }
        return value
    }
}
