// Framing: a byte stream cut into messages, and answers framed the same way.

/// Cuts a byte stream into messages: LSP `Content-Length` framing or newline-delimited JSON.
///
/// Pure and incremental: feed it chunks of any size with `append`, then take events with
/// `next()` until it answers `nil`. An oversized message is never buffered whole: its
/// bytes are dropped as they arrive. Scanning resumes where it stopped, so a message fed
/// one byte at a time costs the same as one fed at once.
public struct Framer {
  public enum Event: Equatable {
    /// One message's bytes (valid until the next call on the framer).
    case message(ArraySlice<UInt8>)
    case error(FramingError)
  }

  /// Header blocks longer than this are refused (LSP headers are a few dozen bytes).
  public static let maxHeaderBytes = 16 * 1024

  public private(set) var mode: FramingMode
  public let maxMessageBytes: Int

  private var buffer: [UInt8] = []
  /// Start of the unconsumed bytes in `buffer`.
  private var start = 0
  /// How far past `start` the current scan has already looked (for newlines or blank lines).
  private var scanned = 0
  private var state = State.idle
  /// Until the first message begins: a UTF-8 byte-order mark there is skipped.
  private var atStreamStart = true

  private enum State: Equatable {
    case idle
    case header(HeaderBlock)
    case body(length: Int)
    /// Dropping the rest of an oversized message: `remaining` bytes (LSP) or up to the
    /// next newline (NDJSON, `remaining == nil`).
    case skipping(remaining: Int?)
    /// After a bad header block: dropping bytes until the next `Content-Length`.
    case resynchronising
  }

  public init(mode: FramingMode = .auto, maxMessageBytes: Int = 8 * 1024 * 1024) {
    self.mode = mode
    self.maxMessageBytes = max(1, maxMessageBytes)
  }

  /// Whether any bytes of an unfinished message are held (at end of input, they are lost).
  public var hasPartialMessage: Bool {
    switch state {
    case .idle: return buffer[start...].contains { !$0.isJSONWhitespace }
    case .header, .body: return true
    case .skipping(let remaining): return remaining != nil
    case .resynchronising: return false
    }
  }

  public mutating func append(_ raw: UnsafeRawBufferPointer) {
    var bytes = raw.bindMemory(to: UInt8.self)
    // While skipping an oversized message nothing is buffered, so drop straight from input.
    if buffer.count == start, case .skipping = state {
      bytes = UnsafeBufferPointer(rebasing: bytes[skip(in: bytes)...])
    }
    compact()
    buffer.append(contentsOf: bytes)
  }

  /// The next message or fault, or `nil` when more bytes are needed.
  public mutating func next() -> Event? {
    while true {
      switch state {
      case .idle:
        if atStreamStart {
          guard skipByteOrderMark() else { return nil }
        }
        guard let first = firstNonWhitespace() else { return nil }
        if mode == .auto { mode = (first == .openBrace || first == .openBracket) ? .ndjson : .lsp }
        if mode == .ndjson { return nextLine() }
        state = .header(HeaderBlock())
      case .header:
        if let event = continueHeader() { return event }
        if case .header = state { return nil }
      case .body(let length):
        guard buffer.count - start >= length else { return nil }
        let message = buffer[start..<start + length]
        consume(length)
        state = .idle
        return .message(message)
      case .skipping:
        let dropped = buffer.withUnsafeBufferPointer {
          skip(in: UnsafeBufferPointer(rebasing: $0[start...]))
        }
        consume(dropped)
        if case .skipping = state { return nil }
      case .resynchronising:
        guard resynchronise() else { return nil }
        state = .header(HeaderBlock())
      }
    }
  }

  /// Skips a UTF-8 byte-order mark (`EF BB BF`) at the very start of the stream, which some
  /// editors and Windows tools write; false while its first bytes are still to come.
  private mutating func skipByteOrderMark() -> Bool {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let available = buffer[start...].prefix(mark.count)
    if mark.starts(with: available) {
      guard available.count == mark.count else { return false }
      consume(mark.count)
    }
    atStreamStart = false
    return true
  }

  /// One line, without its newline; blank lines are skipped by `firstNonWhitespace`. A `\r`
  /// before the newline is part of the line ending, not of the message, so it does not count
  /// against the limit.
  private mutating func nextLine() -> Event? {
    guard let newline = findByte(.lineFeed) else {
      let pending = buffer.count - start
      let endsInReturn = buffer.last == .carriageReturn
      if pending > maxMessageBytes + (endsInReturn ? 1 : 0) {
        consume(pending)
        state = .skipping(remaining: nil)
        return .error(.messageTooLarge(length: nil, limit: maxMessageBytes))
      }
      return nil
    }
    var length = newline - start
    if length > 0, buffer[newline - 1] == .carriageReturn { length -= 1 }
    if length > maxMessageBytes {
      // No length either way: a line that spans reads is refused before its end is seen,
      // and the answer must not depend on how the reads fell.
      consume(newline + 1 - start)
      return .error(.messageTooLarge(length: nil, limit: maxMessageBytes))
    }
    let line = buffer[start..<newline]
    consume(newline + 1 - start)
    return .message(line)
  }

  /// At end of input: an NDJSON line that lacks only its newline is still a message.
  public mutating func finish() -> Event? {
    guard mode == .ndjson, state == .idle, firstNonWhitespace() != nil else { return nil }
    buffer.append(.lineFeed)
    return nextLine()
  }

  private mutating func continueHeader() -> Event? {
    guard case .header(var block) = state else { return nil }
    if block.byteCount == 0, let length = canonicalHeaderLength() {
      return finishHeader(HeaderBlock(contentLength: length))
    }
    // A block must open with a header name; anything else (a bare JSON body, say) is
    // refused at once rather than waiting for a newline that may never come.
    if block.byteCount == 0, start < buffer.count, !buffer[start].isHeaderTokenByte {
      consume(1)
      state = .resynchronising
      return .error(.invalidHeader("expected a header such as Content-Length"))
    }
    while let newline = findByte(.lineFeed) {
      var lineEnd = newline
      if lineEnd > start, buffer[lineEnd - 1] == .carriageReturn { lineEnd -= 1 }
      let line = buffer[start..<lineEnd]
      consume(newline + 1 - start)
      if line.isEmpty { return finishHeader(block) }
      block.byteCount += line.count + 1
      if let fault = block.read(line: line) {
        state = .resynchronising
        return .error(fault)
      }
      guard block.byteCount <= Self.maxHeaderBytes else {
        state = .resynchronising
        return .error(.headerTooLarge(limit: Self.maxHeaderBytes))
      }
    }
    if block.byteCount + (buffer.count - start) > Self.maxHeaderBytes {
      consume(buffer.count - start)
      state = .resynchronising
      return .error(.headerTooLarge(limit: Self.maxHeaderBytes))
    }
    state = .header(block)
    return nil
  }

  private mutating func finishHeader(_ block: HeaderBlock) -> Event? {
    guard let length = block.contentLength else {
      // A body may follow that we cannot measure: skip to the next header block.
      state = .resynchronising
      return .error(.invalidHeader("no Content-Length header"))
    }
    if let charset = block.unsupportedCharset {
      state = .skipping(remaining: length)
      return .error(.unsupportedCharset(charset))
    }
    if length > maxMessageBytes {
      state = .skipping(remaining: length)
      return .error(.messageTooLarge(length: length, limit: maxMessageBytes))
    }
    state = .body(length: length)
    return nil
  }

  /// The whole header block when it is exactly what every client sends,
  /// `Content-Length: N\r\n\r\n`, consumed in one step; nil (consuming nothing) for any
  /// other spelling, which the line-by-line reader then handles. It pays: reading the block
  /// line by line costs 1,160 more instructions a keystroke (callgrind, BENCHMARKS.md).
  private mutating func canonicalHeaderLength() -> Int? {
    let prefix: StaticString = "Content-Length: "
    let blankLine: StaticString = "\r\n\r\n"
    let digitsStart = start + prefix.utf8CodeUnitCount
    let found = buffer.withUnsafeBufferPointer { all -> (length: Int, end: Int)? in
      guard let base = all.baseAddress, all.count > digitsStart + blankLine.utf8CodeUnitCount,
        Self.bytes(at: base + start, equal: prefix)
      else { return nil }
      // At most 18 digits: a longer run is left to the line-by-line reader.
      var digitsEnd = digitsStart
      while digitsEnd < min(all.count, digitsStart + 18), all[digitsEnd].isDigit { digitsEnd += 1 }
      let digits = UnsafeBufferPointer(rebasing: all[digitsStart..<digitsEnd])
      let end = digitsEnd + blankLine.utf8CodeUnitCount
      guard let length = ASCIIDecimal.value(of: digits, limit: HeaderBlock.maxContentLength),
        end <= all.count,
        Self.bytes(at: base + digitsEnd, equal: blankLine)
      else { return nil }
      return (length, end)
    }
    guard let found else { return nil }
    consume(found.end - start)
    return found.length
  }

  /// Whether the bytes at `address` spell `text` (the caller has checked they are there): words
  /// compared, not `memcmp`, so that JSONRPC imports no C library and builds wherever the
  /// library does (a byte loop cost some 50 instructions a message more than `memcmp`).
  private static func bytes(at address: UnsafePointer<UInt8>, equal text: StaticString) -> Bool {
    let actual = UnsafeRawPointer(address)
    let expected = UnsafeRawPointer(text.utf8Start)
    let count = text.utf8CodeUnitCount
    var offset = 0
    while offset + 8 <= count {
      guard
        actual.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == expected.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset += 8
    }
    if offset + 4 <= count {
      guard
        actual.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
          == expected.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
      else { return false }
      offset += 4
    }
    while offset < count {
      guard address[offset] == text.utf8Start[offset] else { return false }
      offset += 1
    }
    return true
  }

  /// Drops bytes up to the next `content-length` (any case) and answers whether one was found.
  private mutating func resynchronise() -> Bool {
    let needle = "content-length"
    let length = needle.utf8.count
    let end = buffer.count
    var index = start + scanned
    while index + length <= end {
      if HeaderBlock.equalsIgnoringCase(buffer[index..<index + length], needle) {
        consume(index - start)
        return true
      }
      index += 1
    }
    // Keep the last few bytes: the name may be split across chunks.
    let keep = min(length - 1, end - start)
    consume(end - start - keep)
    return false
  }

  private mutating func firstNonWhitespace() -> UInt8? {
    while start < buffer.count {
      let byte = buffer[start]
      guard byte.isJSONWhitespace else { return byte }
      consume(1)
    }
    return nil
  }

  /// The index of the next `byte` at or after `start`, resuming the previous scan.
  private mutating func findByte(_ byte: UInt8) -> Int? {
    let from = start + scanned
    let found = buffer.withUnsafeBufferPointer { all -> Int? in
      guard from < all.count else { return nil }
      return UnsafeBufferPointer(rebasing: all[from...]).firstIndex(of: byte).map { from + $0 }
    }
    scanned = (found ?? buffer.count) - start
    return found
  }

  private mutating func consume(_ count: Int) {
    start += count
    scanned = 0
  }

  /// Reclaims consumed bytes before appending: when all are consumed (nothing moves, the
  /// usual case), or when they are most of a large buffer (the unread tail moves, rarely).
  private mutating func compact() {
    guard start == buffer.count || (start > 64 * 1024 && start > buffer.count / 2) else { return }
    buffer.removeSubrange(0..<start)
    start = 0
  }

  /// Drops the leading bytes of `bytes` that belong to the message being skipped (the
  /// `remaining` count, or through the next newline for NDJSON), leaves the skipping state
  /// when its end is reached, and answers how many bytes were dropped.
  private mutating func skip(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard case .skipping(let remaining) = state else { return 0 }
    if let remaining {
      let dropped = min(remaining, bytes.count)
      state = dropped == remaining ? .idle : .skipping(remaining: remaining - dropped)
      return dropped
    }
    guard let newline = bytes.firstIndex(of: .lineFeed) else { return bytes.count }
    state = .idle
    return newline + 1
  }
}

extension Framer {
  /// The room left before an LSP answer for its header, the longest one: "Content-Length: "
  /// (16 bytes), the most digits a length has, "\r\n\r\n".
  static let lspHeaderRoom = 20 + ASCIIDecimal.maxDigits

  /// The room to leave before each answer's body (`JSONWriter.leaveRoom`), so that `frame`
  /// writes its header there and the body is never moved to make way for it: none in NDJSON.
  public var headerRoom: Int { mode == .lsp ? Self.lspHeaderRoom : 0 }

  /// Frames the answer written in `output` from `start` (after `headerRoom`) to its end, where it
  /// was written: a newline after it (NDJSON), or a `Content-Length` header at the end of the
  /// room before it (LSP). Answers the part of the room the header left unused, which must
  /// not be sent (`PendingOutput.skip`); empty in NDJSON.
  public func frame(_ output: inout JSONWriter, answerFrom start: Int) -> Range<Int> {
    guard mode == .lsp else {
      output.append(UInt8(ascii: "\n"))
      return start..<start
    }
    guard start >= Self.lspHeaderRoom else { return start..<start }  // no room left
    let length = UInt(max(0, output.count - start))
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.lspHeaderRoom) { header in
      guard let base = header.baseAddress else { return start..<start }
      var end = 0
      func copy(_ text: StaticString) {
        (base + end).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        end += text.utf8CodeUnitCount
      }
      copy("Content-Length: ")
      end += ASCIIDecimal.write(length, at: base + end)
      copy("\r\n\r\n")
      output.overwrite(UnsafeBufferPointer(start: base, count: end), endingAt: start)
      return (start - Self.lspHeaderRoom)..<(start - end)
    }
  }
}

/// One LSP header block as it is read line by line: the content length, the charset check.
struct HeaderBlock: Equatable {
  /// The largest length taken: 2^53 - 1, so that an error quoting it (`data.length`) writes an
  /// integer every JSON client reads exactly. No stream carries a message that long.
  /// (Where `Int` is 32 bits, its largest: no framing runs there.)
  static let maxContentLength = Int(clamping: 9_007_199_254_740_991 as Int64)

  private(set) var contentLength: Int?
  /// A `Content-Type` charset other than UTF-8. The block is still read to its end, so that
  /// its body can be skipped by its length rather than taken for the next message.
  private(set) var unsupportedCharset: String?
  /// Bytes of the block read so far, to cap its size.
  var byteCount = 0

  /// Reads one header line (without its line ending); answers a fault if the line or the
  /// block is unusable (a bad charset is kept for the end of the block instead). Unknown
  /// headers are ignored, as the LSP base protocol asks.
  mutating func read(line: ArraySlice<UInt8>) -> FramingError? {
    guard let colon = line.firstIndex(of: .colon) else {
      return .invalidHeader("header line without a colon")
    }
    let name = line[..<colon]
    guard !name.isEmpty, name.allSatisfy({ $0.isHeaderTokenByte }) else {
      return .invalidHeader("malformed header name")
    }
    let value = Self.trimmed(line[(colon + 1)...])
    if Self.equalsIgnoringCase(name, "content-length") {
      // Digits only, no sign, at most `maxContentLength`: a length past that is no length a
      // stream could carry, so it is refused as a bad header rather than skipped forever.
      guard let length = ASCIIDecimal.value(of: value, limit: Self.maxContentLength) else {
        return .invalidHeader("Content-Length is not a non-negative integer")
      }
      if let earlier = contentLength, earlier != length {
        return .invalidHeader("conflicting Content-Length headers")
      }
      contentLength = length
    } else if Self.equalsIgnoringCase(name, "content-type"),
      let charset = Self.charset(inContentType: value),
      !Self.equalsIgnoringCase(charset, "utf-8"), !Self.equalsIgnoringCase(charset, "utf8")
    {
      unsupportedCharset = unsupportedCharset ?? String(decoding: charset, as: UTF8.self)
    }
    return nil
  }

  /// The `charset` parameter of a media type such as `application/vscode-jsonrpc; charset=utf-8`,
  /// without its quotes.
  private static func charset(inContentType value: ArraySlice<UInt8>) -> [UInt8]? {
    for parameter in value.split(separator: UInt8(ascii: ";")).dropFirst() {
      let parts = parameter.split(separator: UInt8(ascii: "="), maxSplits: 1)
      if parts.count == 2, equalsIgnoringCase(trimmed(parts[0]), "charset") {
        return trimmed(parts[1]).filter { $0 != .quote }
      }
    }
    return nil
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, first == .space || first == .tab { slice = slice.dropFirst() }
    while let last = slice.last, last == .space || last == .tab { slice = slice.dropLast() }
    return slice
  }

  /// Whether `bytes` spell `lowercase` in any case: header names and charsets are ASCII.
  static func equalsIgnoringCase(_ bytes: some Collection<UInt8>, _ lowercase: String) -> Bool {
    bytes.count == lowercase.utf8.count
      && zip(bytes, lowercase.utf8).allSatisfy { $0.asciiLowercased == $1 }
  }
}

extension UInt8 {
  /// An RFC 9110 token character: what a header name is made of.
  var isHeaderTokenByte: Bool {
    switch self {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true  // digits, letters
    // ! # $ % & ' * + - . ^ _ ` | ~
    case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E: return true
    default: return false
    }
  }
}

/// A framing fault: the message could not be cut out of the stream. The framer resumes
/// with the next message; the session answers each fault with an error whose id is null.
public enum FramingError: Error, Equatable, Sendable {
  /// A header block without a usable `Content-Length` (missing, negative, not a number,
  /// conflicting), or a header line that is not `Name: value`.
  case invalidHeader(String)
  /// A `Content-Type` whose charset is not UTF-8.
  case unsupportedCharset(String)
  /// A message longer than the limit; its bytes are skipped as they stream. The length is
  /// the LSP `Content-Length`, `nil` for an NDJSON line.
  case messageTooLarge(length: Int?, limit: Int)
  /// A header block longer than `Framer.maxHeaderBytes`.
  case headerTooLarge(limit: Int)
}

/// How messages are delimited on the byte stream.
public enum FramingMode: String, Sendable, CaseIterable {
  /// Decide from the first non-whitespace byte: `{` or `[` means NDJSON, anything else LSP.
  case auto
  /// The LSP base protocol: `Content-Length: N`, a blank line, N bytes of JSON.
  case lsp
  /// One JSON value per line.
  case ndjson
}
