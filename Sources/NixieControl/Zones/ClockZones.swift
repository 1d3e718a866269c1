import NixieTime

/// The system's time zones as the clock reads them: the TZif files under /usr/share/zoneinfo
/// and the system's own zone (`TZ`, else /etc/localtime), through NixieSystem. The clock
/// checks nixie.yaml's and the control socket's `timezone` against it, and `nixie web` lists
/// the same names, so the page offers exactly what the clock takes.
public enum ClockZones {
  /// The zone database on this machine's files.
  public static let system = ZoneDatabase(system: SystemZoneFiles())
}
