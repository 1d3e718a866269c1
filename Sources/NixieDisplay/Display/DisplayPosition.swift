/// One place in a display, counted left to right: a tube or a separator, and what of it is wired.
public struct DisplayPosition: Hashable, Sendable {
  /// A name for messages, e.g. `tube 3` or `colon 1`.
  public let name: String
  public let model: TubeModel
  /// The cathodes the board wires, so the only ones it can light.
  public let wired: CathodeSet
  /// The decimal point lit for a `.` before this tube's character, if wired.
  public let pointBefore: Cathode?
  /// The decimal point lit for a `.` after this tube's character, if wired.
  public let pointAfter: Cathode?

  /// A position whose decimal points sit where its model says, when they are wired.
  public init(name: String, model: TubeModel, wired: CathodeSet) {
    self.init(
      name: name, model: model, wired: wired,
      pointBefore: model.pointBefore, pointAfter: model.pointAfter)
  }

  /// A position whose board says on which side its single decimal point sits (for tubes whose
  /// point placement is not confirmed). Points that are not wired are dropped.
  public init(
    name: String, model: TubeModel, wired: CathodeSet, pointBefore: Cathode?, pointAfter: Cathode?
  ) {
    self.name = name
    self.model = model
    self.wired = wired
    func ifWired(_ cathode: Cathode?) -> Cathode? {
      guard let cathode, let index = model.index(of: cathode), wired.contains(index) else {
        return nil
      }
      return cathode
    }
    self.pointBefore = ifWired(pointBefore)
    self.pointAfter = ifWired(pointAfter)
  }

  public var isTube: Bool { model.kind == .tube }

  /// The wired cathode that the input spelling `text` lights (`"7"`, `"-"`, `"Hz"`), if any.
  public func cathodeIndex(spelled text: String) -> Int? {
    guard let cathode = model.spellings[text], let index = model.index(of: cathode),
      wired.contains(index)
    else { return nil }
    return index
  }

  /// The index of `cathode` if the board wires it.
  public func wiredIndex(of cathode: Cathode) -> Int? {
    guard let index = model.index(of: cathode), wired.contains(index) else { return nil }
    return index
  }
}
