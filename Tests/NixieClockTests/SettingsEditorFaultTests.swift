import Foundation
import NixieBoards
import NixieClock
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

  /// Changes alternate with reloads on another thread, as fast as both go: after every change
  /// answered "saved", the file and the editor hold it, and so does the next reload.
  @Test func reloadsRacingChangesLoseNothingSaved() throws {
    let folder = try ClockOverridesTests.folder()
    let (editor, _) = try ClockOverridesTests.editor(folder)
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
      let saved = try ClockOverrides.parse(
        bytes: Array(try Data(contentsOf: URL(fileURLWithPath: file))), file: file)
      if saved.brightness != percent || editor.overrides.brightness != percent {
        lost.append(
          "round \(round): file \(String(describing: saved.brightness)), memory \(String(describing: editor.overrides.brightness))"
        )
      }
    }
    stop.withLock { $0 = true }
    #expect(lost.isEmpty, "\(lost.count) of 100 brightness changes lost: \(lost.prefix(3))")
    #expect(reloads.withLock { $0 } > 0)
    let (reloaded, _) = try editor.reload()
    #expect(reloaded.brightness == Double(1 + 99 % 100) / 100)
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
