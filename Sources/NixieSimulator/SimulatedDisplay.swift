import NixieBoardModel
import NixieDisplay
import NixieDrivers

/// What a board's chip models show, decoded from the transport: the source of frames for the
/// frames log and the terminal view, whatever the chips are.
public protocol SimulatedDisplay: AnyObject {
  /// Adds an observer of every change of what the tubes show.
  func addObserver(_ observer: FrameObserver)
  /// What the tubes show now.
  var state: DisplayState { get }
  /// The chip outputs the tubes see now (board output numbering).
  var visibleOutputs: OutputBits { get }
  /// Things the real chips would not have done as the program meant, in words, with time.
  var violations: [String] { get }
  /// The program stopped writing at `time`: models that show a picture built over time (a
  /// multiplexed scan) show what the chips hold from now on.
  func settle(at time: UInt64)
}

extension SimulatedDisplay {
  /// Chips that hold their outputs show the same picture whether written to or not.
  public func settle(at time: UInt64) {}
}

extension ShiftChainModel: SimulatedDisplay {}
