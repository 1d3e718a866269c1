import NixieBoardModel
import NixieYAMLFiles

/// The host side of a profile: gpio lines, the SPI device and how it is framed, the enable line,
/// the chip variant's detect line, the I2C bus, and which of them a chip needs.
extension BoardProfileParser {
  /// A line a profile names, and whether the board inverts it: the `active` level the profile
  /// gives differs from the level at which the pin does its job.
  struct LineEntry {
    var offset: UInt32
    var inverted: Bool
  }

  /// Which gpiochip lines are taken, and where, to report a line used twice.
  struct LineUse {
    var uses: [String: (role: String, line: Int)] = [:]

    mutating func claim(chip: String, offset: Int, role: String, at node: ProfileNode)
      throws(YAMLFileError)
    {
      let key = "\(chip)/\(offset)"
      if let first = uses[key] {
        throw node.error(
          "GPIO \(offset) of \(chip) is already used for \(first.role) (at line \(first.line) of this file)")
      }
      uses[key] = (role, node.line)
    }
  }

  /// The pin level at which each role does its job (the chip's own polarity): a profile's
  /// `active` that differs means an inverting level shifter on the way.
  static let activeHigh: [LineRole: Bool] = [
    .din: true, .clk: true, .le: true, .bl: true, .data: true, .shcp: true, .stcp: true, .oe: false,
    .hven: true, .colon: true, .cs0: false, .cs1: false, .cs2: false, .cs3: false, .cs4: false, .cs5: false,
    .cs6: false, .cs7: false,
  ]

  /// The keys `gpio` takes besides `chip`: the lines a chain is bit-banged on.
  static let gpioRoles: [LineRole] = [.din, .clk, .le, .bl, .data, .shcp, .stcp, .oe, .colon]

  /// A line given as a number, or as `{line: N, active: low|high}`; `key` names it in messages.
  func parseLine(
    _ node: ProfileNode, role: LineRole, chip: String, key: String, lines: inout LineUse,
    extraKeys: [String] = []
  ) throws(YAMLFileError) -> (entry: LineEntry, fields: ProfileNode.Fields?) {
    var offsetNode = node
    var fields: ProfileNode.Fields?
    var inverted = false
    if node.text == nil {
      let parsed = try node.fields(allowed: ["line", "active", "name"] + extraKeys, required: ["line"])
      offsetNode = parsed["line"]!
      if let active = parsed["active"] {
        inverted = try active.isHigh() != (Self.activeHigh[role] ?? true)
      }
      fields = parsed
    }
    let offset = try offsetNode.int(in: 0...1023)
    try lines.claim(chip: chip, offset: offset, role: key, at: offsetNode)
    return (LineEntry(offset: UInt32(offset), inverted: inverted), fields)
  }

  func parseGPIO(_ node: ProfileNode, lines: inout LineUse) throws(YAMLFileError)
    -> (chip: String, lines: [LineRole: LineEntry], node: ProfileNode)
  {
    let fields = try node.fields(allowed: ["chip"] + Self.gpioRoles.map(\.name), required: ["chip"])
    let chip = try fields["chip"]!.string()
    var entries: [LineRole: LineEntry] = [:]
    for (key, value) in fields.entries where key != "chip" {
      guard let role = LineRole(name: key) else { continue }
      entries[role] = try parseLine(value, role: role, chip: chip, key: key, lines: &lines).entry
    }
    return (chip, entries, node)
  }

  /// The SPI section: device, mode, speed, bit order, and its framing — a `latch` line, or a
  /// `select` list of one chip-select line per module, or else the device's chip-select.
  func parseSPI(
    _ node: ProfileNode, chip: ChipModel, chipCount: Int, gpioChip: String, lines: inout LineUse
  ) throws(YAMLFileError) -> (wiring: SPIWiring, lines: [LineRole: LineEntry]) {
    let fields = try node.fields(
      allowed: ["device", "mode", "speed-hz", "bits-per-word", "bit-order", "latch", "select"],
      required: ["device"])
    let modeNode = fields["mode"]
    let mode = try modeNode?.int(in: 0...3) ?? 1
    if let family = chip.shiftRegister, !family.acceptsSPIMode(UInt8(mode)) {
      let edge = family.shiftsOnRisingEdge ? "rising" : "falling"
      let modes = family.shiftsOnRisingEdge ? "0 or 3" : "1 or 2"
      throw (modeNode ?? node).error(
        "SPI mode \(mode) samples on the \(mode == 0 || mode == 3 ? "rising" : "falling") edge; "
          + "\(chip.name == "HV5622" ? "an HV5622" : chip.name) shifts on the \(edge) edge: use mode \(modes)"
      )
    }
    if chip.module != nil, mode != 0 {
      throw (modeNode ?? node).error("\(chip.name) modules take SPI mode 0, not \(mode)")
    }
    let lsbFirst: Bool =
      try fields["bit-order"]?.either(("msb-first", false), or: ("lsb-first", true)) ?? false
    var framing = SPIFraming.chipSelect
    var entries: [LineRole: LineEntry] = [:]
    switch (fields["latch"], fields["select"]) {
    case (_?, _?):
      throw node.error("spi takes a 'latch' line or a 'select' list, not both")
    case (let latch?, nil):
      guard chip.shiftRegister != nil else {
        throw latch.error("\(chip.name) is \(Self.kind(of: chip)): a latch line is for shift registers")
      }
      let parsed = try parseLine(
        latch, role: .le, chip: gpioChip, key: "spi.latch", lines: &lines,
        extraKeys: ["idle", "enables-outputs"])
      var idleHigh = true
      if let idle = parsed.fields?["idle"] { idleHigh = try idle.isHigh() }
      let enables = try parsed.fields?["enables-outputs"]?.bool() ?? false
      if enables && !idleHigh {
        throw latch.error(
          "a latch line that enables the outputs rests high (idle: high): low would keep the tubes dark")
      }
      framing = .latch(LatchWiring(idleHigh: idleHigh, enablesOutputs: enables))
      entries[.le] = parsed.entry
    case (nil, let select?):
      guard chip.module != nil else {
        throw select.error(
          "\(chip.name) is \(Self.kind(of: chip)): a select list is for modules, one line each")
      }
      let items = try select.sequence()
      guard items.count == chipCount else {
        throw select.error(
          "spi.select lists \(items.count) line(s) for \(chipCount) module(s): one per module, in order")
      }
      for (index, item) in items.enumerated() {
        guard let role = LineRole.select(index) else {
          throw item.error("at most \(LineRole.maximumSelects) modules can be selected one by one")
        }
        entries[role] = try parseLine(
          item, role: role, chip: gpioChip, key: "spi.select[\(index)]", lines: &lines
        ).entry
      }
      framing = .selectPerModule(count: items.count)
    case (nil, nil):
      if chip.module != nil {
        throw node.error("\(chip.name) modules need 'select': one chip-select line per module")
      }
    }
    let wiring = SPIWiring(
      device: try fields["device"]!.string(), mode: UInt8(mode),
      speedHz: UInt32(try fields["speed-hz"]?.int(in: 1...24_000_000) ?? 1_000_000),
      bitsPerWord: UInt8(try fields["bits-per-word"]?.int(in: 8...8) ?? 8), framing: framing,
      lsbFirst: lsbFirst)
    return (wiring, entries)
  }

  /// The `enable` list: at most one line that switches the tubes on (`role: blank` when it also
  /// blanks the outputs and may dim them, `role: power` when it powers them).
  func parseEnable(_ node: ProfileNode, gpioChip: String, lines: inout LineUse) throws(YAMLFileError)
    -> (wiring: EnableWiring, line: LineEntry)
  {
    let items = try node.sequence()
    guard items.count == 1, let item = items.first else {
      throw node.error("enable lists one line (the tubes' on/off); found \(items.count)")
    }
    let parsed = try parseLine(
      item, role: .hven, chip: gpioChip, key: "enable", lines: &lines, extraKeys: ["role"])
    var dims = false
    if let role = parsed.fields?["role"] {
      switch try role.string() {
      case "blank": dims = true
      case "power": dims = false
      default:
        throw role.error("enable.role must be blank (it blanks the outputs) or power (it powers the tubes)")
      }
    }
    return (EnableWiring(dims: dims), parsed.entry)
  }

  /// `chips.variant`: `{line: N, bias: pull-up|none, low: MODEL}`.
  func parseVariant(_ node: ProfileNode, base: ChipModel, gpioChip: String, lines: inout LineUse)
    throws(YAMLFileError) -> (model: ChipModel, line: UInt32, pullUp: Bool)
  {
    let fields = try node.fields(allowed: ["line", "bias", "low"], required: ["line", "low"])
    let modelName = try fields["low"]!.string()
    guard let model = ChipModel.named(modelName) else {
      throw fields["low"]!.error(
        "unknown chip model '\(modelName)'; known: " + ChipModel.catalog.map(\.name).joined(separator: ", "))
    }
    guard base.shiftRegister != nil, model.shiftRegister == base.shiftRegister,
      model.outputsPerChip == base.outputsPerChip
    else {
      throw fields["low"]!.error(
        "a variant must be the same kind of shift register with as many outputs as \(base.name); \(model.name) is not"
      )
    }
    let pullUp = try fields["bias"]?.isPullUp() ?? true
    let offset = try fields["line"]!.int(in: 0...1023)
    try lines.claim(chip: gpioChip, offset: offset, role: "chips.variant", at: fields["line"]!)
    return (model, UInt32(offset), pullUp)
  }

  func parseI2C(_ node: ProfileNode) throws(YAMLFileError) -> I2CWiring {
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

  /// Whether the lines and devices fit the chip: a chain needs its three lines or an spi
  /// section, modules need spi with a select list, expanders need i2c.
  func checkTransport(
    chips: ChipModel, chipCount: Int, gpio: GPIOWiring?, spi: SPIWiring?, spiNode: ProfileNode?,
    root: ProfileNode, gpioNode: ProfileNode?
  ) throws(YAMLFileError) {
    let roles = Set(gpio?.lines.keys.map { $0 } ?? [])
    let place = gpioNode ?? root
    switch chips.interface {
    case .i2cExpander:
      if let gpioNode, !roles.isEmpty {
        throw gpioNode.error("\(chips.name) boards have no shift-register lines: remove them from gpio")
      }
    case .module:
      guard spi != nil else {
        throw root.error(
          "\(chips.name) modules are reached over SPI: add an 'spi' section with a select list")
      }
      if let extra = roles.intersection(Self.gpioRoles).sorted().first {
        throw place.error("\(chips.name) modules have no \(extra.name) line: remove it from gpio")
      }
    case .shiftRegister:
      if let spi {
        let allowed: Set<LineRole> = spi.usesDeviceChipSelect ? [.bl, .hven] : [.bl, .le, .hven]
        if let extra = roles.intersection(Self.gpioRoles).subtracting(allowed).sorted().first {
          throw place.error(
            spi.usesDeviceChipSelect
              ? "with spi, din/clk/le are the SPI pins: gpio may only name bl, not \(extra.name)"
              : "with spi, data and clock are the SPI pins and LE is spi.latch: gpio may only name bl, not \(extra.name)"
          )
        }
      } else if roles.contains(.data) || roles.contains(.shcp) || roles.contains(.stcp) {
        let missing = [LineRole.data, .shcp, .stcp].filter { !roles.contains($0) }
        guard missing.isEmpty else {
          throw place.error(
            "\(chips.name) bit-banged as a 74HC595 chain needs gpio lines data, shcp and stcp; missing: "
              + missing.map(\.name).joined(separator: ", "))
        }
        if let mixed = roles.intersection([.din, .clk, .le, .bl]).sorted().first {
          throw place.error("gpio names data/shcp/stcp and \(mixed.name): use one set of chain lines")
        }
      } else {
        let missing = [LineRole.din, .clk, .le].filter { !roles.contains($0) }
        guard missing.isEmpty else {
          throw place.error(
            "\(chips.name) needs gpio lines din, clk and le (or an 'spi' section); missing: "
              + missing.map(\.name).joined(separator: ", "))
        }
        if let mixed = roles.intersection([.oe]).sorted().first {
          throw place.error("\(mixed.name) is a 74HC595 line: with din/clk/le, blank with bl")
        }
      }
    }
  }
}
