import CYAML

/// One of libyaml's parsing events, copied out of its C structure: what starts or ends, and
/// where (libyaml's indices: Unicode scalars from the start of the text, from 0).
struct YAMLEvent {
  enum Kind {
    case streamStart, streamEnd
    /// `hasDirectives`: `%YAML` or `%TAG` lines came before it.
    case documentStart(hasDirectives: Bool)
    /// `explicit`: written as `...`.
    case documentEnd(explicit: Bool)
    case alias
    case scalar(YAMLScalar)
    case sequenceStart(flow: Bool)
    case sequenceEnd
    case mappingStart(flow: Bool)
    case mappingEnd
  }

  let kind: Kind
  let start: Int
  let end: Int
  /// Whether the node carries an anchor (`&name`) or a tag (`!tag`).
  let hasAnchor: Bool
  let hasTag: Bool

  init(_ event: yaml_event_t) {
    start = event.start_mark.index
    end = event.end_mark.index
    let data = event.data
    var anchor: UnsafeMutablePointer<yaml_char_t>?
    var tag: UnsafeMutablePointer<yaml_char_t>?
    switch event.type {
    case YAML_STREAM_START_EVENT: kind = .streamStart
    case YAML_DOCUMENT_START_EVENT:
      let directives = data.document_start.tag_directives
      kind = .documentStart(
        hasDirectives: data.document_start.version_directive != nil || directives.start != directives.end)
    case YAML_DOCUMENT_END_EVENT: kind = .documentEnd(explicit: data.document_end.implicit == 0)
    case YAML_ALIAS_EVENT: kind = .alias
    case YAML_SCALAR_EVENT:
      let scalar = data.scalar
      kind = .scalar(
        YAMLScalar(
          LibYAMLParser.text(scalar.value, scalar.length),
          style: YAMLEvent.styles[scalar.style.rawValue] ?? .plain))
      (anchor, tag) = (scalar.anchor, scalar.tag)
    case YAML_SEQUENCE_START_EVENT:
      kind = .sequenceStart(flow: data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE)
      (anchor, tag) = (data.sequence_start.anchor, data.sequence_start.tag)
    case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
    case YAML_MAPPING_START_EVENT:
      kind = .mappingStart(flow: data.mapping_start.style == YAML_FLOW_MAPPING_STYLE)
      (anchor, tag) = (data.mapping_start.anchor, data.mapping_start.tag)
    case YAML_MAPPING_END_EVENT: kind = .mappingEnd
    default: kind = .streamEnd
    }
    hasAnchor = anchor != nil
    hasTag = tag != nil
  }

  /// libyaml's scalar styles and ours (by raw value: Swift 6.0 imports C enums without
  /// `Hashable`).
  private static let styles: [yaml_scalar_style_t.RawValue: YAMLScalar.Style] = [
    YAML_PLAIN_SCALAR_STYLE.rawValue: .plain, YAML_SINGLE_QUOTED_SCALAR_STYLE.rawValue: .singleQuoted,
    YAML_DOUBLE_QUOTED_SCALAR_STYLE.rawValue: .doubleQuoted, YAML_LITERAL_SCALAR_STYLE.rawValue: .literal,
    YAML_FOLDED_SCALAR_STYLE.rawValue: .folded,
  ]
}
