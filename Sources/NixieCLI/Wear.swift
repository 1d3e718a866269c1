import ArgumentParser
import NixieCore
import NixieSystem
import NixieText
import NixieTransitions

/// `nixie wear`: tube care's count of each cathode's glow, as the clock keeps it in its wear
/// file (docs/INTERFACE.md).
struct Wear: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show how long each cathode of each tube has glowed, and which lag most.",
    discussion: """
      The clock counts every frame it writes, weighted by its PWM duty, and keeps the count in \
      its wear file: /var/lib/nixie/wear.json for the service, or what nixie clock --wear names. \
      It writes it every 10 minutes and when it stops, so a running clock's last minutes are \
      not in it yet. Exit 69 when there is no file yet, 65 when it is not a wear file.

      EXAMPLES:
        # the service's count
        nixie wear
        # a simulator's clock started with --wear /tmp/wear.json
        nixie wear --file /tmp/wear.json
        # for scripts: seconds per cathode, the least used with their share
        nixie wear --json
      """)

  /// The service's wear file.
  static let defaultFile = "/var/lib/nixie/wear.json"

  @Option(help: ArgumentHelp("The wear file (default: \(defaultFile)).", valueName: "file"))
  var file: String = defaultFile

  @Flag(help: "Print JSON instead: seconds per cathode of each tube, and the least used.") var json = false

  func run() throws {
    guard FileSystem.exists(file) else {
      throw NixieError(
        .unavailable,
        "no wear file at \(Printable.escaped(file)) yet: the clock writes it 10 minutes after it starts"
          + " and when it stops (nixie clock --wear FILE, or the service's \(Self.defaultFile))")
    }
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(file, limit: WearRecord.maximumBytes)
    } catch {
      throw NixieError(.ioError, "\(error)")
    }
    do {
      let (layout, wear) = try WearRecord.read(bytes)
      let out = FileStream.standardOutput
      out.write(json ? WearReport.json(wear, layout: layout) : WearReport.table(wear, layout: layout))
      out.flush()
    } catch {
      throw NixieError(.badConfiguration, "\(Printable.escaped(file)): \(error)")
    }
  }
}
