/// Reads JSON text (RFC 8259) into a `JSONValue`, strictly: one value and nothing after it but
/// white space; UTF-8 checked; no duplicate keys; nesting at most `maximumDepth` deep. Work is
/// linear in the input and nothing traps, whatever the bytes: it reads what a client sends on
/// the control socket.
public struct JSONReader {
  /// Why the text is not JSON, and the byte offset where that was found.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public var description: String { "\(message) (at byte \(offset + 1))" }
  }

  public static let maximumDepth = 32

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The value `bytes` hold.
  public static func read(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
    guard isUTF8(bytes) else { throw Failure(message: "the text is not UTF-8", offset: 0) }
    var reader = JSONReader(bytes)
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else { throw reader.failure("something after the JSON value") }
    return value
  }

  /// Whether `bytes` are well-formed UTF-8.
  private static func isUTF8(_ bytes: [UInt8]) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  private func failure(_ message: String) -> Failure { Failure(message: message, offset: index) }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  private mutating func value(depth: Int) throws(Failure) -> JSONValue {
    guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep") }
    guard let byte = current else { throw failure("the text ends where a value should be") }
    switch byte {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("not a JSON value")
    }
  }

  private mutating func literal(_ word: String, _ value: JSONValue) throws(Failure) -> JSONValue {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
    else {
      throw failure("not a JSON value")
    }
    index += expected.count
    return value
  }

  private mutating func object(depth: Int) throws(Failure) -> JSONValue {
    let close = UInt8(ascii: "}")
    var members: [(key: String, value: JSONValue)] = []
    if opensEmpty(closedBy: close) { return .object(members) }
    repeat {
      skipSpace()
      guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let keyStart = index
      let key = try string()
      if members.contains(where: { $0.key == key }) {
        throw Failure(message: "the key '\(Printable.escaped(key))' appears twice", offset: keyStart)
      }
      skipSpace()
      guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
      index += 1
      skipSpace()
      members.append((key, try value(depth: depth + 1)))
    } while try another(before: close, or: "expected ',' or '}' in an object")
    return .object(members)
  }

  private mutating func array(depth: Int) throws(Failure) -> JSONValue {
    let close = UInt8(ascii: "]")
    var values: [JSONValue] = []
    if opensEmpty(closedBy: close) { return .array(values) }
    repeat {
      skipSpace()
      values.append(try value(depth: depth + 1))
    } while try another(before: close, or: "expected ',' or ']' in an array")
    return .array(values)
  }

  /// At an object's or an array's opening bracket: steps over it, and says whether `close`
  /// follows at once (stepped over too: the container is empty).
  private mutating func opensEmpty(closedBy close: UInt8) -> Bool {
    index += 1
    skipSpace()
    guard current == close else { return false }
    index += 1
    return true
  }

  /// After a container's element: true at `,` (another follows), false at `close` (the
  /// container ends), either stepped over; anything else is the failure `expected`.
  private mutating func another(before close: UInt8, or expected: String) throws(Failure) -> Bool {
    skipSpace()
    switch current {
    case UInt8(ascii: ","):
      index += 1
      return true
    case close:
      index += 1
      return false
    default:
      throw failure(expected)
    }
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, isDigit(first) else { throw failure("a number needs a digit") }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = current, isDigit(next) { throw failure("a number may not start with 0") }
    } else {
      while let byte = current, isDigit(byte) { index += 1 }
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard let byte = current, isDigit(byte) else { throw failure("a digit must follow the point") }
      while let byte = current, isDigit(byte) { index += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard let byte = current, isDigit(byte) else { throw failure("a digit must follow the exponent") }
      while let byte = current, isDigit(byte) { index += 1 }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private mutating func string() throws(Failure) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flushRun() {
      if runStart < index {
        scalars.append(contentsOf: String(decoding: bytes[runStart..<index], as: UTF8.self).unicodeScalars)
      }
    }
    while true {
      guard let byte = current else { throw failure("a string is not closed") }
      switch byte {
      case UInt8(ascii: "\""):
        flushRun()
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        flushRun()
        index += 1
        scalars.append(try escape())
        runStart = index
      case 0..<0x20:
        throw failure("a control character must be escaped in a string")
      default:
        index += 1
      }
    }
  }

  private mutating func escape() throws(Failure) -> Unicode.Scalar {
    guard let byte = current else { throw failure("a string is not closed") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hex4()
      if (0xD800...0xDBFF).contains(first) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
        else {
          throw failure("a lone surrogate escape")
        }
        index += 2
        let second = try hex4()
        guard (0xDC00...0xDFFF).contains(second),
          let scalar = Unicode.Scalar(0x10000 + (first - 0xD800) << 10 + (second - 0xDC00))
        else { throw failure("a lone surrogate escape") }
        return scalar
      }
      guard let scalar = Unicode.Scalar(first) else { throw failure("a lone surrogate escape") }
      return scalar
    default: throw failure("an unknown escape")
    }
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard bytes.count - index >= 4 else { throw failure("\\u needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("\\u needs four hex digits")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}
