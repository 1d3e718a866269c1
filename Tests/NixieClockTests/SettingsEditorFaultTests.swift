import Foundation
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieControl
import NixieCore
import NixieSystem
import NixieTestSupport
import NixieTime
import Testing

/// The settings' one writer under the faults an unlucky user meets: reloads (SIGHUP) racing
/// changes lose nothing that was answered "saved"; an edit of nixie.yaml, whole or half
/// written, waits for the next reload; a deleted overrides file is respected.
struct SettingsEditorFaultTests {
  static func brightness(_ percent: Int) -> ClockSettingsChange {
    var change = ClockSettingsChange()
    change.brightness = .set(percent)
    return change
  }

  static func night(from hour: Int) -> ClockSettingsChange {
    var change = ClockSettingsChange()
    change.night = .set(
      .hours(
        NightMode(
          from: TimeOfDay(secondOfDay: hour * 3600), until: TimeOfDay(secondOfDay: 6 * 3600), mode: .dim,
          brightness: 0.2)))
    return change
  }

  /// Changes alternate with reloads on another thread, as fast as both go, on the real clock:
  /// most changes wait to be written (they come within 5 s of a write), and a reload writes
  /// them before it reads the file. After every change answered "saved", the editor holds it —
  /// a reload that read the file without writing what waits would take it back — and once the
  /// last is written, the file and the next reload hold it.
  @Test func reloadsRacingChangesLoseNothingSaved() throws {
    let folder = try ClockOverridesTests.folder()
    let (editor, _) = try ClockOverridesTests.editor(folder, now: { SystemClock().now() })
    let file = folder.appendingPathComponent("overrides.yaml").path
    let stop = Locked(false)
    let reloads = Locked(0)
    let reloader = Thread {
      while !stop.withLock({ $0 }) {
        _ = try? editor.reload()
        reloads.withLock { $0 += 1 }
      }
    }
    reloader.start()
    defer { stop.withLock { $0 = true } }
    var lost: [String] = []
    for round in 0..<100 {
      let percent = 1 + round % 100
      _ = try editor.apply(Self.brightness(percent)).get()
      _ = try editor.apply(Self.night(from: 18 + round % 5)).get()
      if editor.overrides.brightness != percent || editor.configuration.brightness != Double(percent) / 100 {
        lost.append("round \(round): \(String(describing: editor.overrides.brightness))")
      }
    }
    stop.withLock { $0 = true }
    #expect(lost.isEmpty, "\(lost.count) of 100 brightness changes lost: \(lost.prefix(3))")
    #expect(reloads.withLock { $0 } > 0)
    _ = editor.save(at: SystemClock().now(), force: true)
    let saved = try ClockOverrides.parse(
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
    #expect(saved.brightness == 100 && saved == editor.overrides)
    let (reloaded, _) = try editor.reload()
    #expect(reloaded.brightness == Double(1 + 99 % 100) / 100)
  }

  /// The file's brightness now (nil: no file), and its inode (a new one for every write: the
  /// file is replaced by a rename).
  static func onDisk(_ file: String) -> (brightness: Int?, inode: UInt64?) {
    guard let data = FileManager.default.contents(atPath: file),
      let attributes = try? FileManager.default.attributesOfItem(atPath: file)
    else { return (nil, nil) }
    let overrides = try? ClockOverrides.parse(bytes: Array(data), file: file)
    return (overrides?.brightness, (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
  }

  /// A slider dragged: the first change is written at once, as a lone change always is; the ten
  /// after it within 5 s wait, and are written together 5 s after the last — two writes, not
  /// eleven — and reported as one burst. Each is in force as it comes.
  @Test func aBurstIsWrittenAtOnceThenOnceWhenItIsOver() throws {
    let folder = try ClockOverridesTests.folder()
    let time = Locked<UInt64>(1_000_000_000_000)
    let (editor, inbox) = try ClockOverridesTests.editor(folder, now: { time.withLock { $0 } })
    let file = folder.appendingPathComponent("overrides.yaml").path
    var inodes: Set<UInt64> = []
    for step in 0...10 {
      time.withLock { $0 = 1_000_000_000_000 + UInt64(step) * 300_000_000 }
      let configuration = try editor.apply(Self.brightness(10 + step)).get()
      #expect(configuration.brightness == Double(10 + step) / 100)
      #expect(inbox.take() == [.reconfigure(configuration)])
      #expect(editor.save(at: time.withLock { $0 }) == nil)
      let disk = Self.onDisk(file)
      #expect(disk.brightness == 10, "step \(step): the file holds \(String(describing: disk.brightness))")
      disk.inode.map { _ = inodes.insert($0) }
    }
    let last = 1_000_000_000_000 + 10 * UInt64(300_000_000)
    #expect(editor.saveDue == last + 5_000_000_000)
    #expect(editor.save(at: last + 4_999_999_999) == nil)
    let report = editor.save(at: last + 5_000_000_000)
    #expect(
      report?.changes == 11 && report?.seconds == 3 && report?.failure == nil, "\(String(describing: report))"
    )
    let disk = Self.onDisk(file)
    #expect(disk.brightness == 20)
    disk.inode.map { _ = inodes.insert($0) }
    #expect(inodes.count == 2, "written \(inodes.count) times")
    #expect(editor.saveDue == nil)
  }

  /// The soak that wore the SD card: a brightness set every 3 s for 10 minutes (an adaptive
  /// lighting automation) was 200 writes and 180 log lines. Now the daemon, asked when it is
  /// due (`saveDue`), writes about once a minute — never more often than every 5 s, never
  /// leaving a change unwritten more than 60 s — and reports once per write; at the stop the
  /// last value is on disk.
  @Test func aChangeEveryThreeSecondsIsWrittenAboutOnceAMinute() throws {
    let folder = try ClockOverridesTests.folder()
    let start: UInt64 = 1_000_000_000_000
    let time = Locked<UInt64>(start)
    let (editor, _) = try ClockOverridesTests.editor(folder, now: { time.withLock { $0 } })
    let file = folder.appendingPathComponent("overrides.yaml").path
    var writes: [UInt64] = []
    var reports = 0
    var lastInode: UInt64?
    var changed: [(at: UInt64, percent: Int)] = []
    func look(at now: UInt64) {
      let disk = Self.onDisk(file)
      if disk.inode != lastInode {
        writes.append(now)
        lastInode = disk.inode
      }
      // What the file holds is at most 65 s older than the newest change.
      if let newest = changed.last, let percent = disk.brightness,
        let written = changed.last(where: { $0.percent == percent })
      {
        #expect(
          newest.at - written.at <= 65_000_000_000,
          "the file is \((newest.at - written.at) / 1_000_000_000) s behind")
      }
    }
    for step in 0..<200 {
      let now = start + UInt64(step) * 3_000_000_000
      // The daemon's wake-ups before this change: every instant a save was due.
      while let due = editor.saveDue, due <= now {
        time.withLock { $0 = due }
        if editor.save(at: due) != nil { reports += 1 }
        look(at: due)
      }
      time.withLock { $0 = now }
      let percent = 1 + step % 100
      _ = try editor.apply(Self.brightness(percent)).get()
      changed.append((now, percent))
      look(at: now)
    }
    let end = start + 200 * 3_000_000_000
    if editor.save(at: end, force: true) != nil { reports += 1 }
    look(at: end)
    #expect(Self.onDisk(file).brightness == 100)
    #expect(writes.count >= 10 && writes.count <= 12, "\(writes.count) writes in 10 minutes")
    #expect(zip(writes, writes.dropFirst()).allSatisfy { $1 - $0 >= 5_000_000_000 }, "\(writes)")
    #expect(reports >= 9 && reports <= 12, "\(reports) reports")
  }

  /// The overrides file deleted while changes wait to be written: the write drops what the file
  /// held and keeps what was changed since; the clock is told.
  @Test func aDeletionWhileAWriteWaitsKeepsOnlyTheChangesMadeSince() throws {
    let folder = try ClockOverridesTests.folder()
    let time = Locked<UInt64>(1_000_000_000_000)
    let (editor, inbox) = try ClockOverridesTests.editor(folder, now: { time.withLock { $0 } })
    let file = folder.appendingPathComponent("overrides.yaml").path
    _ = try editor.apply(Self.brightness(40)).get()
    time.withLock { $0 += 1_000_000_000 }
    _ = try editor.apply(Self.night(from: 22)).get()
    try FileManager.default.removeItem(atPath: file)
    _ = inbox.take()
    let due = try #require(editor.saveDue)
    _ = editor.save(at: due)
    let saved = try ClockOverrides.parse(
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
    #expect(saved.setKeys == ["night"])
    #expect(editor.overrides == saved)
    #expect(inbox.take().count == 1)
  }

  /// The file cannot be written when its burst is due (its folder gone): said once, tried
  /// again every 5 s, the settings in force meanwhile; written once it can be.
  @Test func aWriteThatFailsIsSaidOnceAndTriedAgain() throws {
    let folder = try ClockOverridesTests.folder()
    let time = Locked<UInt64>(1_000_000_000_000)
    let (editor, _) = try ClockOverridesTests.editor(folder, now: { time.withLock { $0 } })
    _ = try editor.apply(Self.brightness(40)).get()
    time.withLock { $0 += 1_000_000_000 }
    _ = try editor.apply(Self.brightness(50)).get()
    try FileManager.default.removeItem(at: folder)
    var due = try #require(editor.saveDue)
    let failed = try #require(editor.save(at: due))
    #expect(failed.failure?.contains("overrides.yaml") == true, "\(failed)")
    #expect(editor.configuration.brightness == 0.5)
    due = try #require(editor.saveDue)
    #expect(due == 1_001_000_000_000 + 10_000_000_000)
    #expect(editor.save(at: due) == nil, "a failure said again")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    due = try #require(editor.saveDue)
    let recovered = try #require(editor.save(at: due))
    #expect(recovered.failure == nil && recovered.recovered)
    #expect(Self.onDisk(folder.appendingPathComponent("overrides.yaml").path).brightness == 50)
  }

  /// nixie.yaml edited without a reload: a change builds on the file as last loaded; half an
  /// edit does not make every change fail; the reload then takes the new file.
  @Test func anEditOfTheFileWaitsForTheReload() throws {
    let folder = try ClockOverridesTests.folder()
    let (editor, _) = try ClockOverridesTests.editor(folder)
    let config = folder.appendingPathComponent("nixie.yaml").path
    try "board: hv5622-6xin14\ntimezone: Asia/Tokyo\nbrightness: 90\nfaces:\n  - HH:mm\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let changed = try editor.apply(Self.brightness(40)).get()
    #expect(changed.timeZone == "Europe/Berlin", "an edit that was never reloaded took effect")
    #expect(changed.faces.map(\.format) == ["HH:mm:ss"])
    #expect(changed.brightness == 0.4)

    try "board: hv5622-6xin14\ntimezone: [Asia/Tok".write(toFile: config, atomically: true, encoding: .utf8)
    let meanwhile = editor.apply(Self.brightness(50))
    #expect((try? meanwhile.get())?.brightness == 0.5, "\(meanwhile)")
    #expect(throws: NixieError.self) { _ = try editor.reload() }
    // A failed reload changes nothing.
    #expect(editor.configuration.timeZone == "Europe/Berlin")
    #expect(editor.configuration.brightness == 0.5)

    try "board: hv5622-6xin14\ntimezone: Asia/Tokyo\nfaces:\n  - HH:mm\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let (reloaded, _) = try editor.reload()
    #expect(reloaded.timeZone == "Asia/Tokyo")
    #expect(reloaded.faces.map(\.format) == ["HH:mm"])
    #expect(reloaded.brightness == 0.5)
  }

  /// The overrides file deleted while the clock runs: the next change starts from nothing, so
  /// the deleted settings do not come back with it.
  @Test func aDeletedOverridesFileIsRespected() throws {
    let folder = try ClockOverridesTests.folder()
    let (editor, _) = try ClockOverridesTests.editor(folder)
    let file = folder.appendingPathComponent("overrides.yaml").path
    _ = try editor.apply(Self.brightness(40)).get()
    try FileManager.default.removeItem(atPath: file)
    let changed = try editor.apply(Self.night(from: 22)).get()
    #expect(changed.brightness == 0.9, "the deleted brightness came back")
    #expect(editor.overrides.brightness == nil)
    let saved = try ClockOverrides.parse(
      bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
    #expect(saved.setKeys == ["night"])
    // And a reload of a deleted file goes back to nixie.yaml alone.
    try FileManager.default.removeItem(atPath: file)
    #expect(try editor.reload().configuration.night == nil)
    #expect(editor.overrides == ClockOverrides())
  }
}
