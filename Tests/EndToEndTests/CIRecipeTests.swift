import Foundation
#if canImport(FoundationXML)
  import FoundationXML
#endif
import Testing
import LottieJSON

/// The CI recipes of Examples/ci, run for real as far as this machine allows: the generic script
/// entirely, and the GitHub Actions job's lottiekit steps (the actions themselves need GitHub).
@Suite("CI recipes")
struct CIRecipeTests {
  /// A repository with one clean animation and one with a missing parent.
  func repository() throws -> String {
    let repo = try makeTemporaryDirectory()
    try FileManager.default.createDirectory(atPath: repo + "/animations", withIntermediateDirectories: true)
    try write(try readBytes(packageRoot + "/Examples/delivery/stickers/wave.json"), to: repo + "/animations/wave.json")
    try write(try readBytes(packageRoot + "/Tests/Fixtures/planted/defects/018-parent-missing.json"), to: repo + "/animations/badge.json")
    return repo
  }

  var binDir: String { (lottiekitBinary as NSString).deletingLastPathComponent }

  @Test func genericScriptReportsAndHonoursTheBaseline() throws {
    let repo = try repository()
    let script = packageRoot + "/Examples/ci/lint-deliveries.sh"
    let env = ["PATH=\(binDir):/usr/bin:/bin"]
    let failing = try run("/usr/bin/env", env + ["sh", script, "animations"], cwd: repo)
    #expect(failing.status == 1, "\(failing.stdoutText)\(failing.stderr)")
    #expect(failing.stdoutText.contains("animations/badge.json:36:16: error: [LK201]"))
    // JUnit parses as XML and names the failure; SARIF is JSON with the result; compat is Markdown.
    let junit = try readBytes(repo + "/lottiekit-reports/lottiekit.junit.xml")
    let parser = XMLParser(data: Data(junit))
    #expect(parser.parse(), "JUnit is not well-formed XML")
    #expect(String(decoding: junit, as: UTF8.self).contains("LK201"))
    let sarif = try JSONDocument(parsing: readBytes(repo + "/lottiekit-reports/lottiekit.sarif"))
    #expect(sarif.root["runs"]?.element(at: 0)?["results"].list.count == 1)
    #expect(String(decoding: try readBytes(repo + "/lottiekit-reports/compat.md"), as: UTF8.self).hasPrefix("## Lottie renderer compatibility"))

    // Adopted with a baseline, the same repository passes; a new defect fails it again.
    let adopt = try lottiekit("lint", "--write-baseline", repo + "/.lottiekit-baseline.json", repo + "/animations")
    #expect(adopt.status == 0)
    let passing = try run("/usr/bin/env", env + ["sh", script, "animations"], cwd: repo)
    #expect(passing.status == 0, "\(passing.stdoutText)\(passing.stderr)")
    try write(try readBytes(packageRoot + "/Tests/Fixtures/planted/defects/020-parent-self.json"), to: repo + "/animations/new.json")
    let again = try run("/usr/bin/env", env + ["sh", script, "animations"], cwd: repo)
    #expect(
      again.status == 1 && again.stdoutText.contains("animations/new.json") && !again.stdoutText.contains("badge.json"),
      "\(again.stdoutText)")
  }

  /// The workflow parses as YAML (python's yaml, from the oracle venv), and its lottiekit steps
  /// run with a shell as the runner would run them.
  @Test func githubWorkflowStepsRun() throws {
    let python = packageRoot + "/.venv-oracles/bin/python3"
    guard FileManager.default.isExecutableFile(atPath: python), (try? run(python, ["-c", "import yaml"]))?.status == 0 else {
      print("skipping: python with yaml is not in .venv-oracles (make oracles)")
      return
    }
    let workflow = packageRoot + "/Examples/ci/github-actions.yml"
    let extract = """
      import json, sys, yaml
      w = yaml.safe_load(open(sys.argv[1]))
      steps = w["jobs"]["lottiekit"]["steps"]
      print(json.dumps({"permissions": w["permissions"], "steps": [{"name": s.get("name", ""), "uses": s.get("uses", ""), "run": s.get("run", "")} for s in steps]}))
      """
    let parsed = try run(python, ["-c", extract, workflow])
    #expect(parsed.status == 0, "\(parsed.stderr)")
    let doc = try JSONDocument(parsing: [UInt8](parsed.stdout))
    #expect(doc.root["permissions"]?["security-events"]?.string == "write")
    let steps = doc.root["steps"].list
    #expect(steps.contains { $0["uses"]?.string?.hasPrefix("github/codeql-action/upload-sarif") == true })
    let repo = try repository()
    let env = ["PATH=\(binDir):/usr/bin:/bin", "ANIMATIONS=animations/"]
    func step(_ name: String) throws -> RunResult {
      let body = steps.first { $0["name"]?.string == name }?["run"]?.string ?? "exit 99"
      return try run("/usr/bin/env", env + ["sh", "-e", "-c", body], cwd: repo)
    }
    let sarifStep = try step("Lint (SARIF for code scanning)")
    #expect(sarifStep.status == 0, "\(sarifStep.stderr)")
    let sarif = try JSONDocument(parsing: readBytes(repo + "/lottiekit.sarif"))
    #expect(sarif.root["version"]?.string == "2.1.0")
    let annotations = try step("Lint (annotations; fails the job on errors)")
    #expect(annotations.status == 1)
    #expect(annotations.stdoutText.contains("::error file=animations/badge.json,line=36"), "\(annotations.stdoutText)")
    // The compat step's lottiekit half (gh needs GitHub).
    let compat = try run("/usr/bin/env", env + ["lottiekit", "compat", "--target", "ios,android,web", "--format", "markdown", "animations/"], cwd: repo)
    #expect(compat.status == 0 && compat.stdoutText.contains("## Lottie renderer compatibility"))
  }
}
