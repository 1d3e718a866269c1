import NixieBoardModel

/// Input lines made ready to read: the knob's (encoder and push switch) or a board's buttons —
/// a source of line events (libgpiod edge events on hardware, an input script played on the
/// simulated gpiochip), the lines' levels when reading began, and how to end the reading.
/// An `OpenBoard` opens them; `KnobInput` and `ButtonInput` carry them to their readers.
public struct LineInput {
  public let source: LineEventSource
  /// The physical levels of the lines at `origin`.
  public let levels: LineSet
  /// When reading began, on the board's clock (a script's time 0).
  public let origin: UInt64
  /// Ends a wait of the source's from another thread (a clean shutdown).
  public let cancel: () -> Void
  /// The thread that read the source is done with it.
  public let retire: () -> Void

  public init(
    source: LineEventSource, levels: LineSet, origin: UInt64, cancel: @escaping () -> Void,
    retire: @escaping () -> Void = {}
  ) {
    self.source = source
    self.levels = levels
    self.origin = origin
    self.cancel = cancel
    self.retire = retire
  }
}
