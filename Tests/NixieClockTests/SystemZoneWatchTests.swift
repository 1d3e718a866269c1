import Foundation
import Testing

@testable import NixieClock

/// `/etc/localtime` re-pointed or replaced is noticed once; nothing else is a change.
struct SystemZoneWatchTests {
  @Test func aRepointedOrReplacedZoneFileIsNoticedOnce() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-zone-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let localtime = folder.appendingPathComponent("localtime").path
    try FileManager.default.createSymbolicLink(
      atPath: localtime, withDestinationPath: "/usr/share/zoneinfo/Asia/Kathmandu")
    let watch = SystemZoneWatch(path: localtime)
    #expect(!watch.changed())
    // What timedatectl set-timezone does: a new link in its place.
    try FileManager.default.removeItem(atPath: localtime)
    try FileManager.default.createSymbolicLink(
      atPath: localtime, withDestinationPath: "/usr/share/zoneinfo/America/Sao_Paulo")
    #expect(watch.changed())
    #expect(!watch.changed())
    // A copied file instead of a link (some images do that), then its contents replaced.
    try FileManager.default.removeItem(atPath: localtime)
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Berlin", toPath: localtime)
    #expect(watch.changed())
    try FileManager.default.removeItem(atPath: localtime)
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Tokyo", toPath: localtime)
    #expect(watch.changed())
    #expect(!watch.changed())
  }
}
