/// Parses Value Change Dump text into a `LogicTrace`, token by token, remembering where each
/// token starts so that a mistake is reported with its line and column.
struct VCDReader {
  private struct Token {
    var text: Substring
    var line: Int
    var column: Int
  }

  /// How many nanoseconds one time unit of `$timescale` lasts, by unit name.
  private static let nanosecondsPerUnit: [Substring: UInt64] = [
    "s": 1_000_000_000, "ms": 1_000_000, "us": 1_000, "ns": 1,
  ]

  private var tokens: [Token] = []
  private var position = 0

  init(text: String) {
    var line = 1
    var column = 1
    var start: String.Index?
    var startLine = 1
    var startColumn = 1
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character.isWhitespace {
        if let begin = start {
          tokens.append(Token(text: text[begin..<index], line: startLine, column: startColumn))
          start = nil
        }
        if character.isNewline {
          line += 1
          column = 1
        } else {
          column += 1
        }
      } else {
        if start == nil {
          start = index
          startLine = line
          startColumn = column
        }
        column += 1
      }
      index = text.index(after: index)
    }
    if let begin = start {
      tokens.append(Token(text: text[begin...], line: startLine, column: startColumn))
    }
  }

  mutating func read() throws(VCDError) -> LogicTrace {
    var scale: UInt64 = 1
    var codes: [Substring: Int] = [:]
    var wideCodes: Set<Substring> = []
    var names: [String] = []
    var codeOfName: [String: Substring] = [:]
    var ambiguous: Set<String> = []
    var wideNames: [String: Int] = [:]
    var changes: [LogicTrace.Change] = []
    var time: UInt64 = 0
    var inDefinitions = true
    var inSnapshot = false

    while let token = next() {
      switch token.text {
      case "$timescale":
        scale = try timescale(after: token)
      case "$var":
        let fields = try fieldsUntilEnd(after: token)
        guard fields.count >= 4 else {
          throw error(at: token, "$var needs a type, a width, a code and a name before $end")
        }
        guard let width = Int(fields[1].text), width > 0 else {
          throw error(
            at: fields[1],
            "the width of a $var must be a positive number, not \(VCDError.quoted(fields[1].text))")
        }
        let code = fields[2].text
        let name = String(fields[3].text)
        if let previous = codeOfName[name], previous != code { ambiguous.insert(name) }
        codeOfName[name] = code
        if width != 1 {
          wideCodes.insert(code)
          wideNames[name] = width
        } else if codes[code] == nil {
          codes[code] = names.count
          names.append(name)
        }
      case "$enddefinitions":
        _ = try fieldsUntilEnd(after: token)
        inDefinitions = false
      case "$dumpvars", "$dumpall", "$dumpon", "$dumpoff":
        inSnapshot = true
      case "$end":
        inSnapshot = false
      default:
        if token.text.hasPrefix("$") {
          _ = try fieldsUntilEnd(after: token)
        } else if inDefinitions {
          throw error(at: token, "\(VCDError.quoted(token.text)) before $enddefinitions")
        } else if token.text.hasPrefix("#") {
          time = try timeStamp(token, after: time, scale: scale)
        } else {
          if var change = try valueChange(token, codes: codes, wideCodes: wideCodes, time: time) {
            change.inSnapshot = inSnapshot
            changes.append(change)
          }
        }
      }
    }
    return LogicTrace(
      names: names, changes: changes, endTime: time, ambiguousNames: ambiguous, wideNames: wideNames)
  }

  private mutating func next() -> Token? {
    guard position < tokens.count else { return nil }
    defer { position += 1 }
    return tokens[position]
  }

  /// The tokens between a keyword and its `$end`.
  private mutating func fieldsUntilEnd(after keyword: Token) throws(VCDError) -> [Token] {
    var fields: [Token] = []
    while let token = next() {
      if token.text == "$end" { return fields }
      fields.append(token)
    }
    throw error(at: keyword, "\(keyword.text) has no $end")
  }

  /// `$timescale 1 ns $end` or `$timescale 10us $end`, in nanoseconds per unit.
  private mutating func timescale(after keyword: Token) throws(VCDError) -> UInt64 {
    let fields = try fieldsUntilEnd(after: keyword)
    let text = fields.map(\.text).joined()
    let digits = text.prefix { $0.isNumber }
    let unit = text.dropFirst(digits.count)
    guard let first = fields.first else { throw error(at: keyword, "$timescale is empty") }
    guard let magnitude = UInt64(digits), [1, 10, 100].contains(magnitude) else {
      throw error(at: first, "a timescale is 1, 10 or 100 of a unit, not \(VCDError.quoted(Substring(text)))")
    }
    guard let perUnit = Self.nanosecondsPerUnit[unit] else {
      throw error(
        at: first,
        "the timescale unit must be s, ms, us or ns (finer is not supported), not \(VCDError.quoted(unit))")
    }
    return magnitude * perUnit
  }

  private func timeStamp(_ token: Token, after previous: UInt64, scale: UInt64) throws(VCDError) -> UInt64 {
    guard let units = UInt64(token.text.dropFirst()) else {
      throw error(at: token, "a time is '#' and a whole number, not \(VCDError.quoted(token.text))")
    }
    let (time, overflow) = units.multipliedReportingOverflow(by: scale)
    guard !overflow else { throw error(at: token, "the time \(units) overflows 64 bits of nanoseconds") }
    guard time >= previous else {
      throw error(at: token, "time goes back from \(previous) ns to \(time) ns")
    }
    return time
  }

  /// A scalar change (`1!`), or nil for a vector or real change (`b1010 !`, `r1.5 !`).
  private mutating func valueChange(
    _ token: Token, codes: [Substring: Int], wideCodes: Set<Substring>, time: UInt64
  ) throws(VCDError) -> LogicTrace.Change? {
    guard let first = token.text.first else { return nil }
    switch first {
    case "b", "B", "r", "R":
      guard let code = next(), codes[code.text] != nil || wideCodes.contains(code.text) else {
        throw error(at: token, "a vector value needs the code of a declared variable after it")
      }
      guard let wire = codes[code.text] else { return nil }
      // A one-bit wire written as a vector: its last bit is its level.
      guard first == "b" || first == "B", let bit = token.text.dropFirst().last else {
        throw error(at: token, "a real value for the 1-bit wire \(VCDError.quoted(code.text))")
      }
      return LogicTrace.Change(time: time, wire: wire, level: bit == "0" ? false : bit == "1" ? true : nil)
    case "0", "1", "x", "X", "z", "Z":
      let code = token.text.dropFirst()
      if wideCodes.contains(code) { return nil }
      guard let wire = codes[code] else {
        throw error(at: token, "no $var declares the code \(VCDError.quoted(code))")
      }
      let level: Bool? = first == "0" ? false : first == "1" ? true : nil
      return LogicTrace.Change(time: time, wire: wire, level: level)
    default:
      throw error(at: token, "\(VCDError.quoted(token.text)) is not a value change, a time or a keyword")
    }
  }

  private func error(at token: Token, _ message: String) -> VCDError {
    VCDError(line: token.line, column: token.column, message: message)
  }
}
