import CYAML

/// A token of libyaml's scanner, as a message names it: only read again, token by token, to
/// say what a parser error found in its place.
struct LibYAMLToken {
  let type: yaml_token_type_t
  /// Where it starts (Unicode scalars from the start of the text).
  let index: Int
  /// The text of a scalar.
  let scalar: String?

  /// How messages name what was found.
  var found: String {
    if let scalar { return "'\(Self.excerpt(scalar))'" }
    return Self.names[type.rawValue] ?? "a token"
  }

  /// By raw value: Swift 6.0 imports C enums without `Hashable`.
  private static let names: [yaml_token_type_t.RawValue: String] = [
    YAML_STREAM_END_TOKEN.rawValue: "the end of the text",
    YAML_DOCUMENT_START_TOKEN.rawValue: "'---'", YAML_DOCUMENT_END_TOKEN.rawValue: "'...'",
    YAML_BLOCK_SEQUENCE_START_TOKEN.rawValue: "'-'", YAML_BLOCK_ENTRY_TOKEN.rawValue: "'-'",
    YAML_BLOCK_MAPPING_START_TOKEN.rawValue: "a key", YAML_KEY_TOKEN.rawValue: "a key",
    YAML_BLOCK_END_TOKEN.rawValue: "a less indented line",
    YAML_FLOW_SEQUENCE_START_TOKEN.rawValue: "'['", YAML_FLOW_SEQUENCE_END_TOKEN.rawValue: "']'",
    YAML_FLOW_MAPPING_START_TOKEN.rawValue: "'{'", YAML_FLOW_MAPPING_END_TOKEN.rawValue: "'}'",
    YAML_FLOW_ENTRY_TOKEN.rawValue: "','", YAML_VALUE_TOKEN.rawValue: "':'",
    YAML_ANCHOR_TOKEN.rawValue: "an anchor", YAML_ALIAS_TOKEN.rawValue: "an alias",
    YAML_TAG_TOKEN.rawValue: "a tag",
    YAML_VERSION_DIRECTIVE_TOKEN.rawValue: "a directive", YAML_TAG_DIRECTIVE_TOKEN.rawValue: "a directive",
  ]

  /// The token libyaml's parser stopped at, starting at `index` in `text`: the first there that
  /// is not the end of a block (the blocks before it took those) nor the start of the block
  /// that opened at `index` (the parser took it to open the block). Nil if the text cannot be
  /// scanned that far.
  static func found(at index: Int, in text: [UInt8], openingAt opening: Int? = nil) -> LibYAMLToken? {
    let scanner = LibYAMLParser(text)
    var taken: LibYAMLToken?
    var blockStarts = index == opening ? 1 : 0
    while case .success(let token) = scanner.nextToken(), token.index <= index {
      if token.index == index {
        let blockStart =
          token.type == YAML_BLOCK_MAPPING_START_TOKEN || token.type == YAML_BLOCK_SEQUENCE_START_TOKEN
        if token.type == YAML_BLOCK_END_TOKEN || token.type == YAML_STREAM_START_TOKEN {
          taken = taken ?? token
        } else if blockStart && blockStarts > 0 {
          blockStarts -= 1
          taken = token
        } else {
          return token
        }
      }
      if token.type == YAML_STREAM_END_TOKEN { break }
    }
    return taken
  }

  /// Where the first directive (`%YAML`, `%TAG`) of `text` starts, if one does.
  static func firstDirective(in text: [UInt8]) -> Int? {
    let scanner = LibYAMLParser(text)
    while case .success(let token) = scanner.nextToken(), token.type != YAML_STREAM_END_TOKEN {
      if token.type == YAML_VERSION_DIRECTIVE_TOKEN || token.type == YAML_TAG_DIRECTIVE_TOKEN {
        return token.index
      }
    }
    return nil
  }

  /// The start of `text` for a message: at most 30 characters, invisible ones named.
  static func excerpt(_ text: String) -> String {
    let visible = YAMLText.visible(text.prefix(30))
    return text.count > 30 ? visible + "…" : visible
  }
}
