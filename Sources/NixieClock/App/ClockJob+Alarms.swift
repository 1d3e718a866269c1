import NixieClockSettings
import NixieCore
import NixieRuntime
import NixieText

extension ClockJob {
  /// `planner` with the countdown a clock stopped before its end left in `file`, which counts
  /// on (or rings, or is said to have been missed, at the loop's first look).
  func resumingCountdown(_ planner: ClockPlanner, from file: CountdownFile?) -> ClockPlanner {
    guard let file else { return planner }
    let (end, problem) = file.load()
    if let problem { logger.warning("the countdown is not resumed: \(problem)") }
    guard let end else { return planner }
    var planner = planner
    planner.countdownEnd = end
    logger.info("a countdown runs on from before the restart: it ends at \(RFC3339.seconds(fromUnixNanoseconds: end))")
    return planner
  }

  /// The player of the board's buzzer for the alarms and the chime (its kernel PWM channel
  /// when the profile names one, else its line toggled from a thread), not started yet; nil
  /// when the board has none — said once when alarms are set, for they then only light the
  /// tubes — or when the line cannot be had (said as a warning: the clock runs silent).
  func openBuzzer(session: DisplaySession, configuration: ClockConfiguration) throws(NixieError)
    -> ClockBuzzer?
  {
    let sounds = !configuration.alarms.isEmpty || configuration.chime != nil
    guard let wiring = session.board.buzzer else {
      if sounds {
        logger.notice(
          "\(session.board.name) has no buzzer in its profile: alarms light the tubes and make no sound")
      }
      return nil
    }
    do throws(NixieError) {
      let output: BuzzerPlayer.Output =
        if let tone = try session.openBuzzerTone(wiring) {
          .tone(tone)
        } else {
          .line(try session.openBuzzer(wiring), wiring)
        }
      return ClockBuzzer(player: BuzzerPlayer(output: output, clock: session.clock))
    } catch {
      if error.kind == .badConfiguration { throw error }
      logger.warning("the buzzer cannot be sounded; alarms only light the tubes: \(error)")
      return nil
    }
  }
}
