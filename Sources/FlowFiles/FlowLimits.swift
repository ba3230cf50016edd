/// How large a flow file may be. Each limit is a `size` problem when passed; together they keep
/// the checker's path proof (and so loading any file) well within a second.
public enum FlowLimits {
  /// Bytes of one file.
  public static let fileBytes = 1 << 20
  /// JSON nesting, arrays and objects inside one another.
  public static let depth = 32
  public static let steps = 64
  /// Fields of all steps together.
  public static let fields = 256
  /// Options of one choice field.
  public static let options = 32
  /// Entries of one step's `next`.
  public static let nextEntries = 16
  /// Nesting of `all`, `any` and `not` in one condition.
  public static let conditionDepth = 8
  /// Field tests (`equals`, `in`, `present`, `absent`) in one step's `next`, and values in one
  /// `in`.
  public static let tests = 64
  /// Rules of one step.
  public static let rules = 16
  public static let payloadEntries = 256
  /// Member names in one payload path.
  public static let payloadDepth = 8
  public static let upgrades = 64
  /// Combinations of answers the path proof keeps apart at one step: the product of the numbers
  /// of values (those compared, any other, none) of the fields that conditions at or after the
  /// step test.
  public static let combinations = 4096
  /// UTF-8 bytes of an id.
  public static let idLength = 64
}
