/// A piece of YAML syntax, as the scanner hands it to the parser: indicators, scalars, and
/// the starts and ends of blocks that the scanner infers from indentation.
struct YAMLToken {
  enum Kind: Equatable {
    case streamEnd
    case documentStart, documentEnd
    /// The start of a block sequence or mapping, from a `- ` or a key at a deeper column.
    case blockSequenceStart, blockMappingStart
    /// The end of a block sequence or mapping: a line less indented.
    case blockEnd
    case flowSequenceStart, flowSequenceEnd, flowMappingStart, flowMappingEnd
    /// `- ` in a block sequence, `,` between flow entries.
    case blockEntry, flowEntry
    /// Before a key (inserted by the scanner once it finds the `:`), and the `:` itself.
    case key, value
    case scalar(YAMLScalar)
    /// A problem the scanner found here; the parser throws it when it gets this far.
    case failure(YAMLError)
  }

  let kind: Kind
  let start: YAMLMark
  let end: YAMLMark

  /// How messages name what was found.
  var found: String {
    switch kind {
    case .streamEnd: return "the end of the text"
    case .documentStart: return "'---'"
    case .documentEnd: return "'...'"
    case .blockSequenceStart, .blockEntry: return "'-'"
    case .blockMappingStart, .key: return "a key"
    case .blockEnd: return "a less indented line"
    case .flowSequenceStart: return "'['"
    case .flowSequenceEnd: return "']'"
    case .flowMappingStart: return "'{'"
    case .flowMappingEnd: return "'}'"
    case .flowEntry: return "','"
    case .value: return "':'"
    case .scalar(let scalar): return "'\(YAMLToken.excerpt(scalar.text))'"
    case .failure(let error): return error.message
    }
  }

  /// The start of `text` for a message: at most 30 characters, invisible ones named.
  static func excerpt(_ text: String) -> String {
    let visible = YAMLText.visible(text.prefix(30))
    return text.count > 30 ? visible + "…" : visible
  }
}
