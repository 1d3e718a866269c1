import NixieDisplay

/// Renders a fade timeline into the PWM slices of one period: which frame to show, and when.
///
/// Each position's main cathodes (digits, symbols) take turns within the period, one after
/// the other for their duty's share of it, so no frame ever lights two of them on one tube
/// (docs/HARDWARE.md); decimal points and separator dots are lit from the start of the period for
/// their share. The slices are the sorted instants where anything switches, each with the
/// frame lit until the next. `brightness` (0…1) scales every duty; the rest of the period is an
/// all-dark frame, which a driver with a BL line shows by lowering BL — dimming by PWM on BL.
///
/// Storage is sized for the layout once; rendering a period allocates nothing.
public struct FrameRenderer: Sendable {
  public let layout: DisplayLayout
  public let settings: PWMSettings
  /// The latest period rendered.
  public private(set) var slices: PWMSlices

  private let base: [Int]
  private let cathodeCount: [Int]
  private let mainMask: [UInt32]
  private var duty: [Double]
  private var mainOrder: [Int]
  private var intervalPosition: [Int]
  private var intervalCathode: [Int]
  private var intervalBegin: [Int]
  private var intervalEnd: [Int]
  private var intervals = 0
  private var breakpoints: [Int]

  public init(layout: DisplayLayout, settings: PWMSettings = PWMSettings()) {
    self.layout = layout
    self.settings = settings
    var base: [Int] = []
    var total = 0
    for position in layout.positions {
      base.append(total)
      total += position.model.cathodes.count
    }
    self.base = base
    cathodeCount = layout.positions.map(\.model.cathodes.count)
    mainMask = layout.positions.map(\.model.mainCathodes.bits)
    duty = Array(repeating: 0, count: total)
    mainOrder = Array(repeating: 0, count: total)
    intervalPosition = Array(repeating: 0, count: total)
    intervalCathode = Array(repeating: 0, count: total)
    intervalBegin = Array(repeating: 0, count: total)
    intervalEnd = Array(repeating: 0, count: total)
    breakpoints = Array(repeating: 0, count: 2 * total + 2)
    slices = PWMSlices(layout: layout, capacity: 2 * total + 2, period: settings.period)
  }

  /// Renders the period starting at `periodStart` into `slices`. Fades are sampled in the
  /// middle of the period; a slot machine's steps are cut exactly where they fall.
  public mutating func render(_ timeline: FadeTimeline, periodStart: UInt64, brightness: Double = 1) {
    let period = settings.period
    let middle = periodStart + period / 2
    // A lit display is never rendered dark for want of levels: at any brightness above 0 a
    // steady cathode keeps at least one tick (1 % at 16 levels, 43 % at 1, are one tick).
    let share = min(max(brightness, 0), 1)
    let scale = share > 0 ? max(share * Double(settings.levels), 1) : 0
    intervals = 0
    for position in 0..<min(layout.count, timeline.positions.count) {
      var mains = 0
      for cathode in 0..<cathodeCount[position] { duty[base[position] + cathode] = 0 }
      switch timeline.positions[position] {
      case .steady(let lit):
        var rest = lit.bits
        while rest != 0 {
          accumulate(position, rest.trailingZeroBitCount, 1, &mains)
          rest &= rest - 1
        }
      case .ramps(let ramps):
        for ramp in ramps {
          let share = ramp.duty(at: middle)
          if share > 0 { accumulate(position, ramp.cathode, share, &mains) }
        }
      case .spin(let spin):
        accumulate(spin, position, from: periodStart, period: period, &mains)
      case .aimedSpin(let spin):
        accumulate(spin, position, from: periodStart, period: period, &mains)
      }
      layOut(position, mains: mains, scale: scale)
    }
    cutSlices()
  }

  /// Adds each cathode a spinning tube shows during the period from `from` its share of it.
  @inline(__always)
  private mutating func accumulate(
    _ spin: some CathodeSpin, _ position: Int, from: UInt64, period: UInt64, _ mains: inout Int
  ) {
    spin.visit(from: from, to: from + period) { cathode, time in
      let share = Double(time) / Double(period)
      if let cathode {
        accumulate(position, cathode, share, &mains)
      } else {
        var rest = spin.landing.bits
        while rest != 0 {
          accumulate(position, rest.trailingZeroBitCount, share, &mains)
          rest &= rest - 1
        }
      }
    }
  }

  /// Adds `share` of the period to a cathode, noting the order main cathodes first appear in.
  @inline(__always)
  private mutating func accumulate(_ position: Int, _ cathode: Int, _ share: Double, _ mains: inout Int) {
    guard cathode < cathodeCount[position] else { return }
    let slot = base[position] + cathode
    if duty[slot] == 0 && mainMask[position] & (1 << UInt32(cathode)) != 0 {
      mainOrder[base[position] + mains] = cathode
      mains += 1
    }
    duty[slot] += share
  }

  /// Turns a position's duties into intervals of ticks: main cathodes one after the other from
  /// the start of the period, the others each from the start.
  private mutating func layOut(_ position: Int, mains: Int, scale: Double) {
    let levels = settings.levels
    func ticks(_ share: Double) -> Int { min(levels, Int((share * scale).rounded())) }
    var elapsed = 0.0
    for index in 0..<mains {
      let cathode = mainOrder[base[position] + index]
      let begin = ticks(elapsed)
      elapsed += duty[base[position] + cathode]
      addInterval(position, cathode, begin, ticks(elapsed))
    }
    for cathode in 0..<cathodeCount[position] where mainMask[position] & (1 << UInt32(cathode)) == 0 {
      let share = duty[base[position] + cathode]
      if share > 0 { addInterval(position, cathode, 0, ticks(share)) }
    }
  }

  @inline(__always)
  private mutating func addInterval(_ position: Int, _ cathode: Int, _ begin: Int, _ end: Int) {
    guard end > begin else { return }
    intervalPosition[intervals] = position
    intervalCathode[intervals] = cathode
    intervalBegin[intervals] = begin
    intervalEnd[intervals] = end
    intervals += 1
  }

  /// Sorts the instants where something switches and builds one frame per span between them,
  /// merging neighbours that light the same cathodes.
  private mutating func cutSlices() {
    var count = 0
    breakpoints[count] = 0
    count += 1
    for index in 0..<intervals {
      breakpoints[count] = intervalBegin[index]
      breakpoints[count + 1] = intervalEnd[index]
      count += 2
    }
    // Insertion sort: a few dozen values at most, and no allocation.
    for index in 1..<max(count, 1) {
      let value = breakpoints[index]
      var slot = index
      while slot > 0 && breakpoints[slot - 1] > value {
        breakpoints[slot] = breakpoints[slot - 1]
        slot -= 1
      }
      breakpoints[slot] = value
    }
    var slices = 0
    for index in 0..<count {
      let tick = breakpoints[index]
      guard tick < settings.levels, index == 0 || tick != breakpoints[index - 1] else { continue }
      for position in 0..<layout.count { self.slices.frames[slices].lit[position] = .none }
      for interval in 0..<intervals where intervalBegin[interval] <= tick && tick < intervalEnd[interval] {
        self.slices.frames[slices].lit[intervalPosition[interval]].insert(intervalCathode[interval])
      }
      if slices > 0 && self.slices.frames[slices] == self.slices.frames[slices - 1] { continue }
      self.slices.offsets[slices] = settings.offset(ofTick: tick)
      slices += 1
    }
    self.slices.count = slices
  }
}
