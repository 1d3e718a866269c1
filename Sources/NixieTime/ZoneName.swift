import NixieText

/// Zone identifiers as tzdata spells them (`Europe/Berlin`, `America/Argentina/Buenos_Aires`,
/// `Etc/GMT+5`), checked before any file is opened, and guesses for a mistyped one.
public enum ZoneName {
  /// Longer names are refused; the longest in tzdata has 30 characters.
  public static let maximumLength = 128

  /// Throws `ZoneError.Reason.invalidName` unless `name` is one or more `/`-separated parts
  /// of ASCII letters, digits, `_`, `+`, `-` and `.`, none empty, none starting with `.` or
  /// `-` (so no `..`, no absolute path, nothing hidden), at most `maximumLength` characters.
  public static func validate(_ name: String) throws(ZoneError) {
    if let problem = problem(with: name) {
      throw ZoneError(.invalidName, "time zone \(Printable.quoted(name)) is not a zone name: \(problem)")
    }
  }

  public static func isValid(_ name: String) -> Bool { problem(with: name) == nil }

  private static func problem(with name: String) -> String? {
    let bytes = Array(name.utf8.prefix(maximumLength + 1))
    guard !bytes.isEmpty else { return "it is empty" }
    guard bytes.count <= maximumLength else { return "it is longer than \(maximumLength) characters" }
    guard bytes[0] != UInt8(ascii: "/") else {
      return "it starts with '/' (give a name such as Europe/Berlin)"
    }
    if let bad = bytes.firstIndex(where: { !isAllowed($0) }) {
      return "character \(bad + 1) is not a letter, digit, '/', '_', '+', '-' or '.'"
    }
    for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
      guard let first = part.first else { return "it has an empty part between '/'s" }
      guard first != UInt8(ascii: "."), first != UInt8(ascii: "-") else {
        return "a part starts with '\(Character(Unicode.Scalar(first)))'"
      }
    }
    return nil
  }

  private static func isAllowed(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "/_+-.".utf8.contains(byte)
    }
  }

  /// Zones `name` may have meant, best first, at most `limit`: the same name in other letter
  /// case, zones whose last part is `name` (`Berlin`, `new york`), the closest whole name and
  /// the zones of the closest last part. `closest(text, candidates)` picks the candidate
  /// within typing distance of `text`, or nil; the caller passes the project's one
  /// edit-distance matcher (the board files' did-you-mean), so this module keeps none.
  public static func suggestions(
    for name: String, among names: [String], limit: Int = 5, closest: (String, [String]) -> String?
  ) -> [String] {
    let lowered = name.lowercased()
    let city = String(lastPart(lowered).map { $0 == " " ? "_" : $0 })
    var found: [String] = []
    func add(_ candidate: String) {
      if !found.contains(candidate) { found.append(candidate) }
    }
    for candidate in names where candidate.lowercased() == lowered { add(candidate) }
    for candidate in names where lastPart(candidate).lowercased() == city { add(candidate) }
    if let guess = closest(name, names) { add(guess) }
    var cities: [String] = []
    for candidate in names {
      let part = String(lastPart(candidate))
      if !cities.contains(part) { cities.append(part) }
    }
    if let guess = closest(city, cities) {
      for candidate in names where lastPart(candidate) == guess { add(candidate) }
    }
    return Array(found.prefix(max(0, limit)))
  }

  /// What to say when `name` is a UTC offset (`GMT+2`, `UTC-05:00`, `+0530`) rather than a
  /// zone: that a place's zone is better (it keeps the summer time), and for whole hours the
  /// fixed-offset zone, whose POSIX sign is the other way round (UTC+2 is `Etc/GMT-2`). Nil for
  /// anything that is not an offset.
  public static func offsetAdvice(for name: String) -> String? {
    var rest = Substring(name.uppercased())
    for prefix in ["UTC", "GMT"] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
    guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
    let digits = rest.dropFirst().filter { $0 != ":" }
    guard (1...4).contains(digits.count), digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
      rest.dropFirst().first?.isNumber == true
    else { return nil }
    let hourDigits = digits.count > 2 ? digits.dropLast(2) : digits[...]
    let minuteDigits = digits.count > 2 ? digits.suffix(2) : "00"
    guard let hours = Int(hourDigits), let minutes = Int(minuteDigits) else { return nil }
    var advice =
      "a UTC offset is not a zone: give your place's zone (such as Europe/Berlin), which also keeps its summer time"
    if minutes == 0, hours <= 14 {
      let east = sign == "+"
      if hours == 0 {
        advice += "; for UTC itself, UTC"
      } else if east || hours <= 12 {
        advice +=
          "; for a fixed UTC\(sign)\(hours), Etc/GMT\(east ? "-" : "+")\(hours) (POSIX turns the sign round)"
      }
    }
    return advice
  }

  private static func lastPart(_ name: String) -> Substring {
    name.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(name)
  }
}
