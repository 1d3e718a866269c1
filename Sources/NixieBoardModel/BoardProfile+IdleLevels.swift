extension BoardProfile {
  /// The display lines that rest high while nothing is written: the shift chain's idle levels
  /// (`ShiftChainWiring.idleLevels`: clock and latch at rest, every enable off) and, for
  /// modules on a select line each, every chip select deasserted. Before any inversion the
  /// wiring applies. The hardware requests its output lines at these levels and the simulator
  /// starts its gpiochip at them, so both start from the same wire.
  public var outputIdleLevels: LineSet {
    var idle = ShiftChainWiring(board: self)?.idleLevels ?? []
    if chip.module != nil {
      idle.formUnion(LineSet((0..<chipCount).compactMap(LineRole.select)))
    }
    return idle
  }
}
