/// One input line to watch for edges, with the settings the kernel is asked to apply to it.
struct GPIOInputLine: Hashable, Sendable {
  /// The line's offset on its chip.
  var offset: UInt32
  /// Ask for the pull-up bias (contacts that close to ground).
  var pullUp: Bool
  /// Ask the kernel to debounce the line for this long, in ns (0: no debounce): it then
  /// reports an edge only once the new level has held that long. libgpiod 2.x only; the v1
  /// API has no debounce, and the software debouncer (`PushSwitch`) works alone.
  var debounce: UInt64

  init(offset: UInt32, pullUp: Bool, debounce: UInt64 = 0) {
    self.offset = offset
    self.pullUp = pullUp
    self.debounce = debounce
  }

  /// The debounce period in the kernel's unit, whole microseconds, rounded up so that a
  /// period asked for is never shortened.
  var debounceMicroseconds: UInt {
    UInt(min((debounce + 999) / 1_000, UInt64(UInt32.max)))
  }
}
