/// The selection model of RVS_Spinner, driven by a detented knob: a list of values and the
/// selected index, stepped by detents, confirmed or cancelled by the switch.
///
/// Stepping wraps round the ends (or stops there, `wraps == false`) and skips disabled values
/// — RVS only dims them, but a knob user expects not to land on one. Long lists accelerate
/// (`Acceleration`); with momentum on, a fast spin keeps going and slows down by itself.
/// Every change is an event, also those the wheel makes on its own; after `confirmed` or
/// `cancelled` the spinner is finished and ignores input.
public struct Spinner<Value> {
  public let values: [Value]
  /// 0-based, always an enabled value.
  public private(set) var selectedIndex: Int
  public let disabled: Set<Int>
  /// Wrap round the ends (default) or stop at them.
  public let wraps: Bool
  /// nil: never accelerate.
  public let acceleration: Acceleration?
  /// nil: momentum off (the default).
  public private(set) var momentum: Momentum?
  /// `confirmed` or `cancelled`, once the selection has ended.
  public private(set) var outcome: SpinnerEvent?
  private var lastTurn: Detent?

  /// A spinner over `values` starting at `selectedIndex` (default: the first enabled value).
  public init(
    values: [Value], selectedIndex: Int? = nil, disabled: Set<Int> = [], wraps: Bool = true,
    acceleration: Acceleration? = Acceleration(), momentum: Momentum.Settings? = nil
  ) throws(SpinnerError) {
    guard !values.isEmpty else { throw .noValues }
    if let outside = disabled.sorted().first(where: { !values.indices.contains($0) }) {
      throw .disabledOutOfRange(index: outside, count: values.count)
    }
    guard disabled.count < values.count else { throw .allDisabled }
    let start: Int
    if let selectedIndex {
      guard values.indices.contains(selectedIndex) else {
        throw .initialOutOfRange(index: selectedIndex, count: values.count)
      }
      guard !disabled.contains(selectedIndex) else { throw .initialDisabled(index: selectedIndex) }
      start = selectedIndex
    } else {
      start = values.indices.first { !disabled.contains($0) } ?? 0
    }
    self.values = values
    self.selectedIndex = start
    self.disabled = disabled
    self.wraps = wraps
    self.acceleration = acceleration
    self.momentum = momentum.map { Momentum(settings: $0) }
  }

  /// The selected value.
  public var value: Value { values[selectedIndex] }

  public var isFinished: Bool { outcome != nil }

  public func isEnabled(_ index: Int) -> Bool { values.indices.contains(index) && !disabled.contains(index) }

  /// The index `steps` enabled values away from `index` (negative: backwards), wrapping or
  /// stopping at the ends.
  public func index(movedBy steps: Int, from index: Int) -> Int {
    var current = index
    for _ in 0..<steps.magnitude {
      guard let next = neighbour(of: current, direction: steps < 0 ? -1 : 1) else { break }
      current = next
    }
    return current
  }

  private func neighbour(of index: Int, direction: Int) -> Int? {
    var candidate = index
    for _ in 0..<values.count {
      candidate += direction
      if wraps {
        candidate = (candidate + values.count) % values.count
      } else if !values.indices.contains(candidate) {
        return nil
      }
      if !disabled.contains(candidate) { return candidate }
    }
    return nil
  }

  /// A detent of the knob: stops the wheel, then steps (further when accelerating).
  public mutating func turn(_ detent: Detent) -> [SpinnerEvent] {
    guard !isFinished else { return [] }
    momentum?.turned(detent)
    var steps = 1
    if let acceleration, acceleration.applies(toCount: values.count) {
      let interval = lastTurn.flatMap { last in
        last.direction == detent.direction && detent.time >= last.time ? detent.time - last.time : nil
      }
      steps = acceleration.steps(afterInterval: interval)
    }
    lastTurn = detent
    return move(by: steps * detent.direction.sign, cause: .turn, at: detent.time).map { [$0] } ?? []
  }

  /// The switch went down: stops the wheel. Returns whether it was moving.
  @discardableResult
  public mutating func press(at time: UInt64) -> Bool {
    momentum?.stop() ?? false
  }

  /// Chooses the selected value.
  public mutating func confirm(at time: UInt64) -> [SpinnerEvent] {
    finish(.confirmed(index: selectedIndex, time: time))
  }

  /// Ends without a choice.
  public mutating func cancel(_ reason: SpinnerEvent.CancelReason, at time: UInt64) -> [SpinnerEvent] {
    finish(.cancelled(reason: reason, time: time))
  }

  private mutating func finish(_ event: SpinnerEvent) -> [SpinnerEvent] {
    guard !isFinished else { return [] }
    momentum?.stop()
    outcome = event
    return [event]
  }

  /// When the spinner next needs time (the wheel), if ever.
  public var nextDeadline: UInt64? { isFinished ? nil : momentum?.nextDeadline }

  /// Lets time pass to `time`: the steps the wheel makes on its own.
  public mutating func advance(to time: UInt64) -> [SpinnerEvent] {
    guard !isFinished, var wheel = momentum else { return [] }
    var events: [SpinnerEvent] = []
    for detent in wheel.advance(to: time) {
      guard let event = move(by: detent.direction.sign, cause: .momentum, at: detent.time) else {
        wheel.stop()
        break
      }
      events.append(event)
    }
    momentum = wheel
    return events
  }

  private mutating func move(by steps: Int, cause: SpinnerEvent.Cause, at time: UInt64) -> SpinnerEvent? {
    let target = index(movedBy: steps, from: selectedIndex)
    guard target != selectedIndex else { return nil }
    selectedIndex = target
    return .changed(index: target, cause: cause, time: time)
  }
}

extension Spinner: Sendable where Value: Sendable {}
