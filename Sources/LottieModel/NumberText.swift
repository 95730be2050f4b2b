extension Double {
  /// `30`, `29.97`, `2.5`: a number for messages, without a trailing `.0`. The one formatter for
  /// frames, rates and sizes in lint, diff, transforms and the CLI.
  public var compactText: String {
    if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
    return String(self)
  }
}
