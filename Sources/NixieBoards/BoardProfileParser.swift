import NixieBoardModel
import NixieDisplay
import NixieText
import NixieYAMLFiles

/// Reads a board profile from YAML and checks it, so that a mistake is reported with its file
/// and line instead of lighting the wrong cathode. The format is described in
/// docs/INTERFACE.md ("Board profiles").
struct BoardProfileParser {
  let file: String

  func parse(_ yaml: String) throws(YAMLFileError) -> BoardProfile {
    try parse(bytes: Array(yaml.utf8))
  }

  /// Parses the UTF-8 text of a profile file.
  func parse(bytes: [UInt8]) throws(YAMLFileError) -> BoardProfile {
    guard let root = try ProfileNode.root(bytes: bytes, file: file) else {
      throw YAMLFileError(file: file, line: nil, column: nil, message: "the file is empty")
    }
    return try parse(root)
  }

  // MARK: - The profile

  private func parse(_ root: ProfileNode) throws(YAMLFileError) -> BoardProfile {
    let top = try root.fields(
      allowed: [
        "name", "description", "chips", "gpio", "spi", "i2c", "enable", "multiplex", "display", "encoder",
        "buttons", "backlight", "buzzer", "rtc", "overdrive", "presence",
      ],
      required: ["name", "chips", "display"])
    let name = try top["name"]!.string()
    guard !name.isEmpty else { throw top["name"]!.error("name must not be empty") }
    let description = try top["description"]?.string() ?? ""

    var chips = try parseChips(top["chips"]!)
    let i2c = try top["i2c"].map(parseI2C)
    let chipCount = try Self.chipCount(chips, i2c: i2c, i2cNode: top["i2c"], root: root)
    var lines = LineUse()
    let wiring = try parseDisplayLines(top, root: root, chips: chips, chipCount: chipCount, lines: &lines)
    if let variantNode = chips.variantNode {
      chips.variant = try parseVariant(
        variantNode, base: chips.model, gpioChip: wiring.gpioChip, lines: &lines)
    }
    let outputs = try parseOutputs(top, chips: chips, chipCount: chipCount, i2c: i2c, wiring: wiring)
    let extras = try parseExtras(top, chip: chips.model, wiring: wiring, lines: &lines)

    var board = BoardProfile(
      name: name, description: description, layout: DisplayLayout(positions: outputs.map.positions),
      chip: chips.model, chipCount: chipCount, outputs: outputs.map.outputs,
      invertedLines: wiring.inverted, gpio: wiring.gpio, spi: wiring.spi?.wiring, i2c: i2c,
      encoder: extras.encoder)
    board.variant = outputs.variant
    board.enable = wiring.enable?.wiring
    board.multiplex = outputs.multiplex
    board.buttons = extras.buttons ?? []
    board.backlight = extras.backlight
    board.buzzer = extras.buzzer
    board.presence = extras.presence
    board.rtc = extras.rtc
    board.overdrive = extras.overdrive
    return board
  }

  /// How many chips: an expander's addresses, else `chips.count` (one by default); an
  /// expander needs an `i2c` section and nothing else takes one.
  private static func chipCount(_ chips: Chips, i2c: I2CWiring?, i2cNode: ProfileNode?, root: ProfileNode)
    throws(YAMLFileError) -> Int
  {
    switch chips.model.interface {
    case .i2cExpander:
      guard let i2c else {
        throw root.error("\(chips.model.name) is an I2C expander: add an 'i2c' section with bus and address")
      }
      if let count = chips.count, count != i2c.addresses.count {
        throw chips.node.error(
          "chips.count is \(count) but i2c names \(i2c.addresses.count) address(es); drop count or make them agree"
        )
      }
      return i2c.addresses.count
    case .shiftRegister, .module:
      if let i2cNode {
        throw i2cNode.error(
          "\(chips.model.name) is \(Self.kind(of: chips.model)): it takes 'gpio' or 'spi', not 'i2c'")
      }
      return chips.count ?? 1
    }
  }

  /// The lines the display is driven through: `gpio`'s, the SPI section's latch or selects,
  /// the enable line.
  private struct DisplayLines {
    /// The gpiochip the lines are on (`gpio.chip`, else the Raspberry Pi's header).
    var gpioChip: String
    /// `gpio.chip` as written; nil without a `gpio` section.
    var gpioSectionChip: String?
    var gpio: GPIOWiring?
    var spi: (wiring: SPIWiring, lines: [LineRole: LineEntry])?
    var enable: (wiring: EnableWiring, line: LineEntry)?
    /// The chips' inverted lines and those whose `active` level says an inverter is on the way.
    var inverted: LineSet
    /// The lines that are output map outputs of their own (a colon driven by a GPIO line).
    var lineOutputs: [LineRole]
  }

  /// `gpio`, `spi` and `enable`, their lines claimed, checked against what the chips need.
  private func parseDisplayLines(
    _ top: ProfileNode.Fields, root: ProfileNode, chips: Chips, chipCount: Int, lines: inout LineUse
  ) throws(YAMLFileError) -> DisplayLines {
    let gpio = try top["gpio"].map { node throws(YAMLFileError) in try parseGPIO(node, lines: &lines) }
    let gpioChip = gpio?.chip ?? GPIOWiring.raspberryPiHeader
    let spi = try top["spi"].map { node throws(YAMLFileError) in
      try parseSPI(node, chip: chips.model, chipCount: chipCount, gpioChip: gpioChip, lines: &lines)
    }
    let enable = try top["enable"].map { node throws(YAMLFileError) in
      try parseEnable(node, gpioChip: gpioChip, lines: &lines)
    }
    // The latch, the selects and the enable line are display lines like gpio's.
    var displayLines = gpio?.lines ?? [:]
    for (role, entry) in spi?.lines ?? [:] { displayLines[role] = entry }
    if let enable { displayLines[.hven] = enable.line }
    var inverted = chips.inverted
    for (role, entry) in displayLines where entry.inverted { inverted.insert(.role(role)) }
    let gpioWiring =
      gpio == nil && displayLines.isEmpty
      ? nil : GPIOWiring(chip: gpioChip, lines: displayLines.mapValues(\.offset))
    try checkTransport(
      chips: chips.model, chipCount: chipCount, gpio: gpioWiring, spi: spi?.wiring, spiNode: top["spi"],
      root: root, gpioNode: top["gpio"])
    if spi?.wiring.usesDeviceChipSelect == true,
      let role = chips.inverted.intersection([.clk, .le]).roles.first
    {
      throw chips.node.error(
        "with spi, \(role.name) comes from the SPI controller and cannot be inverted: bit-bang the "
          + "board through gpio instead")
    }
    return DisplayLines(
      gpioChip: gpioChip, gpioSectionChip: gpio?.chip, gpio: gpioWiring, spi: spi, enable: enable,
      inverted: inverted,
      lineOutputs: displayLines.keys.filter { $0 == .colon }.sorted())
  }

  /// The display's layout and output map, the multiplex groups, and the map again for the
  /// chip variant the detect line may report.
  private func parseOutputs(
    _ top: ProfileNode.Fields, chips: Chips, chipCount: Int, i2c: I2CWiring?, wiring: DisplayLines
  ) throws(YAMLFileError) -> (
    map: (positions: [DisplayPosition], outputs: OutputMap), multiplex: MultiplexWiring?,
    variant: ChipVariant?
  ) {
    let outputCount = chipCount * chips.model.outputsPerChip
    let multiplexNode = top["multiplex"]
    let map = try outputMap(
      display: top["display"]!, multiplex: multiplexNode, chip: chips.model, outputCount: outputCount,
      chipCount: chipCount, addresses: i2c?.addresses ?? [], lineOutputs: wiring.lineOutputs)
    let multiplex = try multiplexNode.map { node throws(YAMLFileError) in
      try parseMultiplex(node, groupCount: map.outputs.groupOutputs.count)
    }
    guard let chosen = chips.variant else { return (map, multiplex, nil) }
    let other = try outputMap(
      display: top["display"]!, multiplex: multiplexNode, chip: chosen.model, outputCount: outputCount,
      chipCount: chipCount, addresses: [], lineOutputs: wiring.lineOutputs)
    let variant = ChipVariant(
      chip: wiring.gpioChip, line: chosen.line, pullUp: chosen.pullUp, whenLow: chosen.model,
      outputsWhenLow: other.outputs)
    return (map, multiplex, variant)
  }

  /// What the board has besides its display: a knob, buttons, a backlight, a buzzer, a
  /// presence line, clocks, and whether its modules are overdriven.
  private struct Extras {
    var encoder: EncoderWiring?
    var buttons: [ButtonWiring]?
    var backlight: BacklightWiring?
    var buzzer: BuzzerWiring?
    var presence: PresenceWiring?
    var rtc: [RTCChip]
    var overdrive: Bool
  }

  private func parseExtras(
    _ top: ProfileNode.Fields, chip: ChipModel, wiring: DisplayLines, lines: inout LineUse
  )
    throws(YAMLFileError) -> Extras
  {
    let gpioChip = wiring.gpioChip
    let encoder = try top["encoder"].map { node throws(YAMLFileError) in
      try parseEncoder(node, defaultChip: wiring.gpioSectionChip, lines: &lines)
    }
    let buttons = try top["buttons"].map { node throws(YAMLFileError) in
      try parseButtons(node, gpioChip: gpioChip, lines: &lines)
    }
    let backlight = try top["backlight"].map { node throws(YAMLFileError) in
      try parseBacklight(node, chip: chip, gpioChip: gpioChip, lines: &lines)
    }
    let buzzer = try top["buzzer"].map { node throws(YAMLFileError) in
      try parseBuzzer(node, gpioChip: gpioChip, lines: &lines)
    }
    let presence = try top["presence"].map { node throws(YAMLFileError) in
      try parsePresence(node, gpioChip: gpioChip, lines: &lines)
    }
    let rtc = try top["rtc"].map(parseRTC) ?? []
    var overdrive = false
    if let node = top["overdrive"] {
      guard chip.module != nil else {
        throw node.error("overdrive is for modules that take it (exixe-14), not \(chip.name)")
      }
      overdrive = try node.bool()
    }
    return Extras(
      encoder: encoder, buttons: buttons, backlight: backlight, buzzer: buzzer, presence: presence, rtc: rtc,
      overdrive: overdrive)
  }

  /// `a shift register`, `a module`, `an I2C expander`: for messages.
  static func kind(of chip: ChipModel) -> String {
    switch chip.interface {
    case .shiftRegister: "a shift register"
    case .module: "a module"
    case .i2cExpander: "an I2C expander"
    }
  }

  /// The layout and output map of the display list (and the multiplex groups) for `chip`.
  private func outputMap(
    display: ProfileNode, multiplex: ProfileNode?, chip: ChipModel, outputCount: Int, chipCount: Int,
    addresses: [UInt8], lineOutputs: [LineRole]
  ) throws(YAMLFileError) -> (positions: [DisplayPosition], outputs: OutputMap) {
    let resolver = OutputResolver(
      chip: chip, outputCount: outputCount, chipCount: chipCount, addresses: addresses,
      lineOutputs: lineOutputs)
    let groups = try multiplex.map { node throws(YAMLFileError) in try parseGroups(node, outputs: resolver) }
    let parsed = try parseDisplay(display, outputs: resolver, groups: groups)
    return (
      parsed.positions,
      OutputMap(
        positions: parsed.wiring, outputCount: outputCount + lineOutputs.count,
        groupOutputs: groups?.map(\.output) ?? [],
        activeLowOutputs: groups?.filter(\.activeLow).map(\.output) ?? [], lineOutputs: lineOutputs)
    )
  }

  // MARK: - Chips and transports

  private struct Chips {
    var model: ChipModel
    var count: Int?
    var inverted: LineSet
    var node: ProfileNode
    var variantNode: ProfileNode?
    var variant: (model: ChipModel, line: UInt32, pullUp: Bool)?
  }

  private func parseChips(_ node: ProfileNode) throws(YAMLFileError) -> Chips {
    let fields = try node.fields(allowed: ["model", "count", "inverted", "variant"], required: ["model"])
    let modelName = try fields["model"]!.string()
    guard let model = ChipModel.named(modelName) else {
      throw fields["model"]!.error(
        "unknown chip model '\(modelName)'; known: "
          + ChipModel.catalog.map(\.name).joined(separator: ", "))
    }
    let count = try fields["count"]?.int(in: 1...64)
    var inverted = LineSet()
    if let list = fields["inverted"] {
      for item in try list.sequence() {
        let roleName = try item.string()
        guard let role = LineRole(name: roleName), [.din, .clk, .le, .bl].contains(role) else {
          throw item.error("chips.inverted lists display lines (din, clk, le, bl), not '\(roleName)'")
        }
        inverted.insert(.role(role))
      }
    }
    return Chips(model: model, count: count, inverted: inverted, node: node, variantNode: fields["variant"])
  }

  // MARK: - Display positions

  private struct Display {
    var positions: [DisplayPosition] = []
    var wiring: [OutputMap.PositionWiring] = []
  }

  /// Which chip outputs are taken, and by what, to report an output used twice. Sharing is
  /// allowed where the board really does it: two dots of one separator on one output (tied),
  /// the same dot of two separators (colons wired together), and positions of different
  /// anode groups on a multiplexed board. A position lit in every group's frame (`group: all`)
  /// shares no output with a position of one group: the two would light together in that
  /// group's visits only, which no display state can say.
  private struct OutputUse {
    struct Use {
      var what: String
      var line: Int
      var position: Int?
      var cathode: String
      var group: Int?
      var isSeparator: Bool
    }

    var uses: [Int: Use] = [:]

    mutating func claim(_ output: Int, for use: Use, at node: ProfileNode) throws(YAMLFileError) {
      if let first = uses[output], first.position != nil, use.position != nil,
        (first.group == nil) != (use.group == nil)
      {
        throw node.error(
          "output \(output) is already used by \(first.what) (at line \(first.line) of this file); a"
            + " position of every group's frame and one of a single anode group cannot share an output")
      }
      if let first = uses[output], !Self.mayShare(first, use) {
        throw node.error(
          "output \(output) is already used by \(first.what) (at line \(first.line) of this file)")
      }
      if uses[output] == nil { uses[output] = use }
    }

    static func mayShare(_ first: Use, _ second: Use) -> Bool {
      guard let a = first.position, let b = second.position else { return false }
      if first.isSeparator && second.isSeparator && (a == b || first.cathode == second.cathode) {
        return true
      }
      if let groupA = first.group, let groupB = second.group, groupA != groupB { return true }
      return false
    }
  }

  private func parseDisplay(
    _ node: ProfileNode, outputs: OutputResolver, groups: [GroupOutput]?
  ) throws(YAMLFileError) -> Display {
    let entries = try node.sequence()
    var display = Display()
    var used = OutputUse()
    for (index, group) in (groups ?? []).enumerated() {
      try used.claim(
        group.output,
        for: OutputUse.Use(
          what: "anode group \(index + 1)", line: node.line, position: nil, cathode: "", group: nil,
          isSeparator: false),
        at: node)
    }
    var tubes = 0
    var separators = 0
    for (positionIndex, entry) in entries.enumerated() {
      let fields = try entry.fields(
        allowed: ["tube", "separator", "name", "cathodes", "decoder", "bcd", "codes", "decimal-point"]
          + (groups == nil ? [] : ["group"]))
      let (model, isSeparator) = try Self.positionModel(entry, fields: fields)
      if isSeparator { separators += 1 } else { tubes += 1 }
      let defaultName = isSeparator ? "separator \(separators)" : "tube \(tubes)"
      let name = try fields["name"]?.string() ?? defaultName
      let place = Place(
        index: positionIndex, name: name, model: model, isSeparator: isSeparator,
        group: try Self.group(of: entry, fields: fields, name: name, groups: groups))
      let wiring = try parseWiring(entry, fields: fields, place: place, outputs: outputs, used: &used)
      display.positions.append(
        try Self.position(place, wired: wiring.wired, decimalPoint: fields["decimal-point"]))
      display.wiring.append(
        OutputMap.PositionWiring(direct: wiring.direct, bcd: wiring.bcd, group: place.group))
    }
    guard tubes > 0 else { throw node.error("display must list at least one tube") }
    return display
  }

  /// A position of the display as far as its wiring needs it: which, what, in which group.
  private struct Place {
    var index: Int
    var name: String
    var model: TubeModel
    var isSeparator: Bool
    /// Its anode group on a multiplexed board; nil: every group's frame (or no multiplex).
    var group: Int?

    /// `cathode`'s use of an output, as `what`, written at `node`.
    func use(_ cathode: String, _ what: String, _ node: ProfileNode) -> OutputUse.Use {
      OutputUse.Use(
        what: what, line: node.line, position: index, cathode: cathode, group: group, isSeparator: isSeparator
      )
    }
  }

  /// The model a display entry names, and whether it is a separator: `tube: MODEL` or
  /// `separator: MODEL`, which must agree with the model's kind.
  private static func positionModel(_ entry: ProfileNode, fields: ProfileNode.Fields)
    throws(YAMLFileError) -> (model: TubeModel, isSeparator: Bool)
  {
    let modelNode: ProfileNode
    switch (fields["tube"], fields["separator"]) {
    case (let tube?, nil): modelNode = tube
    case (nil, let separator?): modelNode = separator
    case (_?, _?): throw entry.error("\(entry.path) is either a tube or a separator, not both")
    case (nil, nil):
      throw entry.error("\(entry.path) needs 'tube: MODEL' or 'separator: MODEL'")
    }
    let modelName = try modelNode.string()
    guard let model = TubeModel.named(modelName) else {
      throw modelNode.error(
        "unknown tube model '\(modelName)'; known: "
          + TubeModel.catalog.map(\.name).joined(separator: ", "))
    }
    let isSeparator = fields["separator"] != nil
    guard isSeparator == (model.kind == .separator) else {
      throw modelNode.error(
        isSeparator
          ? "\(model.name) is a tube: write 'tube: \(model.name)'"
          : "\(model.name) is a separator: write 'separator: \(model.name)'")
    }
    return (model, isSeparator)
  }

  /// A position's anode group on a multiplexed board (0-based; nil for `group: all`), which
  /// every position there must give; nil without multiplex.
  private static func group(
    of entry: ProfileNode, fields: ProfileNode.Fields, name: String, groups: [GroupOutput]?
  ) throws(YAMLFileError) -> Int? {
    guard let groups else { return nil }
    guard let groupNode = fields["group"] else {
      throw entry.error(
        "\(name) needs 'group: N' (1–\(groups.count)) or 'group: all' on a multiplexed board")
    }
    return groupNode.text == "all" ? nil : try groupNode.int(in: 1...groups.count) - 1
  }

  /// A position's outputs: its cathodes wired directly, or through a BCD decoder, each output
  /// claimed; a tube must wire its digits and a separator at least one dot.
  private func parseWiring(
    _ entry: ProfileNode, fields: ProfileNode.Fields, place: Place, outputs: OutputResolver,
    used: inout OutputUse
  ) throws(YAMLFileError) -> (direct: [Int?], bcd: OutputMap.BCDWiring?, wired: CathodeSet) {
    let (model, name) = (place.model, place.name)
    var direct = [Int?](repeating: nil, count: model.cathodes.count)
    var wired = CathodeSet.none
    if let cathodes = fields["cathodes"] {
      let allowed = model.cathodes.map(\.name)
      for (key, value) in try cathodes.mapping(allowed: allowed) {
        let index = model.index(of: model.cathode(named: key)!)!
        let output = try outputs.resolve(value)
        try used.claim(output, for: place.use(key, "\(name) \(key)", value), at: value)
        direct[index] = output
        wired.insert(index)
      }
    }

    var bcd: OutputMap.BCDWiring?
    if let bcdNode = fields["bcd"] {
      bcd = try parseBCD(
        bcdNode, fields: fields, model: model, name: name, outputs: outputs, used: &used,
        use: { place.use("bcd", $0, $1) })
      for (index, code) in bcd!.codes.enumerated() where code != nil {
        if direct[index] != nil {
          throw fields["cathodes"]!.error(
            "\(name) cathode \(model.cathodes[index].name) is wired both through the decoder and directly")
        }
        wired.insert(index)
      }
    } else if let decoder = fields["decoder"] ?? fields["codes"] {
      throw decoder.error("\(decoder.path) needs 'bcd: [four outputs]' beside it")
    }

    if place.isSeparator {
      guard !wired.isEmpty else {
        throw entry.error("\(name) wires no dot: give cathodes 'upper' and/or 'lower'")
      }
    } else {
      let missing = model.requiredCathodes.filter { model.index(of: $0).map(wired.contains) != true }
      guard missing.isEmpty else {
        throw (fields["cathodes"] ?? entry).error(
          "\(name) (\(model.name)) has no output for cathode "
            + missing.map { "'\($0.name)'" }.joined(separator: ", "))
      }
    }
    return (direct, bcd, wired)
  }

  /// The position, its single decimal point placed before or after the digit as
  /// `decimal-point` says.
  private static func position(_ place: Place, wired: CathodeSet, decimalPoint side: ProfileNode?)
    throws(YAMLFileError) -> DisplayPosition
  {
    let (name, model) = (place.name, place.model)
    guard let side else { return DisplayPosition(name: name, model: model, wired: wired) }
    guard model.cathodes.contains(.decimalPoint) else {
      throw side.error("\(model.name) has no single decimal point to place")
    }
    switch try side.string() {
    case "left":
      return DisplayPosition(
        name: name, model: model, wired: wired, pointBefore: .decimalPoint, pointAfter: nil)
    case "right":
      return DisplayPosition(
        name: name, model: model, wired: wired, pointBefore: nil, pointAfter: .decimalPoint)
    default:
      throw side.error("decimal-point must be left or right")
    }
  }

  private func parseBCD(
    _ node: ProfileNode, fields: ProfileNode.Fields, model: TubeModel, name: String,
    outputs: OutputResolver, used: inout OutputUse, use: (String, ProfileNode) -> OutputUse.Use
  ) throws(YAMLFileError) -> OutputMap.BCDWiring {
    let items = try node.sequence()
    guard items.count == 4 else {
      throw node.error("bcd lists the four decoder inputs, ones bit first; found \(items.count)")
    }
    var bits: [Int] = []
    for (place, item) in items.enumerated() {
      let output = try outputs.resolve(item)
      try used.claim(output, for: use("\(name) BCD bit \(place)", item), at: item)
      bits.append(output)
    }
    var decoder = BCDDecoder.k155id1
    if let decoderNode = fields["decoder"] {
      let decoderName = try decoderNode.string()
      guard let named = BCDDecoder.named(decoderName) else {
        throw decoderNode.error(
          "unknown decoder '\(decoderName)'; known: "
            + BCDDecoder.catalog.map(\.name).joined(separator: ", "))
      }
      decoder = named
    }
    var codes = [Int?](repeating: nil, count: model.cathodes.count)
    for (digit, code) in decoder.codes {
      if let index = model.index(of: .digit(digit)) { codes[index] = code }
    }
    if let codesNode = fields["codes"] {
      let digits = model.cathodes.filter(\.isMain).map(\.name)
      for (key, value) in try codesNode.mapping(allowed: digits) {
        codes[model.index(of: model.cathode(named: key)!)!] = try value.int(in: 0...15)
      }
    }
    let assigned = codes.compactMap { $0 }
    guard Set(assigned).count == assigned.count else {
      throw (fields["codes"] ?? node).error("\(name): two digits share one decoder input")
    }
    guard !assigned.contains(decoder.blank) else {
      throw (fields["codes"] ?? node).error(
        "\(name): decoder input \(decoder.blank) is blank, it cannot light a digit")
    }
    return OutputMap.BCDWiring(outputs: bits, codes: codes, blank: decoder.blank)
  }

  /// Turns an output reference into an output number: a number (a chain position), a pin name
  /// such as `GPA3` or `HV7`, a pin of one of several chips such as `P3@0x21` (expanders, by
  /// address) or `HV7@2` (chains and modules, by place from the host: 1 is the chip whose data
  /// input the host drives), or a host line that acts as an output (`colon`). A pin becomes a
  /// position through the chip's stage order.
  struct OutputResolver {
    let chip: ChipModel
    let outputCount: Int
    let chipCount: Int
    /// The expanders' addresses, in output order (empty for shift registers).
    let addresses: [UInt8]
    /// Host lines that act as the outputs after the chips'.
    let lineOutputs: [LineRole]

    func resolve(_ node: ProfileNode) throws(YAMLFileError) -> Int {
      let text = try node.string()
      if let role = LineRole(name: text), let index = lineOutputs.firstIndex(of: role) {
        return outputCount + index
      }
      let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
      if parts.count == 2, let pin = chip.outputNames.firstIndex(of: parts[0].uppercased()) {
        let index: Int
        if case .i2cExpander = chip.interface {
          let address =
            parts[1].lowercased().hasPrefix("0x") ? UInt8(parts[1].dropFirst(2), radix: 16) : UInt8(parts[1])
          guard let address, let found = addresses.firstIndex(of: address) else {
            throw node.error(
              "\(text): no \(chip.name) at address \(parts[1]); i2c lists "
                + (addresses.isEmpty ? "none" : addresses.map(Hex.byte).joined(separator: ", ")))
          }
          index = found
        } else {
          guard let place = Int(parts[1]), (1...chipCount).contains(place) else {
            throw node.error(
              "\(text): chip \(parts[1]) does not exist; the chain has \(chipCount) × \(chip.name), "
                + "numbered 1–\(chipCount) from the host")
          }
          index = place - 1
        }
        return index * chip.outputsPerChip + chip.stageOfPin[pin]
      }
      if let pin = chip.outputNames.firstIndex(of: text.uppercased()) {
        guard chipCount == 1 else {
          let example =
            if case .i2cExpander = chip.interface {
              "\(chip.outputNames[pin])@ADDRESS (e.g. \(chip.outputNames[pin])@\(Hex.byte(addresses.last ?? 0x20)))"
            } else {
              "\(chip.outputNames[pin])@N (N = 1–\(chipCount), 1 nearest the host)"
            }
          throw node.error(
            "pin names are ambiguous with \(chipCount) \(chip.name) chips: write \(example) or the output number"
          )
        }
        return chip.stageOfPin[pin]
      }
      guard let output = Int(text) else {
        var place = "N"
        if case .i2cExpander = chip.interface { place = "ADDRESS" }
        let names =
          chip.outputNames.first.map { " or a pin name (\($0)…, or \($0)@\(place) with several chips)" } ?? ""
        throw node.error("\(node.path) must be an output number\(names), not '\(text)'")
      }
      guard (0..<outputCount).contains(output) else {
        throw node.error(
          "output \(output) is out of range: \(chipCount) × \(chip.name) have outputs 0–\(outputCount - 1)")
      }
      return output
    }
  }

  // MARK: - Encoder

  private func parseEncoder(_ node: ProfileNode, defaultChip: String?, lines: inout LineUse)
    throws(YAMLFileError) -> EncoderWiring
  {
    let fields = try node.fields(
      allowed: ["chip", "a", "b", "switch", "active", "pull-up", "reverse", "detents-per-cycle"],
      required: ["a", "b"])
    guard let chip = try fields["chip"]?.string() ?? defaultChip else {
      throw node.error("missing key 'chip' in encoder (there is no gpio section to take it from)")
    }
    func line(_ key: String) throws(YAMLFileError) -> UInt32? {
      guard let value = fields[key] else { return nil }
      let offset = try value.int(in: 0...1023)
      try lines.claim(chip: chip, offset: offset, role: "encoder \(key)", at: value)
      return UInt32(offset)
    }
    let a = try line("a")!
    let b = try line("b")!
    let pushSwitch = try line("switch")
    var activeLow = true
    if let active = fields["active"] { activeLow = try !active.isHigh() }
    let detents = try fields["detents-per-cycle"]?.int(in: 1...4) ?? 1
    guard [1, 2, 4].contains(detents) else {
      throw fields["detents-per-cycle"]!.error("encoder.detents-per-cycle must be 1, 2 or 4")
    }
    return EncoderWiring(
      chip: chip, a: a, b: b, pushSwitch: pushSwitch, activeLow: activeLow,
      reverse: try fields["reverse"]?.bool() ?? false, detentsPerCycle: detents,
      pullUp: try fields["pull-up"]?.bool() ?? activeLow)
  }
}
