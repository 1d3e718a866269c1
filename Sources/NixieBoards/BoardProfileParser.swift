import NixieCore

/// Reads a board profile from YAML and checks it, so that a mistake is reported with its file
/// and line instead of lighting the wrong cathode. The format is described in
/// docs/INTERFACE.md ("Board profiles").
struct BoardProfileParser {
  let file: String

  func parse(_ yaml: String) throws(BoardFileError) -> BoardProfile {
    try parse(bytes: Array(yaml.utf8))
  }

  /// Parses the UTF-8 text of a profile file.
  func parse(bytes: [UInt8]) throws(BoardFileError) -> BoardProfile {
    guard let root = try ProfileNode.root(bytes: bytes, file: file) else {
      throw BoardFileError(file: file, line: nil, column: nil, message: "the file is empty")
    }
    return try parse(root)
  }

  // MARK: - The profile

  private func parse(_ root: ProfileNode) throws(BoardFileError) -> BoardProfile {
    let top = try root.fields(
      allowed: ["name", "description", "chips", "gpio", "spi", "i2c", "display", "encoder"],
      required: ["name", "chips", "display"])
    let name = try top["name"]!.string()
    guard !name.isEmpty else { throw top["name"]!.error("name must not be empty") }
    let description = try top["description"]?.string() ?? ""

    let chips = try parseChips(top["chips"]!)
    let i2c = try top["i2c"].map(parseI2C)
    let chipCount: Int
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
      chipCount = i2c.addresses.count
    case .shiftRegister:
      if let node = top["i2c"] {
        throw node.error("\(chips.model.name) is a shift register: it takes 'gpio' or 'spi', not 'i2c'")
      }
      chipCount = chips.count ?? 1
    }

    var lines = LineUse()
    let gpio = try top["gpio"].map { node throws(BoardFileError) in try parseGPIO(node, lines: &lines) }
    let spi = try top["spi"].map(parseSPI)
    try checkTransport(chips: chips.model, gpio: gpio, spi: spi, root: root, gpioNode: top["gpio"])
    if spi != nil, let role = chips.inverted.intersection([.clk, .le]).roles.first {
      throw chips.node.error(
        "with spi, \(role.name) comes from the SPI controller and cannot be inverted: bit-bang the "
          + "board through gpio instead")
    }

    let outputCount = chipCount * chips.model.outputsPerChip
    let display = try parseDisplay(
      top["display"]!, chip: chips.model, outputCount: outputCount, chipCount: chipCount,
      addresses: i2c?.addresses ?? [])
    let encoder = try top["encoder"].map { node throws(BoardFileError) in
      try parseEncoder(node, defaultChip: gpio?.wiring.chip, lines: &lines)
    }

    return BoardProfile(
      name: name, description: description, layout: DisplayLayout(positions: display.positions),
      chip: chips.model, chipCount: chipCount,
      outputs: OutputMap(positions: display.wiring, outputCount: outputCount),
      invertedLines: chips.inverted, gpio: gpio?.wiring, spi: spi, i2c: i2c, encoder: encoder)
  }

  // MARK: - Chips and transports

  private struct Chips {
    var model: ChipModel
    var count: Int?
    var inverted: LineSet
    var node: ProfileNode
  }

  private func parseChips(_ node: ProfileNode) throws(BoardFileError) -> Chips {
    let fields = try node.fields(allowed: ["model", "count", "inverted"], required: ["model"])
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
    return Chips(model: model, count: count, inverted: inverted, node: node)
  }

  /// Which gpiochip lines are taken, and where, to report a line used twice.
  private struct LineUse {
    var uses: [String: (role: String, line: Int)] = [:]

    mutating func claim(chip: String, offset: Int, role: String, at node: ProfileNode)
      throws(BoardFileError)
    {
      let key = "\(chip)/\(offset)"
      if let first = uses[key] {
        throw node.error(
          "\(chip) line \(offset) is already used for \(first.role) (line \(first.line))")
      }
      uses[key] = (role, node.line)
    }
  }

  private func parseGPIO(_ node: ProfileNode, lines: inout LineUse) throws(BoardFileError)
    -> (wiring: GPIOWiring, node: ProfileNode)
  {
    let fields = try node.fields(allowed: ["chip", "din", "clk", "le", "bl"], required: ["chip"])
    let chip = try fields["chip"]!.string()
    var offsets: [LineRole: UInt32] = [:]
    for (key, value) in fields.entries where key != "chip" {
      let offset = try value.int(in: 0...1023)
      try lines.claim(chip: chip, offset: offset, role: key, at: value)
      offsets[LineRole(name: key)!] = UInt32(offset)
    }
    return (GPIOWiring(chip: chip, lines: offsets), node)
  }

  private func parseSPI(_ node: ProfileNode) throws(BoardFileError) -> SPIWiring {
    let fields = try node.fields(
      allowed: ["device", "mode", "speed-hz", "bits-per-word"], required: ["device"])
    let mode = try fields["mode"]?.int(in: 0...3) ?? 1
    if mode == 0 || mode == 3 {
      throw fields["mode"]!.error(
        "SPI mode \(mode) samples on the rising edge; an HV5622 shifts on the falling edge: use mode 1 or 2")
    }
    return SPIWiring(
      device: try fields["device"]!.string(), mode: UInt8(mode),
      speedHz: UInt32(try fields["speed-hz"]?.int(in: 1...8_000_000) ?? 1_000_000),
      bitsPerWord: UInt8(try fields["bits-per-word"]?.int(in: 8...8) ?? 8))
  }

  private func parseI2C(_ node: ProfileNode) throws(BoardFileError) -> I2CWiring {
    let fields = try node.fields(allowed: ["bus", "address", "addresses"], required: ["bus"])
    var addresses: [UInt8] = []
    switch (fields["address"], fields["addresses"]) {
    case (let single?, nil):
      addresses = [UInt8(try single.int(in: 0x03...0x77))]
    case (nil, let list?):
      for item in try list.sequence() { addresses.append(UInt8(try item.int(in: 0x03...0x77))) }
      guard !addresses.isEmpty else { throw list.error("i2c.addresses must list at least one address") }
      guard Set(addresses).count == addresses.count else {
        throw list.error("i2c.addresses lists an address twice")
      }
    case (_?, _?):
      throw node.error("i2c takes 'address' or 'addresses', not both")
    case (nil, nil):
      throw node.error("missing key 'address' in i2c")
    }
    return I2CWiring(bus: try fields["bus"]!.string(), addresses: addresses)
  }

  private func checkTransport(
    chips: ChipModel, gpio: (wiring: GPIOWiring, node: ProfileNode)?, spi: SPIWiring?,
    root: ProfileNode, gpioNode: ProfileNode?
  ) throws(BoardFileError) {
    let roles = Set(gpio?.wiring.lines.keys.map { $0 } ?? [])
    switch chips.interface {
    case .i2cExpander:
      if let gpioNode, !roles.isEmpty {
        throw gpioNode.error("\(chips.name) boards have no shift-register lines: remove them from gpio")
      }
    case .shiftRegister:
      if spi != nil {
        if let extra = roles.subtracting([.bl]).sorted().first, let gpio {
          throw gpio.node.error(
            "with spi, din/clk/le are the SPI pins: gpio may only name bl, not \(extra.name)")
        }
      } else {
        let missing = [LineRole.din, .clk, .le].filter { !roles.contains($0) }
        guard missing.isEmpty else {
          throw (gpio?.node ?? root).error(
            "\(chips.name) needs gpio lines din, clk and le (or an 'spi' section); missing: "
              + missing.map(\.name).joined(separator: ", "))
        }
      }
    }
  }

  // MARK: - Display positions

  private struct Display {
    var positions: [DisplayPosition] = []
    var wiring: [OutputMap.PositionWiring] = []
  }

  /// Which chip outputs are taken, and by what, to report an output used twice.
  private struct OutputUse {
    var uses: [Int: (what: String, line: Int)] = [:]

    mutating func claim(_ output: Int, for what: String, at node: ProfileNode) throws(BoardFileError) {
      if let first = uses[output] {
        throw node.error(
          "output \(output) is already used by \(first.what) (line \(first.line))")
      }
      uses[output] = (what, node.line)
    }
  }

  private func parseDisplay(
    _ node: ProfileNode, chip: ChipModel, outputCount: Int, chipCount: Int, addresses: [UInt8]
  ) throws(BoardFileError) -> Display {
    let entries = try node.sequence()
    var display = Display()
    var used = OutputUse()
    var tubes = 0
    var separators = 0
    for entry in entries {
      let fields = try entry.fields(
        allowed: ["tube", "separator", "name", "cathodes", "decoder", "bcd", "codes", "decimal-point"])
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
      if isSeparator { separators += 1 } else { tubes += 1 }
      let defaultName = isSeparator ? "separator \(separators)" : "tube \(tubes)"
      let name = try fields["name"]?.string() ?? defaultName

      let outputs = OutputResolver(
        chip: chip, outputCount: outputCount, chipCount: chipCount, addresses: addresses)
      var direct = [Int?](repeating: nil, count: model.cathodes.count)
      var wired = CathodeSet.none
      if let cathodes = fields["cathodes"] {
        let allowed = model.cathodes.map(\.name)
        for (key, value) in try cathodes.mapping(allowed: allowed) {
          let index = model.index(of: model.cathode(named: key)!)!
          let output = try outputs.resolve(value)
          try used.claim(output, for: "\(name) \(key)", at: value)
          direct[index] = output
          wired.insert(index)
        }
      }

      var bcd: OutputMap.BCDWiring?
      if let bcdNode = fields["bcd"] {
        bcd = try parseBCD(
          bcdNode, fields: fields, model: model, name: name, outputs: outputs, used: &used)
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

      if isSeparator {
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

      var position = DisplayPosition(name: name, model: model, wired: wired)
      if let side = fields["decimal-point"] {
        guard model.cathodes.contains(.decimalPoint) else {
          throw side.error("\(model.name) has no single decimal point to place")
        }
        switch try side.string() {
        case "left":
          position = DisplayPosition(
            name: name, model: model, wired: wired, pointBefore: .decimalPoint, pointAfter: nil)
        case "right":
          position = DisplayPosition(
            name: name, model: model, wired: wired, pointBefore: nil, pointAfter: .decimalPoint)
        default:
          throw side.error("decimal-point must be left or right")
        }
      }
      display.positions.append(position)
      display.wiring.append(OutputMap.PositionWiring(direct: direct, bcd: bcd))
    }
    guard tubes > 0 else { throw node.error("display must list at least one tube") }
    return display
  }

  private func parseBCD(
    _ node: ProfileNode, fields: ProfileNode.Fields, model: TubeModel, name: String,
    outputs: OutputResolver, used: inout OutputUse
  ) throws(BoardFileError) -> OutputMap.BCDWiring {
    let items = try node.sequence()
    guard items.count == 4 else {
      throw node.error("bcd lists the four decoder inputs, ones bit first; found \(items.count)")
    }
    var bits: [Int] = []
    for (place, item) in items.enumerated() {
      let output = try outputs.resolve(item)
      try used.claim(output, for: "\(name) BCD bit \(place)", at: item)
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

  /// Turns an output reference (a number, a pin name such as `GPA3`, or a pin of one of
  /// several expanders such as `P3@0x21`) into an output number.
  private struct OutputResolver {
    let chip: ChipModel
    let outputCount: Int
    let chipCount: Int
    /// The expanders' addresses, in output order (empty for shift registers).
    let addresses: [UInt8]

    func resolve(_ node: ProfileNode) throws(BoardFileError) -> Int {
      let text = try node.string()
      let parts = text.split(separator: "@", maxSplits: 1).map(String.init)
      if parts.count == 2, let pin = chip.outputNames.firstIndex(of: parts[0].uppercased()) {
        let address =
          parts[1].lowercased().hasPrefix("0x") ? UInt8(parts[1].dropFirst(2), radix: 16) : UInt8(parts[1])
        guard let address, let index = addresses.firstIndex(of: address) else {
          throw node.error(
            "\(text): no \(chip.name) at address \(parts[1]); i2c lists "
              + (addresses.isEmpty ? "none" : addresses.map(Hex.byte).joined(separator: ", ")))
        }
        return index * chip.outputsPerChip + pin
      }
      if let index = chip.outputNames.firstIndex(of: text.uppercased()) {
        guard chipCount == 1 else {
          throw node.error(
            "pin names are ambiguous with \(chipCount) \(chip.name) chips: write "
              + "\(chip.outputNames[index])@ADDRESS (e.g. \(chip.outputNames[index])@\(Hex.byte(addresses.last ?? 0x20))) or the output number"
          )
        }
        return index
      }
      guard let output = Int(text) else {
        let names =
          chip.outputNames.first.map { " or a pin name (\($0)…, or \($0)@ADDRESS with several chips)" } ?? ""
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
    throws(BoardFileError) -> EncoderWiring
  {
    let fields = try node.fields(
      allowed: ["chip", "a", "b", "switch", "active", "pull-up", "reverse", "detents-per-cycle"],
      required: ["a", "b"])
    guard let chip = try fields["chip"]?.string() ?? defaultChip else {
      throw node.error("missing key 'chip' in encoder (there is no gpio section to take it from)")
    }
    func line(_ key: String) throws(BoardFileError) -> UInt32? {
      guard let value = fields[key] else { return nil }
      let offset = try value.int(in: 0...1023)
      try lines.claim(chip: chip, offset: offset, role: "encoder \(key)", at: value)
      return UInt32(offset)
    }
    let a = try line("a")!
    let b = try line("b")!
    let pushSwitch = try line("switch")
    var activeLow = true
    if let active = fields["active"] {
      switch try active.string() {
      case "low": activeLow = true
      case "high": activeLow = false
      default: throw active.error("encoder.active must be low or high")
      }
    }
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
