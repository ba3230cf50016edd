/// Decoding the escapes of a JSON string that the tape parser has already validated.
enum JSONEscapes {
  /// The UTF-8 of the string whose raw content (between the quotes) is `raw`.
  static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(raw.count)
    var index = raw.startIndex
    func hex(at start: Int) -> UInt32 {
      let digits = raw[min(start, raw.count)..<min(start + 4, raw.count)]
      return digits.reduce(0) { $0 << 4 | UInt32($1.hexDigitValue ?? 0) }
    }
    while index < raw.endIndex {
      let byte = raw[index]
      guard byte == .backslash, raw.indices.contains(index + 1) else {
        output.append(byte)
        index += 1
        continue
      }
      let kind = raw[index + 1]
      index += 2
      switch kind {
      case .letterB: output.append(0x08)
      case .letterF: output.append(0x0C)
      case .letterN: output.append(.lineFeed)
      case .letterR: output.append(.carriageReturn)
      case .letterT: output.append(.tab)
      case .letterU:
        var value = hex(at: index)
        index += 4
        if (0xD800...0xDBFF).contains(value) {
          // The parser checked that a low surrogate escape follows.
          let low = hex(at: index + 2)
          index += 6
          value = 0x10000 + ((value - 0xD800) << 10) + (low &- 0xDC00) & 0x3FF
        }
        UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { output.append($0) }
      default: output.append(kind)  // \" \\ \/
      }
    }
    return output
  }
}
