/// A value cut into what goes on the tubes and what goes between them.
///
/// `characters[i]` is the spelling shown on the i-th tube of the value (`" "` for a dark
/// tube); `separators[g]` are the separator characters between character g−1 and g, so
/// `separators` has one group more than there are characters (before the first, after the last).
struct Glyphs: Hashable {
  static let separatorCharacters: Set<Character> = [":", ".", "'"]

  var characters: [String] = []
  var separators: [[Character]] = [[]]

  /// The glyphs of a number's plain text (`-12.5`): sign and digits on tubes, the point between;
  /// `grouped`, a dark tube between groups of three digits (`12 345`, `DecimalNumber.text(grouped:)`).
  init(number: DecimalNumber, grouped: Bool = false) {
    self.init(
      tokens: number.text(grouped: grouped).map {
        Glyphs.separatorCharacters.contains($0) ? .separator($0) : .character(String($0))
      })
  }

  /// The glyphs of a string, matching the longest of `spellings` first (so `Hz` is one glyph).
  init(string: String, spellings: [String]) {
    var tokens: [Token] = []
    var rest = Substring(string)
    while let first = rest.first {
      if Glyphs.separatorCharacters.contains(first) {
        tokens.append(.separator(first))
        rest = rest.dropFirst()
      } else if let spelling = spellings.first(where: { rest.hasPrefix($0) }) {
        tokens.append(.character(spelling))
        rest = rest.dropFirst(spelling.count)
      } else {
        tokens.append(.character(String(first)))
        rest = rest.dropFirst()
      }
    }
    self.init(tokens: tokens)
  }

  private enum Token {
    case character(String)
    case separator(Character)
  }

  private init(tokens: [Token]) {
    for token in tokens {
      switch token {
      case .character(let text):
        characters.append(text)
        separators.append([])
      case .separator(let character):
        separators[separators.count - 1].append(character)
      }
    }
  }

  /// The dots of a separator position that `character` lights.
  static func dots(for character: Character) -> [Cathode] {
    switch character {
    case ":": [.upperDot, .lowerDot]
    case "'": [.upperDot]
    default: [.lowerDot]
    }
  }
}
