/// How large a flow file may be. Each limit is a `size` problem when passed; together they keep
/// the checker's path proof (and so loading any file) well within a second.
package enum FlowLimits {
  /// Bytes of one file.
  package static let fileBytes = 1 << 20
  /// JSON nesting, arrays and objects inside one another.
  package static let depth = 32
  package static let steps = 64
  /// Fields of all steps together.
  package static let fields = 256
  /// Options of one choice field.
  package static let options = 32
  /// Entries of one step's `next`.
  package static let nextEntries = 16
  /// Nesting of `all`, `any` and `not` in one condition.
  package static let conditionDepth = 8
  /// Field tests (`equals`, `in`, `present`, `absent`) in one step's `next`, and values in one
  /// `in`.
  package static let tests = 64
  /// Rules of one step.
  package static let rules = 16
  package static let payloadEntries = 256
  /// Member names in one payload path.
  package static let payloadDepth = 8
  package static let upgrades = 64
  /// Combinations of answers the path proof keeps apart at one step: the product of the numbers
  /// of values (those compared, any other, none) of the fields that conditions at or after the
  /// step test.
  package static let combinations = 4096
  /// Languages of one file (`languages`).
  package static let languages = 16
  /// UTF-8 bytes of an id.
  package static let idLength = 64
}
