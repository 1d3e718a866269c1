import CYAML

/// libyaml's parser over one text, handing out its events one at a time (or, to name what a
/// message found, its tokens: one or the other per parser, as libyaml requires). Each event and
/// token is copied into Swift and freed at once; the parser and its copy of the text are freed
/// with the value, on every path.
final class LibYAMLParser {
  private let parser: UnsafeMutablePointer<yaml_parser_t>
  private let input: UnsafeMutableBufferPointer<UInt8>
  /// Whether `yaml_parser_initialize` succeeded (it fails only when memory is short).
  private let initialized: Bool

  /// A parser of `text`, UTF-8 without a byte order mark.
  init(_ text: [UInt8]) {
    parser = .allocate(capacity: 1)
    input = .allocate(capacity: max(text.count, 1))
    _ = input.initialize(from: text)
    initialized = yaml_parser_initialize(parser) != 0
    if initialized {
      yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
      yaml_parser_set_input_string(parser, input.baseAddress, text.count)
    }
  }

  deinit {
    if initialized { yaml_parser_delete(parser) }
    parser.deallocate()
    input.deallocate()
  }

  /// The next event, or what stopped libyaml.
  func nextEvent() -> Result<YAMLEvent, LibYAMLProblem> {
    guard initialized else { return .failure(.outOfMemory) }
    var event = yaml_event_t()
    guard yaml_parser_parse(parser, &event) != 0 else { return .failure(problem()) }
    defer { yaml_event_delete(&event) }
    return .success(YAMLEvent(event))
  }

  /// The next token, or what stopped libyaml.
  func nextToken() -> Result<LibYAMLToken, LibYAMLProblem> {
    guard initialized else { return .failure(.outOfMemory) }
    var token = yaml_token_t()
    guard yaml_parser_scan(parser, &token) != 0 else { return .failure(problem()) }
    defer { yaml_token_delete(&token) }
    let scalar =
      token.type == YAML_SCALAR_TOKEN
      ? LibYAMLParser.text(token.data.scalar.value, token.data.scalar.length) : nil
    return .success(LibYAMLToken(type: token.type, index: token.start_mark.index, scalar: scalar))
  }

  /// libyaml's report of the error that stopped it. A reader error (bytes that are not UTF-8,
  /// a control character) has no mark of its own: the place the scanner reached stands in.
  private func problem() -> LibYAMLProblem {
    let state = parser.pointee
    let problem = state.problem.map { String(cString: $0) } ?? "unknown error"
    guard state.error != YAML_MEMORY_ERROR else { return .outOfMemory }
    guard state.error == YAML_SCANNER_ERROR || state.error == YAML_PARSER_ERROR else {
      return LibYAMLProblem(
        context: nil, contextIndex: nil, problem: problem, index: state.mark.index, byParser: false)
    }
    let context = state.context.map { String(cString: $0) }
    return LibYAMLProblem(
      context: context, contextIndex: context == nil ? nil : state.context_mark.index, problem: problem,
      index: state.problem_mark.index, byParser: state.error == YAML_PARSER_ERROR)
  }

  /// The `length` bytes of UTF-8 at `bytes` as a string.
  static func text(_ bytes: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
    guard let bytes else { return "" }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
  }
}
