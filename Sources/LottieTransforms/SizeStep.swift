/// One step of a pipeline that makes files smaller (`pack`, `optimize`), and what it did to the
/// size.
package struct SizeStep: Sendable, Equatable {
  package var name: String
  package var before: Int
  package var after: Int
  /// What the step changed, for people ("2 layers: Guide, Old logo"), or nil.
  package var detail: String?
  package var saved: Int { before - after }

  package init(name: String, before: Int, after: Int, detail: String? = nil) {
    self.name = name
    self.before = before
    self.after = after
    self.detail = detail
  }
}
