import NixieText
import NixieTransports

/// A simulated I2C transaction that failed as it would on a real bus.
public enum SimulatedBusError: TransportFault, Hashable, CustomStringConvertible {
  /// No device acknowledged the address (nothing there, or a glitch on the bus).
  case noAcknowledge(bus: String, address: UInt8)

  /// A NACK may be a glitch: drivers retry it.
  public var isTransient: Bool { true }

  public var description: String {
    switch self {
    case .noAcknowledge(let bus, let address):
      "\(bus): no device acknowledged address \(Hex.byte(address))"
    }
  }
}
