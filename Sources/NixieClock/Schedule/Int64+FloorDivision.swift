extension Int64 {
  /// Division rounding toward negative infinity (instants before 1970 stay on the right second).
  func floorDividing(by divisor: Int64) -> Int64 {
    let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? quotient - 1 : quotient
  }
}
