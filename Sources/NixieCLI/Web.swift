import ArgumentParser
import NixieLogging
import NixieSystem
import NixieWeb

extension TCPSocket.Address: ExpressibleByArgument {
  public init?(argument: String) { self.init(argument) }
}

/// `nixie web`: the clock's web page, a separate process that talks to the clock through its
/// control socket.
struct Web: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Serve a web page that shows the tubes live and changes the clock's settings.",
    discussion: """
      A separate process from the clock: it reaches the clock only through the control socket \
      (the clock does not notice it dying). Without a password it listens on 127.0.0.1 only; \
      with one (nixie web --set-password) it may listen on the network, behind a login.
      Settings changed on the page are saved by the clock in /var/lib/nixie/overrides.yaml; \
      /etc/nixie/nixie.yaml is never touched.

      EXAMPLES:
        # http://127.0.0.1:8080/ for the clock of the service
        nixie web
        # set the password (read from standard input), then listen on the LAN
        sudo nixie web --set-password
        nixie web --listen 0.0.0.0:8080 --listen [::]:8080
        # a clock started with nixie clock --socket /tmp/clock.sock
        nixie web --socket /tmp/clock.sock --listen 127.0.0.1:9000
      """)

  @Option(
    help: ArgumentHelp(
      "nixie web's settings: listen, password-hash, socket (default: /etc/nixie/web.yaml when it exists).",
      valueName: "file"))
  var config: String?

  @Option(
    help: ArgumentHelp(
      "Listen on ADDRESS:PORT (numeric; repeat for more; default 127.0.0.1:8080). Off this machine needs a"
        + " password.", valueName: "address"))
  var listen: [TCPSocket.Address] = []

  @Option(
    help: ArgumentHelp(
      "The clock's control socket (default: the file's, else the service's, else your own clock's).",
      valueName: "path"))
  var socket: String?

  @Flag(
    help: "Read a new password from standard input, store its yescrypt hash in the settings file, and exit.")
  var setPassword = false

  func run() throws {
    let job = WebJob(
      configurationPath: config, listen: listen, socket: socket, logger: Logger(label: "nixie web"))
    if setPassword {
      try job.setPasswordFromStandardInput()
    } else {
      try job.run()
    }
  }
}
