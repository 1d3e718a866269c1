import NixieTime

/// The system's time zones as the clock reads them: the TZif files under /usr/share/zoneinfo
/// and the system's own zone (`TZ`, else /etc/localtime), through NixieSystem.
public enum ClockZones {
  /// The zone database on this machine's files.
  public static let system = ZoneDatabase(system: SystemZoneFiles())
}
