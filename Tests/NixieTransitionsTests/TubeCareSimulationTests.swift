import NixieDisplay
import NixieTestBoards
import NixieTransitions
import Testing

/// A year of an `HH:mm` clock on four IN-14, counted by `CathodeWear`, with the default
/// anti-poisoning (a 2 s run every hour) planned even (`SlotSpin`'s 0.2 s a digit) or aimed
/// (`AimedSpin` from the wear so far). Each hour is counted arithmetically: the face for the
/// rest of the hour as a frame whose duties are each digit's part of it (the hour's digits 1,
/// the minute tens 1/6 each, the minute units 1/10 each), then the run as one frame whose
/// duties are each digit's part of it.
///
/// What 2 s an hour can and cannot do: an `HH:mm` face lights the hour tens' 0 and 1 ten hours
/// a day and its 3–9 never, a gap that grows 10 hours a day — no run of 48 s a day closes it.
/// Aimed runs give the digits the face never shows (hour tens 3–9, minute tens 6–9) what the
/// even run gives the digits that do not need it. The bounds, each checked (measured: 1.235×
/// and 2.125×; 28.5, 36.0 and 54.7 minutes; 0 ns; level within 120 days):
/// - On every tube the aimed spread (most- less least-used digit) is at most the even one.
/// - Hour tens and minute tens: the never-shown digits glow at least 1.2× and 2.1× as long as
///   the even run lights them (29.2 minutes a year).
/// - The spread of the hour tens, hour units and minute tens is at least 25, 30 and 50 minutes
///   narrower than with even runs after the year.
/// - Minute units (every digit shown alike): the spread stays within a microsecond.
/// - A tube that starts with one digit an hour behind the others on an even face (a tube
///   swapped in) is within one run (2 s) of level after 120 days aimed; even, it stays an hour
///   behind.
struct TubeCareSimulationTests {
  static let layout = TestLayouts.in14Points
  static let second: UInt64 = 1_000_000_000
  static let hour = 3_600 * second
  static let run = 2 * second
  static let digits = Array(0..<10)

  /// The face's duties for the hour `hour` of the day.
  static func face(hour: Int) -> CathodeDuties {
    var duties = CathodeDuties(layout: layout)
    duties[0, hour / 10] = 1
    duties[1, hour % 10] = 1
    for digit in 0..<6 { duties[2, digit] = 1.0 / 6 }
    for digit in 0..<10 { duties[3, digit] = 1.0 / 10 }
    return duties
  }

  /// The run's duties: each digit's part of it, even or aimed at `wear`.
  static func runDuties(_ wear: CathodeWear, aimed: Bool) -> CathodeDuties {
    var duties = CathodeDuties(layout: layout)
    for position in 0..<4 {
      let spin = AimedSpin(
        order: digits, wear: aimed ? wear.times(at: position) : [], start: 0, duration: run, landing: .none)
      for index in digits {
        duties[position, digits[index]] = Double(spin.litTime(ofOrderIndex: index)) / Double(run)
      }
    }
    return duties
  }

  /// The wear after `days` days of the face with an hourly run, from `wear`.
  static func simulate(days: Int, aimed: Bool, from start: CathodeWear? = nil, face: (Int) -> CathodeDuties)
    -> CathodeWear
  {
    var wear = start ?? CathodeWear(layout: layout)
    let faces = (0..<24).map(face)
    for _ in 0..<days {
      for hour in 0..<24 {
        wear.add(faces[hour], for: Self.hour - run)
        wear.add(runDuties(wear, aimed: aimed), for: run)
      }
    }
    return wear
  }

  static func digitTimes(_ wear: CathodeWear, _ position: Int) -> [UInt64] {
    Array(wear.times(at: position)[0..<10])
  }
  static func spread(_ wear: CathodeWear, _ position: Int) -> UInt64 {
    let times = digitTimes(wear, position)
    return times.max()! - times.min()!
  }
  static func minutes(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / Double(60 * second) }

  @Test func aYearOfAnHHmmClock() {
    let even = Self.simulate(days: 365, aimed: false, face: Self.face)
    let aimed = Self.simulate(days: 365, aimed: true, face: Self.face)
    let evenRun = 365 * 24 * Self.run / 10  // what the even run gives each digit: 29.2 minutes
    for position in 0..<4 {
      #expect(Self.spread(aimed, position) <= Self.spread(even, position), "tube \(position + 1)")
    }
    // The digits the face never shows: hour tens 3–9, minute tens 6–9.
    for (position, unseen, gain) in [(0, 3...9, 1.2), (2, 6...9, 2.1)] {
      for digit in unseen {
        #expect(even[position, digit] == evenRun)
        #expect(
          Double(aimed[position, digit]) >= gain * Double(evenRun), "tube \(position + 1) digit \(digit)")
      }
    }
    for (position, narrower) in [(0, 25.0), (1, 30.0), (2, 50.0)] {
      let gained = Self.minutes(Self.spread(even, position)) - Self.minutes(Self.spread(aimed, position))
      #expect(gained >= narrower, "tube \(position + 1): \(gained) minutes")
    }
    #expect(Self.spread(aimed, 3) <= 1_000)
    // The face alone: hour tens 0 and 1 glow 10 hours a day, less the runs' 2 s an hour.
    #expect(Self.spread(even, 0) == 365 * 10 * (Self.hour - Self.run))
  }

  @Test func aTubeThatLagsIsBroughtLevel() {
    var start = CathodeWear(layout: Self.layout)
    for position in 0..<4 {
      for digit in Self.digits where digit != 7 { start[position, digit] = Self.hour }
    }
    let evenFace: (Int) -> CathodeDuties = { _ in
      var duties = CathodeDuties(layout: Self.layout)
      for position in 0..<4 { for digit in 0..<10 { duties[position, digit] = 0.1 } }
      return duties
    }
    let even = Self.simulate(days: 120, aimed: false, from: start, face: evenFace)
    let aimed = Self.simulate(days: 120, aimed: true, from: start, face: evenFace)
    for position in 0..<4 {
      #expect(Self.spread(even, position) == Self.hour)
      #expect(
        Self.spread(aimed, position) <= Self.run, "tube \(position + 1): \(Self.spread(aimed, position)) ns")
    }
  }
}
