import NixieClockSettings
import NixieCore
import NixieLogging
import NixieSystem
import NixieTransports

/// The knob's own thread: it waits for line events from a `LineEventSource` — libgpiod edge
/// events on the Pi, the simulator's input script otherwise — runs them through a
/// `ClockKnob` and posts what comes out to the daemon's inbox. Nothing it does waits for the
/// daemon or the frame loop.
public final class KnobReader: @unchecked Sendable {
  private let source: LineEventSource
  private let clock: MonotonicClock
  private let inbox: ClockInbox
  private let logger: Logger
  private let interrupt: () -> Void
  private let onExit: () -> Void
  /// Touched by the thread only, once it has started.
  private var knob: ClockKnob
  private let update = Locked<(settings: ClockConfiguration.Knob, brightness: Double)?>(nil)
  private let ringing = Locked(false)
  private let stopwatch = Locked<Bool?>(nil)
  private let worker = WorkerThread()

  /// Reads `source` into `knob`, timed by `clock`. `interrupt` ends a wait of the source's
  /// from another thread (`GPIOKnobSource.cancel`); `onExit` runs on the thread as it ends.
  public init(
    source: LineEventSource, knob: ClockKnob, clock: MonotonicClock, inbox: ClockInbox, logger: Logger,
    interrupt: @escaping () -> Void, onExit: @escaping () -> Void = {}
  ) {
    self.source = source
    self.knob = knob
    self.clock = clock
    self.inbox = inbox
    self.logger = logger
    self.interrupt = interrupt
    self.onExit = onExit
  }

  /// Starts the thread; throws when the system cannot make one.
  public func start() throws(SystemCallError) {
    try worker.start(name: "nixie-knob", onStop: { [self] in interrupt() }) { [self] in
      run()
      onExit()
    }
  }

  /// New settings and the brightness now in force, from any thread (a reload): applied before
  /// the knob's next event.
  public func reconfigure(_ settings: ClockConfiguration.Knob, brightness: Double) {
    update.withLock { $0 = (settings, brightness) }
  }

  /// An alarm started or stopped ringing, from any thread: the presses that start from the
  /// next event on are the alarm's (`ClockKnob.alarmRinging`).
  public func alarmRinging(_ ringing: Bool) {
    self.ringing.withLock { $0 = ringing }
  }

  /// The stopwatch came up, started, stopped or went (nil), from any thread: the switch's and
  /// MODE's presses from the next event on are its own while it shows
  /// (`ClockKnob.stopwatchRunning`).
  public func stopwatchRunning(_ running: Bool?) {
    stopwatch.withLock { $0 = running }
  }

  /// Ends the thread and waits for it.
  public func stop() {
    let started = worker.hasStarted
    worker.stop()
    if !started { onExit() }
  }

  private var isStopping: Bool { worker.isStopping }

  private func run() {
    while !isStopping {
      if let pending = update.withLock({ value in
        defer { value = nil }; return value
      }) {
        knob.reconfigure(pending.settings, brightness: pending.brightness, at: clock.now())
      }
      let batch: [LineEvent]?
      do {
        batch = try source.next(until: knob.nextDeadline)
      } catch {
        if !isStopping { logger.error("the knob is not read any more: \(error)") }
        return
      }
      // A script that has run out; a hardware source never ends.
      guard let batch else { return }
      knob.alarmRinging = ringing.withLock { $0 }
      knob.stopwatchRunning = stopwatch.withLock { $0 }
      var commands: [ClockCommand] = []
      for event in batch { commands += knob.feed(event) }
      commands += knob.advance(to: clock.now())
      for command in commands where !isStopping { inbox.post(command) }
    }
  }
}

extension KnobReader: ClockService {
  var name: String { "the knob's thread" }
}
