import Foundation
import Testing

/// #23: `--profile spec-strict` against the official schema on the whole corpus. The schema's
/// verdicts (../shared/oracles/validate_schema.py, slow) are cached in
/// Tests/Fixtures/spec-strict/schema-verdicts.tsv; Scripts/spec-strict-vs-schema.py lints every
/// corpus file and fails when a file the schema rejects gets no finding, or one it accepts gets a
/// spec-strict finding that is not documented as expected.
@Suite("spec-strict agrees with the official schema on the corpus")
struct SpecStrictCorpusTests {
  @Test func everySchemaRejectionIsFoundAndNothingElse() throws {
    guard corpusRoot != nil else {
      print("skipping: ../shared/corpus is absent")
      return
    }
    let r = try run(
      "/usr/bin/env",
      [
        "python3", packageRoot + "/Scripts/spec-strict-vs-schema.py", lottiekitBinary,
        "--cache", packageRoot + "/Tests/Fixtures/spec-strict/schema-verdicts.tsv"
      ])
    print(r.stdoutText)
    #expect(r.status == 0, "\(r.stdoutText)\(r.stderr)")
    // The comparison covered the corpus, not an empty list.
    #expect(r.stdoutText.contains("schema-invalid animations: ") && !r.stdoutText.contains("schema-invalid animations: 0;"))
  }
}
