extension Int64 {
  /// Division rounding toward negative infinity (instants before 1970 stay on the right second).
  public func floorDividing(by divisor: Int64) -> Int64 {
    GregorianCalendar.floorDivide(self, by: divisor).quotient
  }
}
