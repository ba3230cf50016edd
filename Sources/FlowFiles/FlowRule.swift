/// What a flow file can be wrong about: each problem names one rule, so that a file's problems
/// can be found, sorted and documented by name (protocol.md, "Flow files", lists them all).
package enum FlowRule: String, Sendable, CaseIterable, Comparable {
  /// The file cannot be read.
  case file
  /// The file is not JSON.
  case json
  /// The file is over a limit of `FlowLimits`.
  case size
  /// A member of the wrong JSON type.
  case type
  case missingKey = "missing-key"
  case unknownKey = "unknown-key"
  /// A member twice in one object (JSON readers differ on which one wins).
  case duplicateKey = "duplicate-key"
  case formatVersion = "format-version"
  /// A number out of its range (a version below 1, a `maxLength` of 0).
  case range
  /// A list that must have entries and has none (steps, options, next, in, all, any).
  case emptyList = "empty-list"
  /// An id that is not a letter followed by letters, digits, `_` or `-` (at most 64).
  case idSyntax = "id-syntax"
  /// Texts without one of the file's languages: one problem per language, however many texts.
  case missingLocale = "missing-locale"
  /// A text or a translation in a language the file does not declare (or, for `translations`,
  /// one petflowd ships).
  case unknownLocale = "unknown-locale"
  /// A `languages` entry that is not a BCP 47 primary language subtag, or is listed twice.
  case languageTag = "language-tag"
  /// Kinds' texts a translation lacks: one problem per language and kind.
  case missingTranslation = "missing-translation"
  /// A `translations` key that is no kind's text.
  case unknownTranslation = "unknown-translation"
  /// A translated message naming a `{param}` its code does not have.
  case translationParam = "translation-param"
  case emptyText = "empty-text"
  /// A step or field kind petflowd does not have.
  case unknownKind = "unknown-kind"
  /// An option the field's kind does not take (`maxLength` on a phone, `options` on a date).
  case unknownOption = "unknown-option"
  /// A field's `messages` naming a code its kind does not report.
  case unknownCode = "unknown-code"
  /// A limit wider than the kind's own (an age `max` of 50, an `accept` of `text/plain`).
  case limitWidens = "limit-widens"
  /// A limit that is no value of its kind or leaves none (a `notBefore` of `2025-02-30`, a `min`
  /// above the `max`).
  case limitValue = "limit-value"
  case duplicateFlow = "duplicate-flow"
  case duplicateStep = "duplicate-step"
  case duplicateField = "duplicate-field"
  case duplicateOption = "duplicate-option"
  case summaryNotLast = "summary-not-last"
  /// A summary step with fields or a `next`.
  case summaryContent = "summary-content"
  /// A `next` whose last entry has a condition, or with an entry after one without.
  case nextDefault = "next-default"
  case gotoUnknown = "goto-unknown"
  case gotoBackward = "goto-backward"
  /// A condition that is not exactly one of the forms.
  case conditionShape = "condition-shape"
  case conditionUnknownField = "condition-unknown-field"
  /// A condition on a field of a later step, or of a step not on every path to its own.
  case conditionLaterField = "condition-later-field"
  /// A compared value its field could not hold, as a flow stores it.
  case conditionValue = "condition-value"
  /// A rule that is not exactly one of its forms (`atLeastOne` or `compare`, an `op`, a `right`).
  case ruleShape = "rule-shape"
  /// A comparison of kinds or values that cannot be compared (`<` between phone numbers, a date
  /// with an age, `today` with a number).
  case ruleKind = "rule-kind"
  /// A rule's `field` that is not on the rule's step.
  case ruleField = "rule-field"
  /// A warning: a rule that can never fail (`atLeastOne` naming a field required always).
  case ruleNeverFails = "rule-never-fails"
  case unreachableStep = "unreachable-step"
  /// A `next` entry no answers take.
  case deadBranch = "dead-branch"
  /// A path on which a required field does not reach the payload.
  case incompletePath = "incomplete-path"
  case payloadUnknownField = "payload-unknown-field"
  /// A payload path with an empty or unusable member name.
  case payloadPath = "payload-path"
  /// A payload path inside another's value (`location` and `location.latitude`).
  case payloadConflict = "payload-conflict"
  /// An upgrade not from an older version, or two from the same one.
  case upgradeVersion = "upgrade-version"
  /// An upgrade renaming to no field of this version, to one field twice, or one it drops.
  case upgradeField = "upgrade-field"
  /// A warning: a `next` entry with a `when` going where every entry after it goes, so that
  /// its condition changes nothing.
  case redundantEntry = "redundant-entry"

  package static func < (lhs: FlowRule, rhs: FlowRule) -> Bool { lhs.rawValue < rhs.rawValue }

  /// Whether the rule's problems are warnings (advice: the file still loads) or errors.
  package var severity: FlowProblem.Severity {
    Self.warnings.contains(self) ? .warning : .error
  }

  private static let warnings: Set<FlowRule> = [.redundantEntry, .ruleNeverFails]
}
