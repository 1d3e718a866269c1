/// One cathode of a tube or one dot of a separator: the thing a board wires to a chip output.
///
/// Its `name` is the vocabulary of board profiles and of the JSON display state
/// (docs/INTERFACE.md): `"0"`…`"9"`, `"dp"`, `"ldp"`, `"rdp"`, `"upper"`, `"lower"`, and IN-15
/// symbols by their character (`"-"` for the minus, `"Hz"` for hertz).
public enum Cathode: Hashable, Sendable {
  /// A digit cathode, 0 to 9.
  case digit(Int)
  /// The single decimal point of a tube that has one (IN-12B, IN-8-2, IN-18).
  case decimalPoint
  /// The left decimal point of an IN-14.
  case leftDecimalPoint
  /// The right decimal point of an IN-14.
  case rightDecimalPoint
  /// The upper neon dot of a separator position.
  case upperDot
  /// The lower neon dot of a separator position.
  case lowerDot
  /// A symbol cathode of an IN-15A or IN-15B, by its name.
  case symbol(String)

  /// The name used in board profiles and in the JSON display state.
  public var name: String {
    switch self {
    case .digit(let value): String(value)
    case .decimalPoint: "dp"
    case .leftDecimalPoint: "ldp"
    case .rightDecimalPoint: "rdp"
    case .upperDot: "upper"
    case .lowerDot: "lower"
    case .symbol(let name): name
    }
  }

  /// Whether this is a main cathode (a digit or a symbol), of which a tube shows one at a time.
  public var isMain: Bool {
    switch self {
    case .digit, .symbol: true
    default: false
    }
  }

  /// The character `text` shows for a lit main cathode.
  public var glyph: Character {
    switch self {
    case .digit(let value): Character(String(value))
    case .symbol("Hz"): "㎐"
    case .symbol(let name): name.first ?? "?"
    default: " "
    }
  }
}
