import NixieWireDecoders

extension Array {
  /// The last decoded frame latched at or before `time` (what the outputs held then).
  func latest<Reading>(at time: UInt64) -> Element? where Element == DecodedFrame<Reading> {
    last { $0.time <= time }
  }
}
