extension StringProtocol {
  /// Without spaces and tabs at either end: how the formats nixie reads (RTTTL, an HTTP
  /// header's value) allow a value to be padded.
  public var trimmingSpacesAndTabs: SubSequence {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) })
    else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}
