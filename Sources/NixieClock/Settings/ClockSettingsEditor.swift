import NixieBoardModel
import NixieClockSettings
import NixieControl
import NixieCore
import NixieSystem
import NixieYAMLFiles

/// Changes the clock's settings for the control socket's `set` requests, as their one owner:
/// a change is checked the way a configuration file is — the overrides it makes are written as
/// YAML and read back with the configuration's parser, then planned for the board (a face it
/// cannot show, a zone that does not exist) — and only then kept and handed to the daemon loop.
/// A refused change leaves everything as it was.
///
/// What "saved" means: a change answered `"saved": true` is in force at once and is written to
/// the overrides file atomically — at once when the file was not written in the last 5 s, else
/// with the rest of its burst, at most 5 s after the burst's last change and 60 s after its
/// first (`OverridesSaveSchedule`, driven by the daemon loop through `save(at:)`), and always
/// when the clock stops and before a reload reads the file. So a slider dragged in Home
/// Assistant writes the SD card twice, not at every step; what can be lost is what a power cut
/// or a kill -9 takes within those seconds.
///
/// It holds what the settings are made of — the base (nixie.yaml as last loaded) and the
/// overrides — under one lock that a change, a write and a reload (SIGHUP) all take, so they
/// happen one after the other: nothing answered "saved" is lost whatever signals come — a reload
/// writes what waits before it reads the files. A change builds on the base last loaded, never
/// on nixie.yaml as it is on disk now: an edit of nixie.yaml (or half of one) takes effect at
/// the next reload, not at the next change. An overrides file deleted while the clock runs is
/// respected: the settings it held are dropped at the next change or write (the changes made
/// since it was last written are kept), and a reload finds none.
public final class ClockSettingsEditor: Sendable {
  /// What the settings are made of, and where the file stands.
  struct Parts {
    /// nixie.yaml's configuration as last loaded (or the defaults), without overrides or options.
    var base: ClockConfiguration
    /// The overrides in force: the file's once written.
    var overrides: ClockOverrides
    /// Whether the file held settings when it was last written or read: missing, it was deleted.
    var fileHeldSettings: Bool
    /// The changes made since the file was last written (what a deleted file keeps).
    var unwritten = ClockSettingsChange()
    var schedule = OverridesSaveSchedule()
    /// A report of a write the daemon loop has not taken yet (a reload's).
    var report: SaveReport?
  }

  /// A burst of changes written (or not), for the daemon's log.
  public struct SaveReport: Hashable, Sendable {
    /// How many changes, and the seconds from the first to the last.
    public var changes: Int
    public var seconds: Int
    /// Why the file could not be written (said once until it can), or nil.
    public var failure: String?
    /// The file was written after failing before.
    public var recovered = false
  }

  public let settings: ClockSettings
  public let board: BoardProfile
  private let inbox: ClockInbox
  private let current: Locked<Parts>
  /// Monotonic time, the daemon loop's.
  private let now: @Sendable () -> UInt64

  /// An editor on `base` (nixie.yaml's configuration as loaded at start, `settings.loadBase()`)
  /// and `overrides` (the overrides file's, as read at start); `now` is the daemon's monotonic
  /// clock, which drives the writes (`save(at:)`).
  public init(
    settings: ClockSettings, board: BoardProfile, base: ClockConfiguration, overrides: ClockOverrides,
    inbox: ClockInbox, now: @escaping @Sendable () -> UInt64 = { SystemClock().now() }
  ) {
    self.settings = settings
    self.board = board
    self.inbox = inbox
    self.now = now
    current = Locked(Parts(base: base, overrides: overrides, fileHeldSettings: !overrides.setKeys.isEmpty))
  }

  /// The overrides in force.
  public var overrides: ClockOverrides { current.withLock { $0.overrides } }

  /// The configuration in force: the base, the overrides, then the command line's options.
  public var configuration: ClockConfiguration {
    current.withLock { settings.compose($0.base, overrides: $0.overrides) }
  }

  /// A reload: writes what waits, reads nixie.yaml and the overrides file again and plans the
  /// result for the board, between changes (under their lock); adopted only when all of that
  /// works, else nothing changes and the error says why. Overrides that could not be written
  /// stay in force (the file is older than they are).
  public func reload() throws(NixieError) -> (configuration: ClockConfiguration, planner: ClockPlanner) {
    try current.withLock { parts throws(NixieError) in
      let written = write(&parts, at: now(), force: true)
      parts.report = written ?? parts.report
      let base = try settings.loadBase()
      let unsaved = parts.schedule.unwrittenSince != nil
      let overrides = unsaved ? parts.overrides : try settings.loadOverrides()
      let configuration = settings.compose(base, overrides: overrides)
      let planner = try configuration.planner(for: board)
      parts.base = base
      parts.overrides = overrides
      if !unsaved { parts.fileHeldSettings = !overrides.setKeys.isEmpty }
      return (configuration, planner)
    }
  }

  /// When the daemon loop should call `save(at:)` next (monotonic), or nil.
  public var saveDue: UInt64? { current.withLock { $0.report != nil ? 0 : $0.schedule.due } }

  /// Writes what waits when it is due at `now` (or at once: `force`, as the clock stops), and
  /// reports a burst that is over; nil when nothing is to be said.
  public func save(at now: UInt64, force: Bool = false) -> SaveReport? {
    current.withLock { parts in
      let written = write(&parts, at: now, force: force)
      defer { parts.report = nil }
      return parts.report ?? written
    }
  }

  /// Takes the burst due at `now` and writes it if it waits to be (under the lock).
  private func write(_ parts: inout Parts, at now: UInt64, force: Bool) -> SaveReport? {
    guard let (burst, unwritten) = parts.schedule.take(at: now, force: force) else { return nil }
    var report = SaveReport(changes: burst.count, seconds: burst.seconds)
    guard unwritten else { return report }
    guard let file = settings.overridesFile else {
      // No file to save to: the changes last until the clock stops.
      parts.schedule.dropUnwritten()
      return report
    }
    var overrides = parts.overrides
    let deleted = parts.fileHeldSettings && !FileSystem.exists(file)
    if deleted {
      // Deleted while the clock runs: what it held goes, what was changed since stays.
      overrides = ClockOverrides().applying(parts.unwritten)
    }
    do throws(SystemCallError) {
      try AtomicFile.write(Array(overrides.yaml.utf8), to: file)
    } catch {
      guard parts.schedule.failed(burst, at: now) else { return nil }
      report.failure = "\(error)"
      return report
    }
    parts.unwritten = ClockSettingsChange()
    parts.fileHeldSettings = !overrides.setKeys.isEmpty
    report.recovered = parts.schedule.wrote(at: now)
    if deleted && overrides != parts.overrides {
      parts.overrides = overrides
      inbox.post(.reconfigure(settings.compose(parts.base, overrides: overrides)))
    }
    return report
  }

  /// Why `board`'s backlight cannot be set, or nil when nixie drives it.
  static func backlightRefusal(_ board: BoardProfile) -> String? {
    switch board.backlight {
    case .pwmRGB?, .module?: nil
    case .addressable(let chain)?: "\(board.name)'s backlight is not driven: \(chain.reason)"
    case nil: "\(board.name) has no backlight"
    }
  }

  /// The file name the overrides' read-back check reports under (its messages go back
  /// without their place).
  private static let label = "<set>"

  /// Checks `change`, keeps it, writes it (at once, or when its burst is due) and hands it to the
  /// clock; or says why not, changing nothing.
  public func apply(_ change: ClockSettingsChange) -> Result<ClockConfiguration, ControlRequestError> {
    let pinned = settings.pinnedKeys
    if let key = change.touchedKeys.first(where: { pinned[$0] != nil }), let option = pinned[key] {
      return .failure(
        ControlRequestError(
          "\(key) is set by \(option) on the clock's command line, which wins over changes from here;"
            + " restart the clock without it to change \(key) here"))
    }
    if change.backlight != .keep, let refusal = Self.backlightRefusal(board) {
      return .failure(ControlRequestError(refusal))
    }
    return current.withLock { parts -> Result<ClockConfiguration, ControlRequestError> in
      var start = parts.overrides
      // Deleted by hand while the clock runs: the change starts from no overrides (but for the
      // changes not written yet).
      if let file = settings.overridesFile, parts.fileHeldSettings, !FileSystem.exists(file) {
        start = ClockOverrides().applying(parts.unwritten)
      }
      let next = start.applying(change)
      let text = next.yaml
      do throws(YAMLFileError) {
        let readBack = try ClockOverrides.parse(bytes: Array(text.utf8), file: Self.label)
        guard readBack == next else {
          return .failure(ControlRequestError("internal error: the overrides do not read back as written"))
        }
      } catch {
        return .failure(ControlRequestError(error.message))
      }
      let configuration = settings.compose(parts.base, overrides: next, change: true)
      do throws(NixieError) {
        _ = try configuration.planner(for: board)
      } catch {
        return .failure(ControlRequestError(error.message))
      }
      let now = now()
      var written = false
      if let file = settings.overridesFile, parts.schedule.writesAtOnce(at: now) {
        do throws(SystemCallError) {
          try AtomicFile.write(Array(text.utf8), to: file)
        } catch {
          return .failure(ControlRequestError("cannot save the settings: \(error)"))
        }
        written = true
      }
      parts.schedule.changed(at: now, written: written)
      parts.overrides = next
      if written {
        parts.unwritten = ClockSettingsChange()
        parts.fileHeldSettings = !next.setKeys.isEmpty
      } else {
        parts.unwritten = parts.unwritten.then(change)
      }
      inbox.post(.reconfigure(configuration))
      return .success(configuration)
    }
  }
}
