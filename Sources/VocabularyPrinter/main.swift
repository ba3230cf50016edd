// Prints what PetFlowKit declares of its field kinds as JSON (every kind, every language, every
// error code with its message in each language and the params it names): scripts/generate-lists
// reads it and writes the lists outside the declarations from it, so nobody keeps one by hand.
import JSONRPC
@_spi(Engine) import PetFlowCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place that reads the codes and their messages: `field.invalid`, then the codes each
/// kind's declaration lists, in the kinds' order (`ErrorCode.allCases` gathers them).
func declaredCodes() -> [(code: String, messages: [(Language, String)])] {
  ErrorCode.allCases.map { code in
    (code.rawValue, Language.shipped.map { ($0, FieldError(code).message(in: $0)) })
  }
}

/// A message's params: the `{name}` placeholders of its templates, in the order they first
/// appear (a message states every param a client needs to word its own).
func params(of messages: [(Language, String)]) -> [String] {
  var names: [String] = []
  for (_, template) in messages {
    for piece in template.split(separator: "{").dropFirst() {
      guard let close = piece.firstIndex(of: "}") else { continue }
      let name = String(piece[..<close])
      if !name.isEmpty, name.allSatisfy({ $0.isLetter }), !names.contains(name) {
        names.append(name)
      }
    }
  }
  return names
}

var writer = JSONWriter()
writer.beginObject()
writer.key("kinds")
writer.beginArray()
for kind in FieldKind.allCases {
  writer.beginObject()
  writer.key("kind")
  writer.string(kind.rawValue)
  writer.key("declaredByFlow")
  writer.bool(kind.isDeclaredByFlow)
  writer.endObject()
}
writer.endArray()
writer.key("locales")
writer.beginArray()
for language in Language.shipped { writer.string(language.code) }
writer.endArray()
writer.key("codes")
writer.beginArray()
for (code, messages) in declaredCodes() {
  writer.beginObject()
  writer.key("code")
  writer.string(code)
  writer.key("messages")
  writer.beginObject()
  for (language, message) in messages {
    writer.key(text: language.code)
    writer.string(message)
  }
  writer.endObject()
  writer.key("params")
  writer.beginArray()
  for name in params(of: messages) { writer.string(name) }
  writer.endArray()
  writer.endObject()
}
writer.endArray()
// Messages that replace a code's own when its error carries a param (email.tooLong's part).
writer.key("variants")
writer.beginArray()
for variant in ErrorCode.variants {
  writer.beginObject()
  writer.key("code")
  writer.string(variant.code.rawValue)
  writer.key("param")
  writer.string(variant.param.name)
  writer.key("value")
  writer.string(variant.param.value.text(in: .en))
  writer.key("messages")
  writer.beginObject()
  for language in Language.shipped {
    writer.key(text: language.code)
    writer.string(variant.message.text(in: language))
  }
  writer.endObject()
  writer.endObject()
}
writer.endArray()
// The keys a flow file's translation gives for each kind (FlowLanguages.swift); `common`, those
// it gives whatever its kinds.
writer.key("translationKeys")
writer.beginObject()
writer.key("common")
writer.beginArray()
for key in FieldKind.commonTranslationKeys { writer.string(key) }
writer.endArray()
for kind in FieldKind.allCases {
  writer.key(text: kind.rawValue)
  writer.beginArray()
  for key in kind.translationKeys { writer.string(key) }
  writer.endArray()
}
writer.endObject()
writer.endObject()
writer.append(UInt8(ascii: "\n"))
writer.withBytes { _ = write(1, $0.baseAddress, $0.count) }
