import NixieText

/// Turns a value (a number or a string, as a user types it) into the cathodes to light.
///
/// The rules (issue 2, docs/INTERFACE.md): a decimal number is right-aligned and takes the
/// right-most placement in which every separator finds a place; anything else is a string,
/// left-aligned, taking the left-most such placement. `:` `.` `'` go to a separator position
/// between two tubes; a `.` may also light the decimal point of the tube before it (or of the
/// tube after it, for a point that sits left of its digit, as on the IN-12B). Strict by
/// default: whatever cannot be shown is an error that names it.
///
/// Cathodes the board wires together (`DisplayLayout.links`) light together: the state lights
/// every cathode linked to a lit one, as the wire does. A placement in which such a companion
/// would light on the value — on or between its lit positions, or on a separator right beside
/// them — would be misread (a '.' on a colon wired as one line shows ':'), so it is refused
/// like a separator without a place; a companion beyond a dark tube, clear of the value, is
/// lit and shown.
///
/// Two formatters are equal when they lay out for the same board (its name and layout: the
/// spellings follow from the layout); the hash takes the name alone, which is cheap and agrees.
public struct ValueFormatter: Hashable, Sendable {
  public let layout: DisplayLayout
  public let boardName: String
  /// Every spelling the board's tube models know, longest first.
  private let spellings: [String]

  public init(layout: DisplayLayout, boardName: String) {
    self.layout = layout
    self.boardName = boardName
    let all = Set(layout.positions.flatMap { $0.model.spellings.keys })
    self.spellings = all.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
  }

  public static func == (lhs: ValueFormatter, rhs: ValueFormatter) -> Bool {
    lhs.boardName == rhs.boardName && lhs.layout == rhs.layout
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(boardName)
  }

  /// Whether `value` is a number with digits after its point (`3.14159`): one that
  /// `FormatOptions.decimals` can round to fit.
  public static func isFractionalNumber(_ value: String) -> Bool {
    !(DecimalNumber(parsing: value)?.fractionDigits.isEmpty ?? true)
  }

  /// A value as the messages quote it: in double quotes, control characters escaped, a long
  /// one cut (`Printable.quoted`), so a refusal never echoes a NUL or an escape sequence raw.
  static func quoted(_ value: String) -> String { Printable.quoted(value, mark: "\"") }

  /// The display state showing `value`, or the reason it cannot be shown.
  public func format(_ value: String, options: FormatOptions = FormatOptions()) throws(FormatError)
    -> DisplayState
  {
    if let decimals = options.decimals, !(0...FormatOptions.maximumDecimals).contains(decimals) {
      throw FormatError(
        .invalidDecimals(decimals), value: value,
        message: "--decimals must be between 0 and \(FormatOptions.maximumDecimals), not \(decimals)")
    }
    let glyphs: Glyphs
    let isNumber: Bool
    if var number = DecimalNumber(parsing: value) {
      if let decimals = options.decimals { number = number.rounded(toPlaces: decimals) }
      glyphs = Glyphs(number: number, grouped: options.groupDigits)
      isNumber = true
    } else {
      glyphs = Glyphs(string: value, spellings: spellings)
      isNumber = false
    }

    let unsupported = Set(glyphs.characters.filter { $0 != " " && !canShowAnywhere($0) })
    if !options.lenient, let first = glyphs.characters.first(where: unsupported.contains) {
      if isNumber && first == "-" {
        throw FormatError(
          .negativeWithoutMinus, value: value,
          message: "cannot show the negative number \(Self.quoted(value)): \(boardName) has no tube with a"
            + " minus cathode (an IN-15A has one); it can show \(capabilities)")
      }
      throw FormatError(
        .unsupportedCharacter(first), value: value,
        message:
          "cannot show \(Self.quoted(value)): \(boardName) has no cathode for \(Printable.quoted(first)); it can show"
          + " \(capabilities)")
    }
    let tubes = layout.tubeCount
    guard glyphs.characters.count <= tubes else {
      let gaps = isNumber && options.groupDigits ? glyphs.characters.filter { $0 == " " }.count : 0
      let among = gaps == 0 ? "" : " (with \(Counted.text(gaps, "gap")) between groups of digits)"
      throw FormatError(
        .tooLong(needed: glyphs.characters.count, available: tubes), value: value,
        message: "cannot show \(Self.quoted(value)): it needs \(glyphs.characters.count) tubes\(among) and"
          + " \(boardName) has \(tubes)")
    }

    let offsets = Array(0...(tubes - glyphs.characters.count))
    let order = isNumber ? Array(offsets.reversed()) : offsets
    let placements = order.map { offset in
      var placement = place(glyphs, at: offset, ignoring: unsupported)
      if isNumber && options.padding == .zero {
        padWithZeros(&placement, glyphs: glyphs, grouped: options.groupDigits)
      }
      findMisreadCompanions(&placement)
      return placement
    }
    var chosen = placements.first { $0.failures.isEmpty }
    if chosen == nil {
      if options.lenient {
        chosen = placements.min { $0.failures.count < $1.failures.count }
      } else {
        throw error(for: placements[0], glyphs: glyphs, value: value)
      }
    }
    guard var placement = chosen else { return layout.blank }
    for case .linked(let lit, _) in placement.failures {
      placement.state.lit[lit.position].remove(lit.cathode)
    }
    return layout.withLinkedCathodes(placement.state)
  }

  // MARK: - Placement

  /// A value laid out from tube `offset` on, with what did not fit.
  private struct Placement {
    enum Failure: Hashable {
      case character(Int)
      case separator(group: Int, Character)
      /// The value lights `lit`, wired together with `companion`, which would light on it or beside it.
      case linked(lit: LinkedCathodes.Member, companion: LinkedCathodes.Member)
    }

    var offset: Int
    var state: DisplayState
    var failures: [Failure] = []
  }

  private func place(_ glyphs: Glyphs, at offset: Int, ignoring unsupported: Set<String>) -> Placement {
    var placement = Placement(offset: offset, state: layout.blank)
    for (i, character) in glyphs.characters.enumerated() where character != " " {
      let tube = layout.tubeIndices[offset + i]
      if let cathode = layout.positions[tube].cathodeIndex(spelled: character) {
        placement.state.lit[tube].insert(cathode)
      } else if !unsupported.contains(character) {
        placement.failures.append(.character(i))
      }
    }
    for (group, separators) in glyphs.separators.enumerated() where !separators.isEmpty {
      let gap = offset + group
      var usedPositions: Set<Int> = []
      var usedPointBefore = false
      var usedPointAfter = false
      for separator in separators {
        if let position = layout.gaps[gap].first(where: {
          !usedPositions.contains($0) && canShow(separator, at: $0)
        }) {
          usedPositions.insert(position)
          for dot in Glyphs.dots(for: separator) {
            if let index = layout.positions[position].wiredIndex(of: dot) {
              placement.state.lit[position].insert(index)
            }
          }
          continue
        }
        if separator == "." {
          if !usedPointAfter, gap > 0, light(\.pointAfter, ofTube: gap - 1, in: &placement.state) {
            usedPointAfter = true
            continue
          }
          if !usedPointBefore, gap < layout.tubeCount,
            light(\.pointBefore, ofTube: gap, in: &placement.state)
          {
            usedPointBefore = true
            continue
          }
        }
        placement.failures.append(.separator(group: group, separator))
      }
    }
    return placement
  }

  /// Records every cathode of the placement wired together with one that would light on the
  /// value without the value lighting it: from its first to its last lit position, widened
  /// over the separators right beside them (a dot next to a digit reads as part of the value).
  private func findMisreadCompanions(_ placement: inout Placement) {
    guard !layout.links.isEmpty else { return }
    let lit = placement.state.lit
    guard var first = lit.firstIndex(where: { !$0.isEmpty }),
      var last = lit.lastIndex(where: { !$0.isEmpty })
    else { return }
    while first > 0 && !layout.positions[first - 1].isTube { first -= 1 }
    while last + 1 < layout.count && !layout.positions[last + 1].isTube { last += 1 }
    for (position, cathodes) in lit.enumerated() {
      for cathode in cathodes.indices {
        for companion in layout.companions(ofPosition: position, cathode: cathode)
        where (first...last).contains(companion.position)
          && !lit[companion.position].contains(companion.cathode)
        {
          placement.failures.append(
            .linked(lit: LinkedCathodes.Member(position: position, cathode: cathode), companion: companion))
        }
      }
    }
  }

  private func canShow(_ separator: Character, at position: Int) -> Bool {
    Glyphs.dots(for: separator).allSatisfy { layout.positions[position].wiredIndex(of: $0) != nil }
  }

  /// Lights the decimal point `point` of tube number `tube` if it has one wired.
  private func light(
    _ point: KeyPath<DisplayPosition, Cathode?>, ofTube tube: Int, in state: inout DisplayState
  ) -> Bool {
    let index = layout.tubeIndices[tube]
    let position = layout.positions[index]
    guard let cathode = position[keyPath: point], let bit = position.wiredIndex(of: cathode) else {
      return false
    }
    state.lit[index].insert(bit)
    return true
  }

  /// Fills the tubes left of a number with 0, moving a minus sign to the first tube. Grouped,
  /// the tubes that fall on a gap between groups of three (counted from the units tube) stay dark.
  private func padWithZeros(_ placement: inout Placement, glyphs: Glyphs, grouped: Bool) {
    guard placement.offset > 0 else { return }
    // The tube of the units digit: the last before the point (the sign's, once the sign moves).
    let beforePoint = glyphs.separators.firstIndex { !$0.isEmpty } ?? glyphs.characters.count
    let units = placement.offset + beforePoint - 1
    var padded = Array(0..<placement.offset)
    if glyphs.characters.first == "-" {
      let first = layout.tubeIndices[0]
      let sign = layout.tubeIndices[placement.offset]
      guard let minus = layout.positions[first].cathodeIndex(spelled: "-") else { return }
      let mainCathodes = layout.positions[sign].model.mainCathodes
      placement.state.lit[sign] = placement.state.lit[sign].subtracting(mainCathodes)
      placement.state.lit[first].insert(minus)
      padded = Array(1...placement.offset)
    }
    for tube in padded where !(grouped && (units - tube) % 4 == 3) {
      let index = layout.tubeIndices[tube]
      if let zero = layout.positions[index].cathodeIndex(spelled: "0") {
        placement.state.lit[index].insert(zero)
      }
    }
  }

  // MARK: - What the board can show

  private func canShowAnywhere(_ character: String) -> Bool {
    layout.positions.contains { $0.isTube && $0.cathodeIndex(spelled: character) != nil }
  }

  /// What the board can show, for messages: `0–9, space and the separators : . '`.
  public var capabilities: String {
    var glyphs: [String] = []
    for position in layout.positions where position.isTube {
      for index in position.wired.intersection(position.model.mainCathodes).indices {
        let name = String(position.model.cathodes[index].glyph)
        if !glyphs.contains(name) { glyphs.append(name) }
      }
    }
    let digits = (0...9).map(String.init)
    if digits.allSatisfy(glyphs.contains) {
      glyphs.removeAll(where: digits.contains)
      glyphs.insert("0–9", at: 0)
    }
    var separators: [String] = []
    let separatorPositions = layout.positions.indices.filter { !layout.positions[$0].isTube }
    if separatorPositions.contains(where: { canShow(":", at: $0) }) { separators.append(":") }
    let hasPoints = layout.positions.contains { $0.pointBefore != nil || $0.pointAfter != nil }
    if hasPoints || separatorPositions.contains(where: { canShow(".", at: $0) }) {
      separators.append(".")
    }
    if separatorPositions.contains(where: { canShow("'", at: $0) }) { separators.append("'") }
    var text = (glyphs + ["space"]).joined(separator: ", ")
    if !separators.isEmpty { text += " and the separators " + separators.joined(separator: " ") }
    return text
  }

  /// Where separators can go, for messages: `separator positions after tubes 2 and 4`.
  private var separatorPlaces: String {
    let gaps = layout.gaps.indices.filter { !layout.gaps[$0].isEmpty }
    let points = layout.tubeIndices.indices.filter {
      let position = layout.positions[layout.tubeIndices[$0]]
      return position.pointBefore != nil || position.pointAfter != nil
    }
    var places: [String] = []
    if !gaps.isEmpty {
      places.append("separator positions after tube " + Self.list(gaps.map { $0 == 0 ? "0" : String($0) }))
    }
    if !points.isEmpty { places.append("decimal points on tube " + Self.list(points.map { String($0 + 1) })) }
    return places.isEmpty ? "no separator positions or decimal points" : places.joined(separator: " and ")
  }

  private static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
  }

  private func error(for placement: Placement, glyphs: Glyphs, value: String) -> FormatError {
    switch placement.failures[0] {
    case .character(let i):
      let character = glyphs.characters[i]
      let tubes = layout.tubeIndices.indices.filter {
        layout.positions[layout.tubeIndices[$0]].cathodeIndex(spelled: character) != nil
      }
      let names = tubes.map { "\($0 + 1) (\(layout.positions[layout.tubeIndices[$0]].model.name))" }
      return FormatError(
        .characterWithoutPlace(character), value: value,
        message: "cannot show \(Self.quoted(value)) on \(boardName): '\(character)' can only be shown on"
          + " tube \(Self.list(names)), and no placement of the value puts it there")
    case .separator(let group, let separator):
      let neighbours: String
      if group == 0 {
        neighbours = "before \"\(glyphs.characters.first ?? "")\""
      } else if group == glyphs.characters.count {
        neighbours = "after \"\(glyphs.characters[group - 1])\""
      } else {
        neighbours = "between \"\(glyphs.characters[group - 1])\" and \"\(glyphs.characters[group])\""
      }
      return FormatError(
        .separatorWithoutPlace(separator), value: value,
        message: "cannot show \(Self.quoted(value)) on \(boardName): the '\(separator)' \(neighbours) has no"
          + " place wherever the value goes; the board has \(separatorPlaces)")
    case .linked(let lit, let companion):
      let litName = layout.name(of: lit)
      let companionName = layout.name(of: companion)
      return FormatError(
        .wiredTogether(lit: litName, companion: companionName), value: value,
        message: "cannot show \(Self.quoted(value)) on \(boardName): \(litName) is wired together with"
          + " \(companionName), which would light on the value and change how it reads")
    }
  }
}
