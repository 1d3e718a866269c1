import NixieText

extension BoardProfile {
  /// The board as `nixie boards --json` lists it: name, description, tubes, separators, chip
  /// and transport, for scripts.
  public func summaryJSON(isDefault: Bool) -> String {
    let tubes = layout.positions.filter(\.isTube)
    let transport: (String, String) =
      if let spi { ("spi", spi.device) } else if let i2c { ("i2c", i2c.bus) } else {
        ("gpio", gpio?.chip ?? "")
      }
    return JSONText.object([
      ("name", JSONText.quoted(name)), ("default", isDefault ? "true" : "false"),
      ("description", JSONText.quoted(description)), ("tubes", String(tubes.count)),
      ("tube_models", JSONText.array(Array(Set(tubes.map(\.model.name))).sorted())),
      ("separators", String(layout.count - tubes.count)), ("chip", JSONText.quoted(chip.name)),
      ("chips", String(chipCount)), ("transport", JSONText.quoted(transport.0)),
      ("device", JSONText.quoted(transport.1)), ("encoder", encoder == nil ? "false" : "true"),
    ])
  }
}
