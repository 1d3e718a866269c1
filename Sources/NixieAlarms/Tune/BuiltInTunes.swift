import NixieText

/// The tunes nixie knows by name, written for it in RTTTL: what `tune:` takes besides RTTTL
/// text. Each is short and meant to repeat while an alarm rings.
public enum BuiltInTunes {
  /// Name → RTTTL, in the order `nixie` lists them.
  public static let texts: [(name: String, rtttl: String)] = [
    ("beeps", "beeps:d=8,o=7,b=160:c,p,c,p,c,p,c,2p"),
    ("rising", "rising:d=16,o=5,b=140:c,e,g,c6,e6,g6,4c7,4p"),
    ("chime", "chime:d=4,o=5,b=100:e,c,d,2g4,p,g4,d,e,2c,2p"),
    ("timer", "timer:d=16,o=7,b=180:a,p,a,p,a,4p"),
  ]

  /// The names, for messages.
  public static var names: [String] { texts.map(\.name) }

  /// The built-in tune called `name` (as written, lower case), or nil.
  public static func named(_ name: String) -> Tune? {
    guard let text = texts.first(where: { $0.name == name })?.rtttl else { return nil }
    return try? RTTTLParser.parse(text)
  }

  /// What a `tune:` setting names: a built-in tune by name, else RTTTL text (which has a ':').
  public static func tune(_ setting: String, line: Int = 1) throws(TuneError) -> Tune {
    if let tune = named(setting) { return tune }
    guard setting.contains(":") else {
      throw TuneError(
        line: line, column: 1,
        message: "no built-in tune is called \(Printable.quoted(setting)) (there are "
          + names.joined(separator: ", ") + "), and RTTTL is name:defaults:notes")
    }
    return try RTTTLParser.parse(setting, line: line)
  }
}
