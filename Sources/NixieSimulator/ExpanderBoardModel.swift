import NixieBoardModel
import NixieDisplay
import NixieDrivers

/// The tubes of an expander board, decoded from the pins of its simulated expanders.
///
/// After every bus transaction it reads the pins of each chip (chip k's pin n is board output
/// k × pins + n), decodes them through the board's map — BCD inputs to digits, as the K155ID1
/// does — and tells its observers when what the tubes show changed.
public final class ExpanderBoardModel: SimulatedDisplay, I2CBusObserver {
  /// The expanders in the board's address order.
  public let chips: [SimulatedExpander]
  private let map: OutputMap
  private var shownOutputs: ShownOutputs

  public init(board: BoardProfile, chips: [SimulatedExpander]) {
    self.chips = chips
    self.map = board.outputs
    self.shownOutputs = ShownOutputs(
      map: board.outputs, outputs: OutputBits(count: board.outputs.outputCount))
    self.shownOutputs = ShownOutputs(map: board.outputs, outputs: visibleOutputs)
  }

  public func addObserver(_ observer: FrameObserver) { shownOutputs.addObserver(observer) }

  public var visibleOutputs: OutputBits {
    var bits = OutputBits(count: map.outputCount)
    var first = 0
    for chip in chips {
      let pins = chip.pins
      for pin in 0..<chip.pinCount where first + pin < bits.count {
        bits[first + pin] = pins & (1 << UInt16(pin)) != 0
      }
      first += chip.pinCount
    }
    return bits
  }

  public var state: DisplayState { map.decode(visibleOutputs) }

  public var violations: [String] { chips.flatMap(\.violations) }

  public func transactionEnded(address: UInt8, at time: UInt64) {
    shownOutputs.publish(visibleOutputs, at: time)
  }
}
